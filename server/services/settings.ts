import type { Sql } from '../db/sql.ts';
import type { FileStore } from '../lib/files/file-store.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { validationError } from '../http-error.ts';
import { textOf, type SettingsInput } from '../../src/common/contract/admin.ts';
import { decodeImage, removeStoredImage, storeImage, type DecodedImage } from '../lib/files/images.ts';
import { sendMessage, smtpFailure, smtpReady } from '../lib/mail/smtp.ts';
import { senderName, testMail } from '../lib/mail/templates.ts';
import * as q from '../db/queries/settings.ts';
import * as outbox from '../db/queries/outbox.ts';

/**
 * Settings (admin-area §3 Settings; issue 20 §1): what each call does. Input arrives checked
 * against the contract (CompanySettingsInput, EmailSettingsInput, SettingsInput). The SMTP
 * password is write-only (answered '', `smtp_password_set` says one is stored; a blank one keeps
 * it); a new logo is stored before the write and removed again when the write fails, the old one
 * after it succeeds; new SMTP settings make every waiting e-mail due and wake the sender.
 */

/** What a save needs beside the database: the file store (logos) and a way to wake the e-mail sender. */
export interface SettingsDeps { sql: Sql; files: FileStore; wake: () => void }
type Company = { next: q.CompanySettings; image: DecodedImage | null; current: q.CompanySettings };

/** The e-mail settings as answered: the password never, whether one is stored. */
export const emailView = (s: q.EmailSettings) => ({ ...s, smtp_password: '' as const, smtp_password_set: s.smtp_password !== '' });
/** The company settings. */
export const companySettings = (sql: Sql) => q.getCompanySettings(sql);
/** The e-mail settings as answered (emailView). */
export const emailSettings = async (sql: Sql) => emailView(await q.getEmailSettings(sql));

/** The company settings a checked form asks for, with the logo decoded when it changed (422 on `logo` for a bad image). */
async function companyOf(sql: Sql, v: SettingsInput): Promise<Company> {
  const current = await q.getCompanySettings(sql);
  const logo = v.logo ?? '';
  const image = logo === current.logo ? null : decodeImage(logo, 'logo');
  return {
    image, current,
    next: {
      logo: logo === current.logo ? current.logo : '', name: (v.name ?? '').trim(), primary_mail: (v.primary_mail ?? '').trim(),
      sales_mail: (v.sales_mail ?? '').trim(), phone: (v.phone ?? '').trim(), address: v.address ?? '',
    },
  };
}
/** The e-mail settings a checked form asks for; a blank smtp_password keeps the stored one. */
async function mailOf(sql: Sql, v: SettingsInput): Promise<q.EmailSettings> {
  const password = v.smtp_password ?? '';
  return {
    smtp_server: (v.smtp_server ?? '').trim(), smtp_email: (v.smtp_email ?? '').trim(), smtp_username: (v.smtp_username ?? '').trim(),
    smtp_password: password === '' ? (await q.getEmailSettings(sql)).smtp_password : password, smtp_port: textOf(v.smtp_port).trim(), smtp_type: textOf(v.smtp_type).trim(),
  };
}

/** Writes company and/or e-mail settings in one transaction (see the module's comment for logos and the sender). */
async function save(d: SettingsDeps, company: Company | null, mail: q.EmailSettings | null) {
  if (company?.image) company.next.logo = await storeImage(d.files, company.image, 'settings');
  try {
    await d.sql.transaction(async (tx) => {
      if (company) await q.saveCompanySettings(tx, company.next);
      if (mail) { await q.saveEmailSettings(tx, mail); await outbox.dueNow(tx); }
    });
  } catch (err) {
    if (company?.image) await removeStoredImage(d.files, company.next.logo);
    throw err;
  }
  if (company?.current.logo && company.current.logo !== company.next.logo) await removeStoredImage(d.files, company.current.logo);
  if (mail) d.wake();
}

/** Saves the company settings; resolves to them as stored. */
export async function saveCompany(d: SettingsDeps, v: SettingsInput) {
  const company = await companyOf(d.sql, v);
  await save(d, company, null);
  return company.next;
}
/** Saves the e-mail settings; resolves to them as answered. */
export async function saveEmail(d: SettingsDeps, v: SettingsInput) {
  const mail = await mailOf(d.sql, v);
  await save(d, null, mail);
  return emailView(mail);
}
/**
 * Save Changes: a tab is saved when any of its fields is in `v` (422 on `name` when neither is);
 * both in one transaction, one outcome. Resolves to { company, email } (null: not sent).
 */
export async function saveBoth(d: SettingsDeps, v: SettingsInput) {
  const hasCompany = q.COMPANY_FIELDS.some((f) => f in v), hasEmail = q.EMAIL_FIELDS.some((f) => f in v);
  if (!hasCompany && !hasEmail) throw validationError({ name: ['Send the company settings, the e-mail settings or both.'] });
  const company = hasCompany ? await companyOf(d.sql, v) : null;
  const mail = hasEmail ? await mailOf(d.sql, v) : null;
  await save(d, company, mail);
  return { company: company?.next ?? null, email: mail && emailView(mail) };
}

/**
 * Send test e-mail (issue 20 §1): to `to` with the settings of `v` (unsaved; a blank password uses
 * the stored one), within 10 s. 422 "Fill in …" when the settings cannot send; otherwise 422 with
 * the server's answer in plain words on the field it points at. The attempt is listed under Recent e-mails.
 */
export async function sendTest(sql: Sql, to: AuthUser, v: SettingsInput, tlsInsecure: boolean) {
  const settings = await mailOf(sql, v);
  if (!smtpReady(settings)) throw validationError({ smtp_server: ['Fill in SMTP Server, SMTP Email and SMTP Port first.'] });
  const company = (await q.getCompanySettings(sql)).name;
  const mail = testMail(company, to.email);
  try {
    await sendMessage(settings, { to: to.email, toName: to.name, ...mail }, senderName(company), tlsInsecure);
  } catch (err) {
    const f = smtpFailure(err, settings);
    await outbox.recordDirect(sql, { kind: 'test', to: to.email, subject: mail.subject }, false, f.message);
    throw validationError({ [f.field]: [f.message] });
  }
  await outbox.recordDirect(sql, { kind: 'test', to: to.email, subject: mail.subject }, true, '');
  return { to: to.email };
}

/** The outbox as the Email tab shows it: how many wait, whether the saved settings can send, and the latest 20 (never a body). */
export async function outboxView(sql: Sql) {
  return { waiting: await outbox.countWaiting(sql), smtp_ready: smtpReady(await q.getEmailSettings(sql)), recent: await outbox.recentMail(sql, 20) };
}
