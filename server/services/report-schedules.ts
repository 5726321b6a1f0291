import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/report-schedules.ts';
import { ownedRowById } from '../db/tenancy.ts';
import { Invalid, NotFound } from '../runtime/domain-errors.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { cadenceProblems, lastDueAt, nextDueAt, type ReportCadence } from '../../src/common/report-schedule.ts';
import { timeZoneName } from '../../src/common/time-zone.ts';
import {
  REPORT_RECIPIENTS_MAX,
  REPORT_SCHEDULES_MAX,
  type ReportKind,
  type ReportSchedule,
  type ReportScheduleInput,
} from '../../src/common/contract/reports.ts';

/**
 * Report schedules (docs/reports.md "Reports on schedule"). `owner` is the caller's:
 * an organiser's id for its users (kinds event and sales), null (the platform) for an
 * administrator (kind platform); every call reads and writes that owner's schedules only, so
 * another owner's answer 404 "Report schedule not found.". Recipients are users of the same
 * organiser (staff, users without an organiser, for the platform). Changes are activity rows
 * (resource report_schedules) written in their own transaction. The unsubscribe link carries
 * `<schedule>.<user>.<HMAC-SHA-256 of both under the schedule's unsubscribe_key>`: it works
 * without a session and cannot be made for another schedule or user.
 */

/** A schedule's cadence as report-schedule.ts reads it. */
export const cadenceOf = (s: Pick<q.ScheduleRow, 'frequency' | 'time' | 'time_zone' | 'weekday' | 'month_day'>): ReportCadence => ({
  frequency: s.frequency,
  time: s.time,
  timeZone: s.time_zone,
  weekday: s.weekday ?? undefined,
  monthDay: s.month_day ?? undefined,
});

/** Rows -> wire shape (recipients from `recipients`), with the next due time while active. */
function shape(s: q.ScheduleRow, recipients: q.RecipientRow[], now: number): ReportSchedule {
  return {
    id: s.id,
    company_id: s.company_id,
    owner_id: s.owner_id,
    name: s.name,
    kind: s.kind,
    event_id: s.event_id,
    frequency: s.frequency,
    time: s.time,
    time_zone: s.time_zone,
    weekday: s.weekday,
    month_day: s.month_day,
    status: s.status,
    stopped_reason: s.stopped_reason,
    recipients: recipients
      .filter((r) => r.schedule_id === s.id)
      .map((r) => ({ id: r.id, name: r.name, email: r.email, unsubscribed: r.unsubscribed_at !== null })),
    last_due_at: s.last_due_at,
    next_due_at: s.status === 'active' ? nextDueAt(cadenceOf(s), now) : null,
    created_at: s.created_at,
  };
}

/** Every schedule of `owner`. */
export async function listSchedules(sql: Sql, owner: number | null, now: number): Promise<ReportSchedule[]> {
  const rows = await q.schedulesOf(sql, owner);
  const recipients = await q.recipientsOf(
    sql,
    rows.map((r) => r.id),
  );
  return rows.map((r) => shape(r, recipients, now));
}

/** Schedule `id` of `owner`; 404 otherwise. */
export async function getSchedule(sql: Sql, owner: number | null, id: number, now: number): Promise<ReportSchedule> {
  const s = await q.scheduleOf(sql, owner, id);
  if (!s) throw new NotFound('Report schedule');
  return shape(s, await q.recipientsOf(sql, [id]), now);
}

/** The users a report of `owner` may go to. */
export const recipientChoices = (sql: Sql, owner: number | null) => q.eligibleUsers(sql, owner);

const whole = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));

