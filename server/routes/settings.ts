import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, validationError } from '../http-error.ts';
import { ok, readBody } from '../lib/http/envelope.ts';
import { email, integer, maxLength, oneOf, str, validate, type Rule } from '../lib/http/validate.ts';
import { decodeImage, removeStoredImage, storeImage, type DecodedImage } from '../lib/files/images.ts';
import { requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import { sendMessage, smtpFailure, smtpReady } from '../lib/mail/smtp.ts';
import { senderName, testMail } from '../lib/mail/templates.ts';
import { SMTP_TYPES, hasLineBreak, lineBreakMessage } from '../../src/common/mail-rules.ts';
import * as q from '../db/queries/settings.ts';
import * as outbox from '../db/queries/outbox.ts';

const short = [maxLength(255)];
const port: Rule = (v, l) => (String(v ?? '') !== '' && !(Number(v) >= 1 && Number(v) <= 65535) ? `The ${l} must be between 1 and 65535.` : null);
/** A value that becomes an e-mail header (the company name is the From name): no CR/LF. */
const oneLine: Rule = (v, l) => (hasLineBreak(String(v ?? '')) ? lineBreakMessage(l) : null);

const COMPANY_RULES = { name: [oneLine, ...short], primary_mail: [email, ...short], sales_mail: [email, ...short], phone: [maxLength(50)], address: [maxLength(2000)] };
const COMPANY_LABELS = { primary_mail: 'primary mail', sales_mail: 'sales mail' };
const EMAIL_RULES = {
  smtp_server: [oneLine, ...short], smtp_email: [email, ...short], smtp_username: short, smtp_password: short, smtp_port: [integer, port],
  smtp_type: [oneOf(...SMTP_TYPES.map((t) => t.value))],
};
const EMAIL_LABELS = { smtp_server: 'SMTP server', smtp_email: 'SMTP email', smtp_username: 'SMTP username', smtp_password: 'SMTP password', smtp_port: 'SMTP port', smtp_type: 'SMTP type' };

/** Runs every check of `checks` and throws one 422 with all their fields' errors, so two tabs report together. */
function validateAll(...checks: (() => void)[]) {
  const errors: Record<string, string[]> = {};
  for (const check of checks) {
    try { check(); } catch (err) { if (err instanceof ApiError && err.errors) Object.assign(errors, err.errors); else throw err; }
  }
  if (Object.keys(errors).length) throw validationError(errors);
}
const checkCompany = (body: Record<string, unknown>) => () => validate(body, COMPANY_RULES, COMPANY_LABELS);
const checkEmail = (body: Record<string, unknown>) => () => validate(body, EMAIL_RULES, EMAIL_LABELS);

/** The company settings a checked body asks for, with the logo decoded when it changed (null: unchanged or removed). */
function companyOf(body: Record<string, unknown>, current: q.CompanySettings): { next: q.CompanySettings; image: DecodedImage | null } {
  const logoValue = str(body, 'logo');
  const image = logoValue === current.logo ? null : decodeImage(logoValue, 'logo');
  return {
    image,
    next: {
      logo: logoValue === current.logo ? current.logo : '', name: str(body, 'name').trim(), primary_mail: str(body, 'primary_mail').trim(),
      sales_mail: str(body, 'sales_mail').trim(), phone: str(body, 'phone').trim(), address: str(body, 'address'),
    },
  };
}
/** The e-mail settings a checked body asks for; a blank smtp_password keeps the stored one. */
function emailOf(body: Record<string, unknown>, current: q.EmailSettings): q.EmailSettings {
  const password = str(body, 'smtp_password');
  return {
    smtp_server: str(body, 'smtp_server').trim(), smtp_email: str(body, 'smtp_email').trim(), smtp_username: str(body, 'smtp_username').trim(),
    smtp_password: password === '' ? current.smtp_password : password, smtp_port: str(body, 'smtp_port').trim(), smtp_type: str(body, 'smtp_type').trim(),
  };
}
// The SMTP password is write-only: reads answer it empty and say whether one is stored.
const emailView = (s: q.EmailSettings) => ({ ...s, smtp_password: '', smtp_password_set: s.smtp_password !== '' });

/**
 * Writes company and/or e-mail settings in one transaction; a new logo is stored first and
 * removed again when the write fails, the old one removed after it succeeds. New SMTP settings
 * make every waiting e-mail due at once and wake the sender.
 */
async function saveSettings(c: Context<AppEnv>, company: { next: q.CompanySettings; image: DecodedImage | null; current: q.CompanySettings } | null, mail: q.EmailSettings | null) {
  const sql = c.var.sql;
  if (company?.image) company.next.logo = await storeImage(c.var.files, company.image, 'settings');
  try {
    await sql.transaction(async (tx) => {
      if (company) await q.saveCompanySettings(tx, company.next);
      if (mail) { await q.saveEmailSettings(tx, mail); await outbox.dueNow(tx); }
    });
  } catch (err) {
    if (company?.image) await removeStoredImage(c.var.files, company.next.logo);
    throw err;
  }
  if (company?.current.logo && company.current.logo !== company.next.logo) await removeStoredImage(c.var.files, company.current.logo);
  if (mail) c.var.mailer.wake();
}

const getCompany = async (c: Context<AppEnv>) => ok(c, await q.getCompanySettings(c.var.sql));

/** Company settings save: mails valid when given; logo a new data-URL image, the stored URL (unchanged) or '' (none). */
async function putCompany(c: Context<AppEnv>) {
  const body = await readBody(c);
  validateAll(checkCompany(body));
  const current = await q.getCompanySettings(c.var.sql);
  const company = { ...companyOf(body, current), current };
  await saveSettings(c, company, null);
  return ok(c, company.next, 'Company settings updated successfully.');
}

const getEmail = async (c: Context<AppEnv>) => ok(c, emailView(await q.getEmailSettings(c.var.sql)));

/** E-mail settings save: a blank smtp_password keeps the stored one. */
async function putEmail(c: Context<AppEnv>) {
  const body = await readBody(c);
  validateAll(checkEmail(body));
  const next = emailOf(body, await q.getEmailSettings(c.var.sql));
  await saveSettings(c, null, next);
  return ok(c, emailView(next), 'Email settings updated successfully.');
}

/**
 * Save Changes (issue 20 §1): both tabs in one call, one flat body with the company fields
 * (logo, name, …) and/or the e-mail fields (smtp_*); a tab is saved when any of its fields is
 * present. Both are checked before either is written (one 422 naming every bad field of both),
 * then both are written in one transaction: one save, one outcome.
 */
async function putBoth(c: Context<AppEnv>) {
  const body = await readBody(c);
  const hasCompany = q.COMPANY_FIELDS.some((f) => f in body), hasEmail = q.EMAIL_FIELDS.some((f) => f in body);
  if (!hasCompany && !hasEmail) throw validationError({ name: ['Send the company settings, the e-mail settings or both.'] });
  validateAll(...(hasCompany ? [checkCompany(body)] : []), ...(hasEmail ? [checkEmail(body)] : []));
  const currentCompany = await q.getCompanySettings(c.var.sql);
  const company = hasCompany ? { ...companyOf(body, currentCompany), current: currentCompany } : null;
  const mail = hasEmail ? emailOf(body, await q.getEmailSettings(c.var.sql)) : null;
  await saveSettings(c, company, mail);
  return ok(c, { company: company?.next ?? null, email: mail && emailView(mail) }, 'Settings updated successfully.');
}

/**
 * Send test e-mail (issue 20 §1): sends to the signed-in user with the e-mail settings in the
 * body (as the form shows them, unsaved; a blank password uses the stored one), within 10 s.
 * 200 "Test e-mail sent to …"; otherwise 422 with the server's answer in plain words on the field
 * it points at (could not connect, wrong user or password, TLS failed). The attempt is listed
 * under Recent e-mails.
 */
async function sendTest(c: Context<AppEnv>) {
  const body = await readBody(c);
  validateAll(checkEmail(body));
  const settings = emailOf(body, await q.getEmailSettings(c.var.sql));
  if (!smtpReady(settings)) throw validationError({ smtp_server: ['Fill in SMTP Server, SMTP Email and SMTP Port first.'] });
  const company = (await q.getCompanySettings(c.var.sql)).name;
  const to = c.var.user.email;
  const mail = testMail(company, to);
  try {
    await sendMessage(settings, { to, toName: c.var.user.name, ...mail }, senderName(company), c.var.config.smtpTlsInsecure);
  } catch (err) {
    const f = smtpFailure(err, settings);
    await outbox.recordDirect(c.var.sql, { kind: 'test', to, subject: mail.subject }, false, f.message);
    throw validationError({ [f.field]: [f.message] });
  }
  await outbox.recordDirect(c.var.sql, { kind: 'test', to, subject: mail.subject }, true, '');
  return ok(c, { to }, `Test e-mail sent to ${to}.`);
}

/** The outbox as the Email tab shows it: how many wait, whether the settings can send, and the latest 20 (never a body). */
async function outboxView(c: Context<AppEnv>) {
  const sql = c.var.sql;
  return ok(c, { waiting: await outbox.countWaiting(sql), smtp_ready: smtpReady(await q.getEmailSettings(sql)), recent: await outbox.recentMail(sql, 20) });
}

/**
 * Settings (admin-area §2 "Settings screen", §3, §7). Both naming readings answer the same:
 * GET/PUT settings/company and companysettings (logo, name, primary_mail, sales_mail, phone,
 * address); GET/PUT settings/email and emailsettings (smtp_server, smtp_email, smtp_username,
 * smtp_password, smtp_port, smtp_type ∈ ssl | tls | none | ''). Issue 20: PUT settings (both
 * tabs, one outcome), POST settings/email/test (Send test e-mail), GET settings/email/outbox
 * (waiting count and Recent e-mails). Mount at `/`. Screen `settings` only.
 */
export const settingsRoutes = new Hono<AppEnv>();
const view = [requireUser, requireScreen('settings'), requireAbility('settings.view')] as const;
const edit = [requireUser, requireScreen('settings'), requireAbility('settings.edit')] as const;
for (const path of ['/settings/company', '/companysettings']) settingsRoutes.get(path, ...view, getCompany).put(path, ...edit, putCompany);
for (const path of ['/settings/email', '/emailsettings']) settingsRoutes.get(path, ...view, getEmail).put(path, ...edit, putEmail);
settingsRoutes.put('/settings', ...edit, putBoth);
settingsRoutes.post('/settings/email/test', ...edit, sendTest);
settingsRoutes.get('/settings/email/outbox', ...view, outboxView);
