import type { Param, Sql } from '../sql.ts';
import { ownedRowCondition } from '../tenancy.ts';

/**
 * Report schedules, their recipients and sends (migration 044; docs/reports.md "Reports on
 * schedule"). Every read and write of one schedule by id goes through its declared owner
 * (db/tenancy.ts ownedRowCondition): `owner` is the organiser's id, or null for the platform's.
 */

/** A schedule row as stored. */
export interface ScheduleRow {
  id: number;
  company_id: number | null;
  owner_id: number;
  kind: 'event' | 'sales' | 'platform';
  event_id: number | null;
  name: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  time: string;
  time_zone: string;
  weekday: number | null;
  month_day: number | null;
  status: 'active' | 'paused' | 'stopped';
  stopped_reason: string;
  unsubscribe_key: string;
  last_due_at: number | null;
  created_at: number;
  updated_at: number;
}
/** One recipient of a schedule with the user's name, address and language. */
export interface RecipientRow {
  schedule_id: number;
  id: number;
  name: string;
  email: string;
  company_id: number | null;
  language: string | null;
  unsubscribed_at: number | null;
}

const COLUMNS =
  'report_schedules.id, report_schedules.company_id, owner_id, kind, event_id, report_schedules.name, frequency, time, time_zone, weekday, month_day, status, stopped_reason, unsubscribe_key, last_due_at, report_schedules.created_at, updated_at';
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const row = (r: ScheduleRow): ScheduleRow => ({
  ...r,
  id: Number(r.id),
  company_id: num(r.company_id),
  owner_id: Number(r.owner_id),
  event_id: num(r.event_id),
  weekday: num(r.weekday),
  month_day: num(r.month_day),
  last_due_at: num(r.last_due_at),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});
const ownerIs = (owner: number | null): [string, Param[]] =>
  owner === null ? ['report_schedules.company_id IS NULL', []] : ['report_schedules.company_id = ?', [owner]];

