import { hostname } from 'node:os';
import { startBackgroundPasses } from '../../runtime/background-passes.ts';
import { opsEvents } from '../../runtime/ops-events.ts';
import { randomBytes } from 'node:crypto';
import type { Sql } from '../../db/sql.ts';
import { attachmentOf, claimMail, markDone, markRetry, markSent, noticeSettings, type OutboxRow } from '../../db/queries/outbox.ts';
import { getCompanySettings, getEmailSettings, untrustedChangeWait } from '../../db/queries/settings.ts';
import { recipientByEmail, recipientById } from '../../db/queries/mail-recipients.ts';
import { issueLinkToken, linkUrl } from '../auth/account-links.ts';
import { inviteMail, noticeMail, resetMail } from './templates.ts';
import { unlockMessage } from './unlock-mail.ts';
import { sendMessage, smtpFailure, smtpReady, type Message } from './smtp.ts';
import { openSettings } from './smtp-password.ts';
import type { EgressPolicy } from './egress.ts';
import type { EmailSettings } from '../../db/queries/settings.ts';

/** The running sender: `wake` asks for a pass now (after a commit that queued mail); `stop` ends it after the pass under way. */
export interface Mailer {
  wake(): void;
  stop(): Promise<void>;
}
/** A mailer that never sends (an app built without a sender, e.g. in unit tests). */
export const idleMailer: Mailer = { wake() {}, stop: async () => {} };

/** How the sender runs; every time in milliseconds. */
export interface SenderOptions {
  /** Pause between passes when nothing is due (env MAIL_POLL_MS, default 2,000). */
  pollMs?: number;
  /** First retry delay, doubled per attempt (env MAIL_RETRY_BASE_MS, default 30,000) … */
  retryBaseMs?: number;
  /** … up to this (default 15 minutes). */
  retryMaxMs?: number;
  /** How long a claimed row stays this process's (default 120,000: a batch of 10 sends fits with room). */
  leaseMs?: number;
  /** Rows claimed per pass (default 10). */
  batch?: number;
  /** Accept any TLS certificate (env SMTP_TLS_INSECURE=1; for tests against a self-signed receiver). */
  tlsInsecure?: boolean;
  /** Which SMTP server addresses may be connected to (env SMTP_DENY_PRIVATE, SMTP_ALLOW_HOSTS; lib/mail/egress.ts). */
  egress?: EgressPolicy;
}
/** Attempts after which a row is given up as failed (about two days at the longest delay). */
export const MAX_ATTEMPTS = 100;
/**
 * How long after a change of the e-mail settings by someone who is not an administrator no reset
 * or invitation link of an administrator goes out (24 hours; docs/security.md "Who may change
 * where e-mail goes"): such a row waits until the change is that old, noted HELD_NOTE.
 */
export const UNTRUSTED_CHANGE_HOLD_MS = 24 * 3600_000;
/** The note (Recent e-mails) of an administrator's link held by UNTRUSTED_CHANGE_HOLD_MS. */
export const HELD_NOTE =
  "Held: the e-mail settings were changed by someone who is not an administrator less than 24 hours ago, so an administrator's link waits until that change is 24 hours old.";

/**
 * Starts the background sender of the outbox. Each pass, while Settings → Email
 * names a server, From address and port: claims due rows with a lease on the database's clock
 * (db/queries/outbox.ts), writes reset and invitation e-mails with a fresh link (so no link is
 * stored in clear), sends each, and marks it sent, or due again after a back-off (base × 2^(n−1),
 * ±20 %, capped), or failed when the server refused it for good. A connection-level failure gives the
 * rest of the batch back at once (they would fail the same way) but its notices. Without SMTP settings nothing is
 * claimed (e-mails wait) but `settings` rows: the notice that the e-mail settings changed goes
 * out through the settings it carries, those before the change (db/queries/outbox.ts); its
 * failure holds up no other row, and no other row's failure holds it up. Every connection obeys `egress`. `publicUrl()` is the console's address for links; `now()` the app clock
 * (link expiry; injected in tests); `key` opens the stored SMTP password (lib/mail/smtp-password.ts).
 * A reset or invitation of an administrator waits, unsent and without a link made, while the e-mail
 * settings were changed less than UNTRUSTED_CHANGE_HOLD_MS ago by someone who is not an
 * administrator now (db/queries/settings.ts untrustedChangeWait), then goes out as any other.
 */
