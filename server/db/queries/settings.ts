import type { Sql } from '../sql.ts';

/** Company settings (admin-area §3): one row. `logo` is a URL under /uploads or '' (wire contract, src/common/contract/schemas.ts). */
export type { CompanySettings } from '../../../src/common/contract/schemas.ts';
import type { CompanySettings } from '../../../src/common/contract/schemas.ts';
/** E-mail (SMTP) settings (admin-area §3): one row. The password is stored, never read back by the API. */
export interface EmailSettings { smtp_server: string; smtp_email: string; smtp_username: string; smtp_password: string; smtp_port: string; smtp_type: string }

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
export const saveCompanySettings = (sql: Sql, s: CompanySettings) => sql.transaction(async (tx) => {
  await tx.run('INSERT INTO company_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING');
  await tx.run(`UPDATE company_settings SET ${COMPANY_FIELDS.map((f) => `${f} = ?`).join(', ')} WHERE id = 1`, COMPANY_FIELDS.map((f) => s[f]));
});
/** Stores the e-mail settings (the one row is made on first save), in one transaction. */
export const saveEmailSettings = (sql: Sql, s: EmailSettings) => sql.transaction(async (tx) => {
  await tx.run('INSERT INTO email_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING');
  await tx.run(`UPDATE email_settings SET ${EMAIL_FIELDS.map((f) => `${f} = ?`).join(', ')} WHERE id = 1`, EMAIL_FIELDS.map((f) => s[f]));
});

/** The administrators the notice of changed e-mail settings goes to: users with the admin role who have a password (not only invited), outside any organiser. */
export const activeAdministrators = (sql: Sql) => sql.all<{ id: number; name: string; email: string }>(
  `SELECT DISTINCT u.id, u.name, u.email FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
   WHERE r.name = 'admin' AND u.password_hash <> '' AND u.company_id IS NULL ORDER BY u.id`);
