import type { Param, Sql } from '../sql.ts';
import { dbNow } from '../clock.ts';
import type { RecentMail } from '../../../src/common/contract/settings.ts';
import type { EmailSettings } from './settings.ts';

/**
 * The e-mail outbox (migration 017-mail). Rows are added inside the caller's
 * transaction (`enqueueMail`), so an e-mail exists exactly when the action that causes it was
 * committed. Senders claim due rows with a lease (`claimMail`) judged by the database's clock;
 * on PostgreSQL `FOR UPDATE SKIP LOCKED` keeps two processes from claiming the same row, and a
 * sender only finishes a row it still holds (`lease_owner`), so each row is sent once.
 *
 * A `settings` row (the notice to each administrator that the e-mail settings changed) must go
 * out through the settings as they were before the change: it carries them, as JSON, where other
 * rows carry their HTML body (the sender makes its HTML from the text), is claimed even while the
 * current settings cannot send, and loses them (body_html '') once sent, failed or skipped.
 */

/**
 * Kinds of e-mail: the Settings test, a password reset, an invitation, a booking decision, the
 * notice of changed e-mail settings, a notice of two-step sign-in (a reset, a factor added or
 * removed, wrong codes), the lock of sign-in codes (its unlock link made when sent, like a
 * reset's), a participant's "your photos are ready", a webhook endpoint disabled after failing,
 * a scheduled report (with its .xlsx in mail_attachments, migration 044).
 */
export type MailKind = 'test' | 'reset' | 'invite' | 'booking' | 'settings' | 'two_step' | 'unlock' | 'gallery' | 'webhook' | 'report';
/** waiting (to send, retried with back-off), sent, failed (refused for good), skipped (nothing to send, e.g. no account). */
export type MailStatus = 'waiting' | 'sent' | 'failed' | 'skipped';

/** One e-mail to write. Reset, invite and unlock rows carry no body: their link is made when sent. */
export interface NewMail {
  kind: MailKind;
  to: string;
  toName?: string;
  subject: string;
  text?: string;
  html?: string;
  refId?: number | null;
  /** The locale the subject and body are written in (their Content-Language, docs/languages.md "E-mails"); English when absent. */
  language?: string;
  /** The file it carries (mail_attachments id, db/queries/report-schedules.ts insertAttachment). */
  attachmentId?: number | null;
}
/** A claimed row as the sender reads it. */
export interface OutboxRow {
  id: number;
  kind: MailKind;
  to_address: string;
  to_name: string;
  subject: string;
  body_text: string;
  body_html: string;
  ref_id: number | null;
  attempts: number;
  created_at: number;
  /** The locale its stored subject and body are in, '' for English (rows whose text is written when sent have their recipient's). */
  language: string;
  /** The file it carries (mail_attachments), null for none. */
  attachment_id: number | null;
}
/** A row as Settings → Email → Recent e-mails shows it (never a body). */
export type { RecentMail };

const INSERT = (
  engine: Sql['engine'],
) => `INSERT INTO outbox (kind, to_address, to_name, subject, body_text, body_html, ref_id, language, attachment_id, status, attempts, next_at, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting', 0, ${dbNow({ engine })}, ${dbNow({ engine })})`;
const params = (m: NewMail): Param[] => [
  m.kind,
  m.to,
  m.toName ?? '',
  m.subject,
  m.text ?? '',
  m.html ?? '',
  m.refId ?? null,
  m.language ?? '',
  m.attachmentId ?? null,
];

/** Adds one e-mail to the outbox, due at once; call it inside the transaction of its cause. */
export const enqueueMail = (tx: Sql, m: NewMail) => tx.run(INSERT(tx.engine), params(m));

/** Queues the invitation of the user `u` (no password yet); call inside the transaction that made or re-invites it. */
export const enqueueInvite = (tx: Sql, u: { id: number; name: string; email: string }) =>
  enqueueMail(tx, { kind: 'invite', to: u.email, toName: u.name, subject: 'Your invitation', refId: u.id });

/**
 * Queues the notice that the e-mail settings changed to `to`, to be sent through `via` (the
 * settings before the change, as stored: the password sealed, lib/mail/smtp-password.ts), in the
 * transaction that saves the new ones.
 */
export const enqueueSettingsNotice = (tx: Sql, to: { email: string; name: string }, subject: string, text: string, via: EmailSettings, language = 'en') =>
  enqueueMail(tx, { kind: 'settings', to: to.email, toName: to.name, subject, text, html: JSON.stringify(via), language });

/** The settings a claimed `settings` row is to be sent through (as stored: the password sealed), or undefined when it carries none that can be read. */
export function noticeSettings(row: OutboxRow): EmailSettings | undefined {
  try {
    const v = JSON.parse(row.body_html) as Partial<EmailSettings>;
    const text = (k: keyof EmailSettings) => (typeof v[k] === 'string' ? v[k] : '');
    return {
      smtp_server: text('smtp_server'),
      smtp_email: text('smtp_email'),
      smtp_username: text('smtp_username'),
      smtp_password: text('smtp_password'),
      smtp_port: text('smtp_port'),
      smtp_type: text('smtp_type'),
    };
  } catch {
    return undefined;
  }
}

/** The waiting `settings` rows with the settings they carry (JSON, as stored): id and body_html. */
export const waitingNotices = (sql: Sql) =>
  sql.all<{ id: number; body_html: string }>("SELECT id, body_html FROM outbox WHERE kind = 'settings' AND status = 'waiting' AND body_html <> ''");
