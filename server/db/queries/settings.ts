import type { Sql } from '../sql.ts';
import { dbNow } from '../clock.ts';

/** Company settings (admin-area §3): one row. `logo` is a URL under /uploads or '' (wire contract, src/common/contract/schemas.ts). */
export type { CompanySettings } from '../../../src/common/contract/schemas.ts';
import type { CompanySettings } from '../../../src/common/contract/schemas.ts';
/**
 * E-mail (SMTP) settings (admin-area §3): one row. `smtp_password` is its stored form, never the
 * password as typed: '' (none), sealed 'v1.…', or 'plain:…' left from before passwords were sealed
 * (lib/mail/smtp-password.ts reads and writes these forms; the API never answers any of them).
 */
export interface EmailSettings {
  smtp_server: string;
  smtp_email: string;
  smtp_username: string;
  smtp_password: string;
  smtp_port: string;
  smtp_type: string;
}

/** The settings fields, in the order the screens show them (admin-area §3). */
export const COMPANY_FIELDS = ['logo', 'name', 'primary_mail', 'sales_mail', 'phone', 'address'] as const;
export const EMAIL_FIELDS = ['smtp_server', 'smtp_email', 'smtp_username', 'smtp_password', 'smtp_port', 'smtp_type'] as const;

const EMPTY_COMPANY: CompanySettings = { logo: '', name: '', primary_mail: '', sales_mail: '', phone: '', address: '' };
const EMPTY_EMAIL: EmailSettings = { smtp_server: '', smtp_email: '', smtp_username: '', smtp_password: '', smtp_port: '', smtp_type: '' };

/** The company settings (admin-area §3); every field '' until first saved. */
export const getCompanySettings = async (sql: Sql): Promise<CompanySettings> =>
  (await sql.get<CompanySettings>(`SELECT ${COMPANY_FIELDS.join(', ')} FROM company_settings WHERE id = 1`)) ?? { ...EMPTY_COMPANY };
/** The e-mail (SMTP) settings (admin-area §3); every field '' until first saved. */
export const getEmailSettings = async (sql: Sql): Promise<EmailSettings> =>
  (await sql.get<EmailSettings>(`SELECT ${EMAIL_FIELDS.join(', ')} FROM email_settings WHERE id = 1`)) ?? { ...EMPTY_EMAIL };

/** Writes the one row (insert or replace its values). */
export const saveCompanySettings = (sql: Sql, s: CompanySettings) =>
  sql.transaction(async (tx) => {
    await tx.run('INSERT INTO company_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING');
    await tx.run(
      `UPDATE company_settings SET ${COMPANY_FIELDS.map((f) => `${f} = ?`).join(', ')} WHERE id = 1`,
      COMPANY_FIELDS.map((f) => s[f]),
    );
  });
/** Stores the e-mail settings (the one row is made on first save), in one transaction. */
export const saveEmailSettings = (sql: Sql, s: EmailSettings) =>
  sql.transaction(async (tx) => {
    await tx.run('INSERT INTO email_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING');
    await tx.run(
      `UPDATE email_settings SET ${EMAIL_FIELDS.map((f) => `${f} = ?`).join(', ')} WHERE id = 1`,
      EMAIL_FIELDS.map((f) => s[f]),
    );
  });

/** Replaces the stored form of the SMTP password `from` with `to`; resolves to 0 when the row no longer holds `from` (another process did it). */
export const setStoredSmtpPassword = (sql: Sql, from: string, to: string) =>
  sql.run('UPDATE email_settings SET smtp_password = ? WHERE id = 1 AND smtp_password = ?', [to, from]);

/** The administrators the notice of changed e-mail settings goes to: users with the admin role who have a password (not only invited), outside any organiser. */
export const activeAdministrators = (sql: Sql) =>
  sql.all<{ id: number; name: string; email: string; language: string | null }>(
    `SELECT DISTINCT u.id, u.name, u.email, u.language FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
   WHERE r.name = 'admin' AND u.password_hash <> '' AND u.company_id IS NULL ORDER BY u.id`,
  );

/**
 * Notes that the e-mail settings changed, by user `userId`, at the database's now (table
 * `email_settings_changes`, migration 034); call it in the transaction that saves them.
 */
export const recordEmailChange = (tx: Sql, userId: number) => tx.run(`INSERT INTO email_settings_changes (at, user_id) VALUES (${dbNow(tx)}, ?)`, [userId]);

/**
 * How long (ms, by the database's clock) from now until every change of the e-mail settings made
 * within the last `windowMs` by someone who is not an administrator now (role admin; a deleted
 * user or an unknown one counts as not) is `windowMs` old; 0 when there is none. Judged by the
 * role a user holds now, so the change of an administrator who has since been demoted counts.
 */
export async function untrustedChangeWait(sql: Sql, windowMs: number): Promise<number> {
  const now = dbNow(sql);
  const row = await sql.get<{ wait: number | string | null }>(
    `SELECT MAX(c.at) + ? - ${now} AS wait FROM email_settings_changes c
     WHERE c.at > ${now} - ? AND (c.user_id IS NULL OR NOT EXISTS (
       SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = c.user_id AND r.name = 'admin'))`,
    [windowMs, windowMs],
  );
  return Math.max(0, Number(row?.wait ?? 0));
}