/** Every schedule of `owner`, oldest first. */
export async function schedulesOf(sql: Sql, owner: number | null): Promise<ScheduleRow[]> {
  const [where, params] = ownerIs(owner);
  return (await sql.all<ScheduleRow>(`SELECT ${COLUMNS} FROM report_schedules WHERE ${where} ORDER BY id`, params)).map(row);
}
/** Schedule `id` of `owner`, or undefined. */
export async function scheduleOf(sql: Sql, owner: number | null, id: number): Promise<ScheduleRow | undefined> {
  const [where, params] = ownedRowCondition('report_schedules', id, owner);
  const r = await sql.get<ScheduleRow>(`SELECT ${COLUMNS} FROM report_schedules WHERE ${where}`, params);
  return r && row(r);
}
/** Schedule `id` whoever owns it (the scheduler and the unsubscribe link, which carry no session). */
export async function scheduleById(sql: Sql, id: number): Promise<ScheduleRow | undefined> {
  const r = await sql.get<ScheduleRow>(`SELECT ${COLUMNS} FROM report_schedules WHERE id = ?`, [id]);
  return r && row(r);
}
/** How many schedules `owner` has. */
export async function countSchedules(sql: Sql, owner: number | null): Promise<number> {
  const [where, params] = ownerIs(owner);
  return Number((await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM report_schedules WHERE ${where}`, params))?.n ?? 0);
}
/** Active schedules (the scheduler's pass), at most `limit`. */
export async function activeSchedules(sql: Sql, limit: number): Promise<ScheduleRow[]> {
  return (await sql.all<ScheduleRow>(`SELECT ${COLUMNS} FROM report_schedules WHERE status = 'active' ORDER BY id LIMIT ?`, [limit])).map(row);
}

/** The recipients of schedules `ids`, by schedule then name. */
export async function recipientsOf(sql: Sql, ids: number[]): Promise<RecipientRow[]> {
  if (!ids.length) return [];
  const rows = await sql.all<RecipientRow>(
    `SELECT rr.schedule_id, u.id, u.name, u.email, u.company_id, u.language, rr.unsubscribed_at FROM report_recipients rr JOIN users u ON u.id = rr.user_id
     WHERE rr.schedule_id IN (${ids.map(() => '?').join(',')}) ORDER BY rr.schedule_id, u.name, u.id`,
    ids,
  );
  return rows.map((r) => ({
    ...r,
    schedule_id: Number(r.schedule_id),
    id: Number(r.id),
    company_id: num(r.company_id),
    unsubscribed_at: num(r.unsubscribed_at),
  }));
}

/** The users a report of `owner` may go to: the organiser's users, or staff (no organiser) for the platform's. At most 1,000, by name. */
export async function eligibleUsers(sql: Sql, owner: number | null, ids?: number[]) {
  const where = owner === null ? 'company_id IS NULL' : 'company_id = ?';
  const params: Param[] = owner === null ? [] : [owner];
  const only = ids ? ` AND id IN (${ids.map(() => '?').join(',') || 'NULL'})` : '';
  return (
    await sql.all<{ id: number; name: string; email: string }>(`SELECT id, name, email FROM users WHERE ${where}${only} ORDER BY name, id LIMIT 1000`, [
      ...params,
      ...(ids ?? []),
    ])
  ).map((u) => ({ id: Number(u.id), name: u.name, email: u.email }));
}

/** Writable fields of a schedule. */
export interface ScheduleFields {
  name: string;
  kind: ScheduleRow['kind'];
  event_id: number | null;
  frequency: ScheduleRow['frequency'];
  time: string;
  time_zone: string;
  weekday: number | null;
  month_day: number | null;
}

/** Adds a schedule; resolves to its id. */
export async function insertSchedule(tx: Sql, owner: number | null, ownerId: number, f: ScheduleFields, key: string, now: number): Promise<number> {
  const r = await tx.get<{ id: number }>(
    `INSERT INTO report_schedules (company_id, owner_id, kind, event_id, name, frequency, time, time_zone, weekday, month_day, status, unsubscribe_key, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?) RETURNING id`,
    [owner, ownerId, f.kind, f.event_id, f.name, f.frequency, f.time, f.time_zone, f.weekday, f.month_day, key, now, now],
  );
  return Number(r!.id);
}
/**
 * Saves schedule `id` of `owner`, owned by `ownerId` from now on: a stopped one is active again,
 * a paused one stays paused; `skipTo` (the new cadence's latest due time at the save) becomes its
 * latest due time handled when that is later, so a save never sends a report for a due time
 * before it. Resolves to the rows changed (0: not this owner's).
 */
export async function updateSchedule(
  tx: Sql,
  owner: number | null,
  id: number,
  ownerId: number,
  f: ScheduleFields,
  skipTo: number | null,
  now: number,
): Promise<number> {
  const [where, params] = ownedRowCondition('report_schedules', id, owner);
  return tx.run(
    `UPDATE report_schedules SET owner_id = ?, kind = ?, event_id = ?, name = ?, frequency = ?, time = ?, time_zone = ?, weekday = ?, month_day = ?,
     status = CASE WHEN status = 'paused' THEN 'paused' ELSE 'active' END, stopped_reason = '', updated_at = ?,
     last_due_at = CASE WHEN last_due_at IS NULL OR last_due_at < ? THEN ? ELSE last_due_at END WHERE ${where}`,
    [ownerId, f.kind, f.event_id, f.name, f.frequency, f.time, f.time_zone, f.weekday, f.month_day, now, skipTo, skipTo, ...params],
  );
}
/**
 * Pauses schedule `id` of `owner` (status paused: the scheduler skips it); resolves to the rows
 * changed (0: not this owner's, or not active).
 */
export async function pauseSchedule(tx: Sql, owner: number | null, id: number, now: number): Promise<number> {
  const [where, params] = ownedRowCondition('report_schedules', id, owner);
  return tx.run(`UPDATE report_schedules SET status = 'paused', updated_at = ? WHERE ${where} AND status = 'active'`, [now, ...params]);
}
/**
 * Makes schedule `id` of `owner` active again, owned by `ownerId`, with `skipTo` as its latest
 * due time handled, so the due times that passed while it was paused or stopped are not sent
 * late; resolves to the rows changed (0: not this owner's).
 */
export async function resumeSchedule(tx: Sql, owner: number | null, id: number, ownerId: number, skipTo: number | null, now: number): Promise<number> {
  const [where, params] = ownedRowCondition('report_schedules', id, owner);
  return tx.run(
    `UPDATE report_schedules SET status = 'active', stopped_reason = '', owner_id = ?, updated_at = ?,
     last_due_at = CASE WHEN last_due_at IS NULL OR last_due_at < ? THEN ? ELSE last_due_at END WHERE ${where}`,
    [ownerId, now, skipTo, skipTo, ...params],
  );
}
/** Deletes schedule `id` of `owner` (its recipients and sends go with it); resolves to the rows deleted. */
export async function deleteSchedule(tx: Sql, owner: number | null, id: number): Promise<number> {
  const [where, params] = ownedRowCondition('report_schedules', id, owner);
  return tx.run(`DELETE FROM report_schedules WHERE ${where}`, params);
}
/** Replaces the recipients of schedule `id` by `userIds` (those already unsubscribed and still chosen stay unsubscribed). */
export async function setRecipients(tx: Sql, id: number, userIds: number[]): Promise<void> {
  if (userIds.length)
    await tx.run(`DELETE FROM report_recipients WHERE schedule_id = ? AND user_id NOT IN (${userIds.map(() => '?').join(',')})`, [id, ...userIds]);
  else await tx.run('DELETE FROM report_recipients WHERE schedule_id = ?', [id]);
  await tx.runMany(
    'INSERT INTO report_recipients (schedule_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
    userIds.map((u) => [id, u]),
  );
}
/** Marks recipient `userId` of schedule `id` unsubscribed at `now`; resolves to 1 when it was subscribed. */
export const unsubscribe = (tx: Sql, id: number, userId: number, now: number) =>
  tx.run('UPDATE report_recipients SET unsubscribed_at = ? WHERE schedule_id = ? AND user_id = ? AND unsubscribed_at IS NULL', [now, id, userId]);

/** Stops schedule `id` (its owner lost access) with the reason; resolves to 1 when it was active. */
export const stopSchedule = (tx: Sql, id: number, reason: string, now: number) =>
  tx.run("UPDATE report_schedules SET status = 'stopped', stopped_reason = ?, updated_at = ? WHERE id = ? AND status = 'active'", [reason, now, id]);

/**
 * Claims due time `dueAt` of schedule `id` for this transaction: the send's row (UNIQUE schedule,
 * due time). Resolves to its id, or null when the due time was already sent (by this process
 * before a restart, or another one: on PostgreSQL a second insert of the same key waits for the
 * first transaction and then adds nothing).
 */
export async function claimSend(tx: Sql, id: number, dueAt: number, now: number): Promise<number | null> {
  const r = await tx.get<{ id: number }>(
    'INSERT INTO report_sends (schedule_id, due_at, sent_at) VALUES (?, ?, ?) ON CONFLICT (schedule_id, due_at) DO NOTHING RETURNING id',
    [id, dueAt, now],
  );
  if (!r) return null;
  await tx.run('UPDATE report_schedules SET last_due_at = ? WHERE id = ? AND (last_due_at IS NULL OR last_due_at < ?)', [dueAt, id, dueAt]);
  return Number(r.id);
}
/** Notes how many e-mails send `sendId` queued. */
export const noteRecipients = (tx: Sql, sendId: number, n: number) => tx.run('UPDATE report_sends SET recipients = ? WHERE id = ?', [n, sendId]);
/** Notes that due time `dueAt` needs no send (nothing to send to), so later passes skip it quickly. */
export const skipDue = (sql: Sql, id: number, dueAt: number) =>
  sql.run('UPDATE report_schedules SET last_due_at = ? WHERE id = ? AND (last_due_at IS NULL OR last_due_at < ?)', [dueAt, id, dueAt]);

/** Stores an attachment for outbox e-mails; resolves to its id. */
export async function insertAttachment(tx: Sql, filename: string, contentType: string, bytes: Buffer, now: number): Promise<number> {
  const r = await tx.get<{ id: number }>('INSERT INTO mail_attachments (filename, content_type, bytes, created_at) VALUES (?, ?, ?, ?) RETURNING id', [
    filename,
    contentType,
    bytes,
    now,
  ]);
  return Number(r!.id);
}