/** Replaces the settings a waiting notice carries, `from` with `to` (JSON); resolves to 0 when it no longer carries `from`. */
export const replaceNoticeSettings = (sql: Sql, id: number, from: string, to: string) =>
  sql.run("UPDATE outbox SET body_html = ? WHERE id = ? AND body_html = ? AND status = 'waiting'", [to, id, from], OUTBOX);

/**
 * Claims up to `limit` due rows (waiting, next_at reached, no live lease) for `owner` for
 * `leaseMs`, counting an attempt on each. Which rows: the oldest due, invitations after every other
 * kind (a 50,000-row invitation import must not hold up a password reset); resolved in that order
 * too, invitations last, then by id (`UPDATE … RETURNING` itself answers in no set order).
 * `onlySettings`: only `settings` rows (they carry their own SMTP settings; the current ones cannot send).
 */
export async function claimMail(sql: Sql, owner: string, leaseMs: number, limit: number, onlySettings = false): Promise<OutboxRow[]> {
  const now = dbNow(sql);
  const lock = sql.engine === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
  return sql
    .transaction((tx) => {
      tx.declare?.(OUTBOX);
      return tx.all<OutboxRow>(
        `UPDATE outbox SET lease_owner = ?, lease_until = ${now} + ?, attempts = attempts + 1
     WHERE id IN (SELECT id FROM outbox WHERE status = 'waiting' AND next_at <= ${now} AND (lease_until IS NULL OR lease_until < ${now})
                  ${onlySettings ? "AND kind = 'settings'" : ''}
                  ORDER BY CASE kind WHEN 'invite' THEN 1 ELSE 0 END, next_at, id LIMIT ? ${lock})
     RETURNING id, kind, to_address, to_name, subject, body_text, body_html, ref_id, attempts, created_at, language, attachment_id`,
        [owner, leaseMs, limit],
      );
    })
    .then((rows) => rows.sort((a, b) => Number(a.kind === 'invite') - Number(b.kind === 'invite') || a.id - b.id));
}

/** A `settings` row gives up the settings it carried once it is done (sent, failed, skipped). */
/**
 * The resource the sender's writes change (Sql.run `changes`): no kept list answer reads the
 * outbox, so claiming and settling e-mails ends none of them.
 */
export const OUTBOX = ['outbox'] as const;

const FORGET_VIA = "body_html = CASE WHEN kind = 'settings' THEN '' ELSE body_html END";

/** Marks a row this owner holds as sent; resolves to 1, or 0 when its lease was lost meanwhile. */
export const markSent = (sql: Sql, id: number, owner: string) =>
  sql.run(
    `UPDATE outbox SET status = 'sent', sent_at = ${dbNow(sql)}, last_error = '', ${FORGET_VIA}, lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?`,
    [id, owner],
    OUTBOX,
  );

/** Gives a held row back to try again in `delayMs`, noting `error` (plain words). */
export const markRetry = (sql: Sql, id: number, owner: string, delayMs: number, error: string) =>
  sql.run(
    `UPDATE outbox SET next_at = ${dbNow(sql)} + ?, last_error = ?, lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?`,
    [Math.round(delayMs), error.slice(0, 500), id, owner],
    OUTBOX,
  );

/** Ends a held row without sending: `failed` (refused for good) or `skipped` (nothing to send), noting why. */
export const markDone = (sql: Sql, id: number, owner: string, status: 'failed' | 'skipped', note: string) =>
  sql.run(
    `UPDATE outbox SET status = ?, last_error = ?, ${FORGET_VIA}, lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?`,
    [status, note.slice(0, 500), id, owner],
    OUTBOX,
  );

/** Records an e-mail sent (or failed) at once, outside the queue: the Settings test e-mail. */
export const recordDirect = (sql: Sql, m: NewMail, sent: boolean, error: string) =>
  sql.run(
    `INSERT INTO outbox (kind, to_address, to_name, subject, body_text, body_html, ref_id, status, attempts, last_error, next_at, created_at, sent_at)
   VALUES (?, ?, ?, ?, '', '', NULL, ?, 1, ?, ${dbNow(sql)}, ${dbNow(sql)}, ${sent ? dbNow(sql) : 'NULL'})`,
    [m.kind, m.to, m.toName ?? '', m.subject, sent ? 'sent' : 'failed', error.slice(0, 500)],
  );

/** How many e-mails wait to be sent. */
export const countWaiting = async (sql: Sql) => Number((await sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE status = 'waiting'"))?.n ?? 0);

/** Makes every waiting row due now (after the SMTP settings changed, so they go out at once). */
export const dueNow = (sql: Sql) => sql.run(`UPDATE outbox SET next_at = ${dbNow(sql)} WHERE status = 'waiting'`);

/** The latest `limit` e-mails, newest first, without bodies. */
export const recentMail = (sql: Sql, limit = 20) =>
  sql.all<RecentMail>('SELECT id, kind, to_address, subject, status, attempts, last_error, created_at, sent_at FROM outbox ORDER BY id DESC LIMIT ?', [limit]);

/** The file outbox e-mail attachment `id` carries (mail_attachments), or undefined when it is gone. */
export async function attachmentOf(sql: Sql, id: number): Promise<{ filename: string; content_type: string; bytes: Buffer } | undefined> {
  const r = await sql.get<{ filename: string; content_type: string; bytes: Uint8Array }>(
    'SELECT filename, content_type, bytes FROM mail_attachments WHERE id = ?',
    [id],
  );
  return r && { filename: r.filename, content_type: r.content_type, bytes: Buffer.from(r.bytes) };
}
