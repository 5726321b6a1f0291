import { z } from 'zod';
import { SMTP_TYPES } from '../mail-rules.ts';
import { choice, Id, oneLineText, optionalText, says } from './base.ts';
import { emailText, integerValue } from './form-values.ts';

/**
 * The Settings screen's part of the wire contract (admin-area §7): the company and e-mail
 * settings bodies, their message labels, and the outbox's Recent e-mails.
 */

/** PUT settings/company: logo (a data-URL image, the stored URL unchanged, or '' for none), name (one line), mails, phone, address. */
export const CompanySettingsInput = z.object({
  logo: z.string().optional(),
  name: oneLineText(255).optional(),
  primary_mail: emailText(255, false).optional(),
  sales_mail: emailText(255, false).optional(),
  phone: optionalText(50),
  address: optionalText(2000),
});
/**
 * PUT settings/email (and the test e-mail): a blank smtp_password keeps the stored one only with
 * the server, port and user name it was stored with (common/mail-rules.ts storedPasswordApplies),
 * else it means no password; port 1–65535; type ssl | tls | none | ''. `current_password`: the
 * caller's own password, which a save that changes the e-mail settings needs unless the caller
 * signed in within the last 5 minutes (the test e-mail ignores it).
 */
export const EmailSettingsInput = z.object({
  smtp_server: oneLineText(255).optional(),
  smtp_email: emailText(255, false).optional(),
  smtp_username: oneLineText(255).optional(),
  smtp_password: optionalText(255),
  smtp_port: integerValue
    .refine((v) => String(v) === '' || (Number(v) >= 1 && Number(v) <= 65535), says('The :attribute must be between 1 and 65535.'))
    .optional(),
  smtp_type: choice(...SMTP_TYPES.map((t) => t.value)),
  current_password: optionalText(255),
});
/** PUT settings (Save Changes): the company fields and/or the e-mail fields in one flat body. */
export const SettingsInput = CompanySettingsInput.extend(EmailSettingsInput.shape);
export type SettingsInput = z.infer<typeof SettingsInput>;
/** Labels of the settings messages. */
export const SETTINGS_LABELS = {
  primary_mail: 'primary mail',
  sales_mail: 'sales mail',
  smtp_server: 'SMTP server',
  smtp_email: 'SMTP email',
  smtp_username: 'SMTP username',
  smtp_password: 'SMTP password',
  smtp_port: 'SMTP port',
  smtp_type: 'SMTP type',
  current_password: 'current password',
};
/** One row of Recent e-mails (never a body); times in ms. */
export const RecentMail = z.object({
  id: Id,
  kind: z.string(),
  to_address: z.string(),
  subject: z.string(),
  status: z.enum(['waiting', 'sent', 'failed', 'skipped']),
  attempts: z.number().int(),
  last_error: z.string(),
  created_at: z.number(),
  sent_at: z.number().nullable(),
});
export type RecentMail = z.infer<typeof RecentMail>;
/** GET settings/email/outbox: how many e-mails wait, whether the saved settings can send, the latest 20. */
export const Outbox = z.object({ waiting: z.number().int(), smtp_ready: z.boolean(), recent: z.array(RecentMail) });
export type Outbox = z.infer<typeof Outbox>;

/** What PUT settings/company, PUT settings/email and PUT settings read, as a client sends them. */
export type CompanySettingsBody = z.input<typeof CompanySettingsInput>;
export type EmailSettingsBody = z.input<typeof EmailSettingsInput>;
export type SettingsBody = z.input<typeof SettingsInput>;