/** The input checked for `owner` (422 by field): kind allowed, event of the owner, cadence, recipients of the owner. */
async function checked(sql: Sql, owner: number | null, input: ReportScheduleInput): Promise<{ fields: q.ScheduleFields; recipients: number[] }> {
  const problems: Record<string, string[]> = {};
  const kind = input.kind as ReportKind;
  if (owner === null ? kind !== 'platform' : kind === 'platform') problems.kind = ['The selected kind is invalid.'];
  let eventId: number | null = null;
  if (kind === 'event') {
    eventId = whole(input.event_id);
    const event = eventId && Number.isSafeInteger(eventId) ? await ownedRowById(sql, 'events', eventId) : undefined;
    if (!event || event.tenant_owner !== owner) problems.event_id = ['The selected event is invalid.'];
  }
  for (const [k, m] of Object.entries(
    cadenceProblems({ frequency: input.frequency, time: input.time, time_zone: input.time_zone, weekday: input.weekday, month_day: input.month_day }),
  ))
    problems[k] = [m];
  const ids = [...new Set((input.recipients as number[]).map(Number))];
  if (!ids.length) problems.recipients = ['Choose at least one recipient.'];
  else if (ids.length > REPORT_RECIPIENTS_MAX) problems.recipients = [`At most ${REPORT_RECIPIENTS_MAX} recipients.`];
  else if ((await q.eligibleUsers(sql, owner, ids)).length !== ids.length)
    problems.recipients = [owner === null ? 'Recipients must be staff users.' : 'Recipients must be users of your organiser.'];
  if (Object.keys(problems).length) throw new Invalid(problems);
  const frequency = input.frequency as q.ScheduleFields['frequency'];
  return {
    fields: {
      name: input.name.trim(),
      kind,
      event_id: eventId,
      frequency,
      time: input.time,
      time_zone: timeZoneName(input.time_zone) ?? input.time_zone,
      weekday: frequency === 'weekly' ? whole(input.weekday) : null,
      month_day: frequency === 'monthly' ? whole(input.month_day) : null,
    },
    recipients: ids,
  };
}

const changesOf = (f: q.ScheduleFields, recipients: number[], before?: { f: q.ScheduleRow; recipients: number[] }) => {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const k of Object.keys(f) as (keyof q.ScheduleFields)[]) {
    const from = before ? before.f[k] : null;
    if (from !== f[k]) out[k] = { from, to: f[k] };
  }
  const was = before ? [...before.recipients].sort((a, b) => a - b).join(',') : '';
  const now = [...recipients].sort((a, b) => a - b).join(',');
  if (was !== now) out.recipients = { from: before ? before.recipients : null, to: recipients };
  return out;
};

/** Adds a schedule of `owner` made by `who` (its owner user); 422 on a field or past REPORT_SCHEDULES_MAX. */
export async function createSchedule(sql: Sql, who: Who & { id: number }, owner: number | null, input: ReportScheduleInput, now: number) {
  const { fields, recipients } = await checked(sql, owner, input);
  const id = await sql.transaction(async (tx) => {
    if ((await q.countSchedules(tx, owner)) >= REPORT_SCHEDULES_MAX) throw new Invalid({ name: [`At most ${REPORT_SCHEDULES_MAX} report schedules.`] });
    const id = await q.insertSchedule(tx, owner, who.id, fields, randomBytes(32).toString('base64url'), now);
    await q.setRecipients(tx, id, recipients);
    await recordActivity(tx, who, {
      resource: 'report_schedules',
      action: 'create',
      id,
      label: fields.name,
      organiserId: owner,
      changes: changesOf(fields, recipients),
    });
    return id;
  });
  return getSchedule(sql, owner, id, now);
}

/**
 * Saves schedule `id` of `owner`, owned by `who` from now on: a stopped one is active again, a
 * paused one stays paused, and the due times before the save are not sent (the next e-mail goes
 * at the next due time of the new cadence). 404 for another owner's.
 */
export async function updateSchedule(sql: Sql, who: Who & { id: number }, owner: number | null, id: number, input: ReportScheduleInput, now: number) {
  // Another owner's schedule is 404 whatever the input says.
  if (!(await q.scheduleOf(sql, owner, id))) throw new NotFound('Report schedule');
  const { fields, recipients } = await checked(sql, owner, input);
  await sql.transaction(async (tx) => {
    const before = await q.scheduleOf(tx, owner, id);
    if (!before) throw new NotFound('Report schedule');
    const had = (await q.recipientsOf(tx, [id])).map((r) => r.id);
    if (!(await q.updateSchedule(tx, owner, id, who.id, fields, lastDueAt(cadenceOf(fields), now), now))) throw new NotFound('Report schedule');
    await q.setRecipients(tx, id, recipients);
    const changes = changesOf(fields, recipients, { f: before, recipients: had });
    if (before.status === 'stopped') changes.status = { from: before.status, to: 'active' };
    await recordActivity(tx, who, { resource: 'report_schedules', action: 'update', id, label: fields.name, organiserId: owner, changes });
  });
  return getSchedule(sql, owner, id, now);
}

