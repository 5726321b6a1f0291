import type { Sql } from '../db/sql.ts';
import { mailTrouble, type MailTrouble } from '../db/queries/mail-health.ts';

/** How long an e-mail may wait before it counts as stuck, and how far back a failure still counts (ms). */
export const STUCK_MAIL_MS = 5 * 60_000,
  FAILED_MAIL_MS = 24 * 60 * 60_000;

/**
 * GET settings/email/health (contract MailHealth): real e-mails (not Settings tests, not
 * settings-change notices) that failed in the last day since mail last went out, real e-mails
 * waiting longer than 5 minutes, and the id of the newest of them; `now` in ms.
 */
export const mailHealth = (sql: Sql, now = Date.now()): Promise<MailTrouble> => mailTrouble(sql, now - FAILED_MAIL_MS, now - STUCK_MAIL_MS);
