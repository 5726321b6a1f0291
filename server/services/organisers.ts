import type { Sql } from '../db/sql.ts';
import type { FileStore } from '../lib/files/file-store.ts';
import { found, Invalid, NotFound, Refused } from '../runtime/domain-errors.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { revokeOtherTokens } from '../db/queries/auth.ts';
import type { OrganiserCreateInput, OrganiserUpdateInput } from '../../src/common/contract/admin.ts';
import { textOf } from '../../src/common/contract/form-values.ts';
import { hashPassword } from '../lib/auth/passwords.ts';
import { removeLeftovers } from '../lib/files/images.ts';
import { bulkAct } from './list-bulk.ts';
import * as q from '../db/queries/organisers.ts';
import { storageOf } from '../db/queries/storage.ts';
import { emailTaken } from '../db/queries/users.ts';
import { findRoleByName } from '../db/queries/roles.ts';
import { recipientById } from '../db/queries/mail-recipients.ts';
import { deleteCollectingImages } from '../db/queries/leftovers.ts';
import { ALL, type ListQuery } from '../db/list-query.ts';
import { recordActivity, recordCreate, type Who } from '../lib/activity/record.ts';
import { queueWebhookEvent } from '../lib/webhooks/emit.ts';
import { diff, readRecord } from '../lib/activity/activity-records.ts';
import { timeZoneName } from '../../src/common/time-zone.ts';

/**
 * Organisers (admin-area §3 Organizers; DESIGN.md §4): what each
 * call does. Input arrives checked against the contract (OrganiserCreateInput / UpdateInput).
 * Here: the e-mail unique (422), a blank password invites the organiser's user, status and
 * storage quota are the administrators' to set (403 for an organiser's own quota), a new
 * password ends the user's other sessions, and a delete takes everything of the organiser by
 * cascade with its stored images removed after the commit. 404 "Organizer not found.". Each write
 * records its activity row (`who`, resource `organisers`: the organiser with its description and
 * working days, belonging to the organiser itself) in its own transaction.
 */
export const ORGANISER_LIST = q.ORGANISER_LIST;

/** The quota (MB) a form sets, or undefined for none. */
const quotaOf = (v: string | number | undefined) => (textOf(v).trim() === '' ? undefined : Number(v));

/** One page of the Organisers list matching `lq`. */
export const listOrganisers = (sql: Sql, page: number, lq: ListQuery) => q.listOrganisers(sql, page, lq);
/** Organiser `id`; 404 when there is none. */
export const getOrganiser = (sql: Sql, id: number) => found(q.getOrganiser(sql, id), 'Organizer');
/** Organiser `id` as GET organiser/{id} answers it: its description also as companydetails.description, its storage (bytes) and its time zone ('' while not chosen). */
export async function organiserDetail(sql: Sql, id: number) {
  const org = await getOrganiser(sql, id);
  return { ...org, companydetails: { description: org.description }, storage: await storageOf(sql, id), time_zone: (await q.timeZoneOf(sql, id)) ?? '' };
}

/** Adds an organiser, its sign-in user (role company) and description in one transaction; `invited` when no password was given (its e-mail queued). */
export async function createOrganiser(sql: Sql, who: Who, v: OrganiserCreateInput) {
  const email = v.email.trim();
  if (await emailTaken(sql, v.email)) throw new Invalid({ email: ['The email has already been taken.'] });
  const role = await findRoleByName(sql, 'company');
  if (!role) throw new Error('The company role is missing; the seed makes it.');
  const password = v.password ?? '';
  const passwordHash = password ? await hashPassword(password) : '';
  const id = await sql.transaction(async (tx) => {
    const id = await q.createOrganiser(tx, {
      name: v.name.trim(),
      email,
      phone: (v.phone ?? '').trim(),
      status: Number(textOf(v.status) || 2),
      description: v.description ?? '',
      passwordHash,
      companyRoleId: role.id,
      storageQuotaMb: quotaOf(v.storage_quota_mb),
    });
    // The new organiser's own log holds its creation.
    await recordCreate(tx, who, 'companies', id, { resource: 'organisers', label: v.name.trim(), organiserId: id });
    await queueWebhookEvent(tx, 'organiser.created', null, { id, name: v.name.trim(), email, status: Number(textOf(v.status) || 2), invited: !password });
    return id;
  });
  return { organiser: await getOrganiser(sql, id), invited: !password, email };
}

