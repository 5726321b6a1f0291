import type { Sql } from '../sql.ts';

/**
 * E-mail health, read from the outbox (db/queries/outbox.ts) for the shell's e-mail notice.
 * Only real mail counts: a Settings test e-mail reports its own outcome on the spot, and the
 * notice of changed e-mail settings goes through the settings as they were before the change
 * (its failures say nothing about the server mail goes through now).
 */

/** Kinds of e-mail that never count for the notice: the Settings test and the settings-change notice. */
export const NOT_COUNTED = ['test', 'settings'] as const;
const REAL = `kind NOT IN (${NOT_COUNTED.map((k) => `'${k}'`).join(', ')})`;
/** How many of the most recently due real e-mails that went out are read to learn when mail last flowed. */
const RECENT_SENT = 200;

/** What the notice reads: counts of trouble and the id of the newest e-mail counted (null when none). */
export interface MailTrouble {
  failed: number;
  stuck: number;
  latest: number | null;
}

/**
 * Real e-mails in trouble as of now: `failed`, those refused for good whose last attempt was due
 * at or after `failedSince` (ms) and after the last real e-mail that went out (mail that flows
 * again clears earlier failures; a failed row's `next_at` is when its last attempt was due, so
 * an attempt finishing after a send in the same pass may be cleared by it); `stuck`, those still
 * waiting that were queued before `waitingBefore` (ms). `latest` is the largest id among them,
 * so a dismissed notice can come back for a newer one only. Bounded reads: the last send is
 * looked for among the RECENT_SENT most recently due sent rows (index outbox_due).
 */
export async function mailTrouble(sql: Sql, failedSince: number, waitingBefore: number): Promise<MailTrouble> {
  const flowed = await sql.get<{ at: number | null }>(
    `SELECT MAX(sent_at) AS at FROM (SELECT sent_at FROM outbox WHERE status = 'sent' AND ${REAL} ORDER BY next_at DESC LIMIT ${RECENT_SENT}) recent`,
  );
  const since = Math.max(failedSince, flowed?.at == null ? -Infinity : Number(flowed.at) + 1);
  const failed = await sql.get<{ n: number; latest: number | null }>(
    `SELECT COUNT(*) AS n, MAX(id) AS latest FROM outbox WHERE status = 'failed' AND next_at >= ? AND ${REAL}`,
    [since],
  );
  const stuck = await sql.get<{ n: number; latest: number | null }>(
    `SELECT COUNT(*) AS n, MAX(id) AS latest FROM outbox WHERE status = 'waiting' AND created_at < ? AND ${REAL}`,
    [waitingBefore],
  );
  const ids = [failed?.latest, stuck?.latest].filter((v): v is number => v != null).map(Number);
  return { failed: Number(failed?.n ?? 0), stuck: Number(stuck?.n ?? 0), latest: ids.length ? Math.max(...ids) : null };
}