/**
 * Pauses schedule `id` of `owner` (`status` paused) or makes it active again (`status` active:
 * owned by `who` from now on, as a save does; the due times that passed while it was not active
 * are skipped, so the next e-mail goes at the next due time). 404 for another owner's. Pausing a
 * schedule that is not active changes nothing. An activity row (update) records the change.
 */
export async function setScheduleStatus(sql: Sql, who: Who & { id: number }, owner: number | null, id: number, status: 'active' | 'paused', now: number) {
  await sql.transaction(async (tx) => {
    const before = await q.scheduleOf(tx, owner, id);
    if (!before) throw new NotFound('Report schedule');
    if (before.status === status) return;
    const changed =
      status === 'paused' ? await q.pauseSchedule(tx, owner, id, now) : await q.resumeSchedule(tx, owner, id, who.id, lastDueAt(cadenceOf(before), now), now);
    if (!changed) return;
    await recordActivity(tx, who, {
      resource: 'report_schedules',
      action: 'update',
      id,
      label: before.name,
      organiserId: owner,
      changes: { status: { from: before.status, to: status } },
    });
  });
  return getSchedule(sql, owner, id, now);
}

/** Deletes schedule `id` of `owner` with its recipients and sends; 404 otherwise. */
export async function deleteSchedule(sql: Sql, who: Who, owner: number | null, id: number): Promise<void> {
  await sql.transaction(async (tx) => {
    const before = await q.scheduleOf(tx, owner, id);
    if (!before || !(await q.deleteSchedule(tx, owner, id))) throw new NotFound('Report schedule');
    await recordActivity(tx, who, {
      resource: 'report_schedules',
      action: 'delete',
      id,
      label: before.name,
      organiserId: owner,
      changes: { name: { from: before.name, to: null } },
    });
  });
}

const mac = (key: string, schedule: number, user: number) => createHmac('sha256', key).update(`report-unsubscribe.${schedule}.${user}`).digest('base64url');

/** The unsubscribe token of recipient `user` of schedule `s` (signed with its unsubscribe_key). */
export const unsubscribeToken = (s: Pick<q.ScheduleRow, 'id' | 'unsubscribe_key'>, user: number) => `${s.id}.${user}.${mac(s.unsubscribe_key, s.id, user)}`;

/**
 * Unsubscribes the recipient a token names (no session: the e-mail's link). Resolves to the
 * schedule's name and the user's language, or null when the token is not one this server signed
 * for an existing schedule and recipient. Unsubscribing twice changes nothing more. An activity
 * row names the recipient.
 */
export async function unsubscribeByToken(sql: Sql, token: string, now: number, o: { ip: string; userAgent: string; logs: boolean }) {
  const m = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!m) return null;
  const [scheduleId, userId] = [Number(m[1]), Number(m[2])];
  const s = await q.scheduleById(sql, scheduleId);
  if (!s) return null;
  const want = Buffer.from(mac(s.unsubscribe_key, scheduleId, userId));
  const got = Buffer.from(m[3]);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  const r = (await q.recipientsOf(sql, [scheduleId])).find((x) => x.id === userId);
  if (!r) return null;
  await sql.transaction(async (tx) => {
    if (!(await q.unsubscribe(tx, scheduleId, userId, now))) return;
    await recordActivity(
      tx,
      { id: userId, name: r.name, role: '', organiserId: r.company_id, ip: o.ip, userAgent: o.userAgent, logs: o.logs },
      {
        resource: 'report_schedules',
        action: 'unsubscribe',
        id: scheduleId,
        label: s.name,
        organiserId: s.company_id,
        changes: { recipient: { from: r.email, to: null } },
      },
    );
  });
  return { name: s.name, language: r.language ?? 'en' };
}