export function startMailSender(sql: Sql, env: { publicUrl: () => string; now: () => number; key?: Buffer | null }, o: SenderOptions = {}): Mailer {
  const pollMs = o.pollMs ?? 2_000,
    base = o.retryBaseMs ?? 30_000,
    max = o.retryMaxMs ?? 15 * 60_000;
  const leaseMs = o.leaseMs ?? 120_000,
    batch = o.batch ?? 10;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const delay = (attempts: number) => Math.min(max, base * 2 ** Math.min(30, attempts - 1)) * (0.8 + Math.random() * 0.4);

  /** The message of a claimed row, or a reason to skip it, or how long (ms) to hold it. */
  async function render(row: OutboxRow, company: string): Promise<Message | { skip: string } | { holdMs: number }> {
    if (row.kind === 'unlock') return unlockMessage(sql, row, company, env.publicUrl());
    if (row.kind !== 'reset' && row.kind !== 'invite') {
      const file = row.attachment_id == null ? undefined : await attachmentOf(sql, Number(row.attachment_id));
      if (row.attachment_id != null && !file) return { skip: 'Its attachment is gone; nothing was sent.' };
      return {
        to: row.to_address,
        toName: row.to_name,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html,
        language: row.language || 'en',
        ...(file ? { attachments: [{ filename: file.filename, contentType: file.content_type, content: file.bytes }] } : {}),
      };
    }
    const who = row.kind === 'reset' ? await recipientByEmail(sql, row.to_address) : await recipientById(sql, Number(row.ref_id));
    if (!who) return { skip: row.kind === 'reset' ? 'No account has this address; nothing was sent.' : 'The user was deleted; nothing was sent.' };
    if (row.kind === 'invite' && !who.invited) return { skip: 'The invitation was already accepted.' };
    // An administrator's link never goes through settings someone else changed within the day.
    const holdMs = who.admin ? await untrustedChangeWait(sql, UNTRUSTED_CHANGE_HOLD_MS) : 0;
    if (holdMs > 0) return { holdMs };
    const token = await sql.transaction((tx) => issueLinkToken(tx, who.id, row.kind as 'reset' | 'invite', env.now()));
    const url = linkUrl(env.publicUrl(), row.kind, token);
    const mail =
      row.kind === 'reset'
        ? resetMail(company, who.name, url, who.language ?? 'en')
        : inviteMail(company, who.name, url, `${env.publicUrl().replace(/\/+$/, '')}/login`, who.organiser ?? undefined, who.language ?? 'en');
    return { to: who.email, toName: who.name, language: who.language ?? 'en', ...mail };
  }

  /**
   * Sends one claimed row and settles it (sent, skipped, failed, or due again after a back-off).
   * Resolves to the failure's words when the current settings' server failed it for now: the rest of
   * the batch is to wait as long (they would fail the same way); a notice's server is its own, so
   * only that row waits. Resolves to undefined otherwise.
   */
  async function sendRow(row: OutboxRow, current: EmailSettings, company: string): Promise<string | undefined> {
    const own = row.kind === 'settings';
    const settings: EmailSettings | undefined = own ? noticeSettings(row) : current;
    try {
      if (!settings || !smtpReady(settings)) {
        await markDone(sql, row.id, owner, 'skipped', 'The earlier e-mail settings could not send; nothing was sent.');
        return;
      }
      const msg = own
        ? { to: row.to_address, toName: row.to_name, language: row.language || 'en', ...noticeMail(company, row.body_text, row.language || 'en') }
        : await render(row, company);
      if ('skip' in msg) {
        await markDone(sql, row.id, owner, 'skipped', msg.skip);
        return;
      }
      if ('holdMs' in msg) {
        await markRetry(sql, row.id, owner, msg.holdMs, HELD_NOTE);
        return;
      }
      await sendMessage(openSettings(env.key, settings), msg, company || 'Events Back-office', { tlsInsecure: o.tlsInsecure, egress: o.egress });
      await markSent(sql, row.id, owner);
      opsEvents.mailSent(row.kind);
      return;
    } catch (err) {
      const f = smtpFailure(err, settings ?? current);
      if (f.permanent || row.attempts >= MAX_ATTEMPTS) {
        await markDone(sql, row.id, owner, 'failed', f.message);
        opsEvents.mailFailed(row.kind, false);
        return;
      }
      await markRetry(sql, row.id, owner, delay(row.attempts), f.message);
      opsEvents.mailFailed(row.kind, true);
      return own ? undefined : f.message;
    }
  }

  async function pass(): Promise<boolean> {
    const current = await getEmailSettings(sql);
    const company = (await getCompanySettings(sql)).name;
    const rows = await claimMail(sql, owner, leaseMs, batch, !smtpReady(current));
    let settled = 0;
    // Once the current settings' server failed a row (unreachable, or it refuses us), the batch's
    // other rows for that server wait as long, unsent. A notice goes to the server it carries, so
    // it is still sent, wherever it sits in the batch: an e-mail the new server refuses must not
    // keep the notice of that change from going out through the previous one.
    let failure: string | undefined;
    try {
      for (; settled < rows.length; settled++) {
        const row = rows[settled];
        if (failure !== undefined && row.kind !== 'settings') await markRetry(sql, row.id, owner, delay(row.attempts), failure);
        else failure = (await sendRow(row, current, company)) ?? failure;
      }
    } finally {
      // A pass cut short (the database refused a mark): the rows it had not settled go back at once, not when their lease ends.
      if (settled < rows.length)
        await Promise.allSettled(rows.slice(settled).map((r) => markRetry(sql, r.id, owner, 0, 'Not sent yet: the sender stopped before this e-mail.')));
    }
    return failure === undefined && rows.length === batch;
  }

  return startBackgroundPasses('Mail sender', pass, pollMs);
}
