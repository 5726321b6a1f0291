import { http } from '../../lib/http.ts';

import type { CompanySettings, EmailSettingsView } from '../../common/contract/schemas.ts';
/** Company settings (admin-area §3, wire contract); `logo` is a stored URL or, when changed, a data URL. */
export type { CompanySettings } from '../../common/contract/schemas.ts';
/** The e-mail settings form (admin-area §3): the answer (EmailSettingsView, whose password is always '') with the password as typed. */
export type EmailSettings = Omit<EmailSettingsView, 'smtp_password' | 'smtp_password_set'> & { smtp_password: string; smtp_password_set?: boolean };

// The settings/company and settings/email reading of the two (admin-area §7); the API answers both.
/** GET settings/company (admin-area §7): resolves to the envelope's data (CompanySettings); rejects with HttpError. */
export const getCompany = async () => (await http.get<CompanySettings>('settings/company')).data;
/** PUT settings/company (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const saveCompany = (s: CompanySettings) => http.put('settings/company', { ...s } satisfies CompanySettingsBody);
/** GET settings/email (admin-area §7): resolves to the envelope's data (EmailSettingsView); rejects with HttpError. */
export const getEmail = async () => (await http.get<EmailSettingsView>('settings/email')).data;
/**
 * PUT settings/email (admin-area §7): `currentPassword` is the caller's own, which a change of the
 * e-mail settings needs unless it signed in within 5 minutes (422 on current_password). Resolves to
 * the envelope (its message is the success toast); rejects with HttpError.
 */
export const saveEmail = ({ smtp_password_set: _, ...s }: EmailSettings, currentPassword = '') =>
  http.put('settings/email', { ...s, current_password: currentPassword } satisfies EmailSettingsBody);

/**
 * POST settings/email/test: sends a test e-mail to the signed-in user with the form's values (blank
 * password: the stored one, only with the saved server, port and user name). Rejects with HttpError
 * 422 naming the field at fault, 429 after 5 in a minute.
 */
export const sendTest = ({ smtp_password_set: _, ...s }: EmailSettings) =>
  http.post<{ to: string }>('settings/email/test', { ...s } satisfies AdminBodyOf<'POST /api/settings/email/test'>);

/** One row of Recent e-mails (never a body). `status`: waiting | sent | failed | skipped. Times in ms. */
export type { Outbox, RecentMail } from '../../common/contract/settings.ts';
import type { AdminBodyOf } from '../../common/contract/admin.ts';
import type { CompanySettingsBody, EmailSettingsBody, Outbox } from '../../common/contract/settings.ts';
/** GET settings/email/outbox: how many e-mails wait, whether the saved settings can send, and the latest 20. */
export const getOutbox = async () => (await http.get<Outbox>('settings/email/outbox')).data;