/**
 * Changes organiser `id` (the caller's access already checked). An organiser's own update sets
 * neither status (ignored) nor quota (403). `time_zone` (checked by the contract) is kept when absent. A new password ends the organiser user's other
 * sessions, all but `keepToken` (a token hash) when the caller is that user.
 */
export async function updateOrganiser(sql: Sql, caller: AuthUser, who: Who, id: number, v: OrganiserUpdateInput, keepToken: string) {
  const password = v.password ?? '';
  const status = !caller.isCompany && textOf(v.status) !== '' ? Number(v.status) : undefined;
  const quota = quotaOf(v.storage_quota_mb);
  if (caller.isCompany && quota !== undefined) throw new Refused('Only an administrator can change the storage quota.');
  const passwordHash = password.trim() ? await hashPassword(password) : undefined;
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'companies', id, { lock: true });
    const done =
      before &&
      (await q.updateOrganiser(tx, id, {
        name: v.name.trim(),
        phone: v.phone.trim(),
        description: v.description ?? '',
        status,
        passwordHash,
        storageQuotaMb: quota,
        // Stored as Intl names it ('europe/london' -> 'Europe/London'); absent keeps it, '' clears it.
        timeZone: v.time_zone === undefined ? undefined : (timeZoneName(v.time_zone) ?? ''),
      }));
    if (!done) throw new NotFound('Organizer');
    const after = await readRecord(tx, 'companies', id);
    // The organiser's password is its user's: the companies row does not show it.
    const changes = diff(before, after);
    if (passwordHash) changes.password_hash = 'changed';
    await recordActivity(tx, who, { resource: 'organisers', action: 'update', id, label: v.name.trim(), organiserId: id, changes });
  });
  const org = await getOrganiser(sql, id);
  if (password.trim() && org.user_id) await revokeOtherTokens(sql, org.user_id, caller.id === org.user_id ? keepToken : '');
  return org;
}

/** The organiser's sign-in user, for its invitation again, and the organiser's name; 404 when the organiser or its user is missing. */
export async function invitee(sql: Sql, id: number) {
  const org = await q.getOrganiser(sql, id);
  const user = org?.user_id ? await recipientById(sql, org.user_id) : undefined;
  if (!user) throw new NotFound('Organizer');
  return { user, name: org!.name };
}

/** Deletes organiser `id` and everything of it (cascade); its stored images go after the commit. */
export async function deleteOrganiser(sql: Sql, files: FileStore, who: Who, id: number) {
  if (!Number.isInteger(id)) throw new NotFound('Organizer');
  const images = await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'companies', id);
    if (!before) throw new NotFound('Organizer');
    const images = await deleteCollectingImages(tx, 'organiser', [id], async (t, one) => {
      if (!(await q.deleteOrganiser(t, one))) throw new NotFound('Organizer');
    });
    await recordActivity(tx, who, { resource: 'organisers', action: 'delete', id, label: String(before.name), organiserId: id, before });
    return images;
  });
  await removeLeftovers(files, images);
}

/** Deletes the selected organisers like deleteOrganiser, in one transaction; resolves to how many went. */
export async function bulkDeleteOrganisers(sql: Sql, files: FileStore, who: Who, input: Record<string, string | undefined>) {
  const images: string[] = [];
  const n = await bulkAct(
    sql,
    q.ORGANISER_LIST,
    input,
    ALL,
    async (tx, ids) => {
      images.push(...(await deleteCollectingImages(tx, 'organiser', ids, q.deleteOrganiser)));
      return ids.length;
    },
    { log: { who, resource: 'organisers' } },
  );
  await removeLeftovers(files, images);
  return n;
}
