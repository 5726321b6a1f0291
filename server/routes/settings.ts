import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ok, readBody } from '../lib/envelope.ts';
import { email, integer, maxLength, str, validate, type Rule } from '../lib/validate.ts';
import { decodeImage, removeStoredImage, storeImage } from '../lib/images.ts';
import { requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/settings.ts';

const short = [maxLength(255)];
const port: Rule = (v, l) => (String(v ?? '') !== '' && !(Number(v) >= 1 && Number(v) <= 65535) ? `The ${l} must be between 1 and 65535.` : null);

const getCompany = async (c: Context<AppEnv>) => ok(c, await q.getCompanySettings(c.var.sql));

/** Company settings save: mails valid when given; logo a new data-URL image, the stored URL (unchanged) or '' (none). */
async function putCompany(c: Context<AppEnv>) {
  const body = await readBody(c);
  validate(body, {
    name: short, primary_mail: [email, ...short], sales_mail: [email, ...short], phone: [maxLength(50)], address: [maxLength(2000)],
  }, { primary_mail: 'primary mail', sales_mail: 'sales mail' });
  const current = await q.getCompanySettings(c.var.sql);
  const logoValue = str(body, 'logo');
  const image = logoValue === current.logo ? null : decodeImage(logoValue, 'logo');
  const logo = image ? await storeImage(c.var.files, image, 'settings') : logoValue === current.logo ? current.logo : '';
  const next: q.CompanySettings = {
    logo, name: str(body, 'name').trim(), primary_mail: str(body, 'primary_mail').trim(), sales_mail: str(body, 'sales_mail').trim(),
    phone: str(body, 'phone').trim(), address: str(body, 'address'),
  };
  try {
    await q.saveCompanySettings(c.var.sql, next);
  } catch (err) {
    if (image) await removeStoredImage(c.var.files, logo);
    throw err;
  }
  if (current.logo && current.logo !== logo) await removeStoredImage(c.var.files, current.logo);
  return ok(c, next, 'Company settings updated successfully.');
}

// The SMTP password is write-only: reads answer it empty and say whether one is stored.
const getEmail = async (c: Context<AppEnv>) => {
  const s = await q.getEmailSettings(c.var.sql);
  return ok(c, { ...s, smtp_password: '', smtp_password_set: s.smtp_password !== '' });
};

/** E-mail settings save: a blank smtp_password keeps the stored one. */
async function putEmail(c: Context<AppEnv>) {
  const body = await readBody(c);
  validate(body, {
    smtp_server: short, smtp_email: [email, ...short], smtp_username: short, smtp_password: short, smtp_port: [integer, port], smtp_type: [maxLength(20)],
  }, { smtp_server: 'SMTP server', smtp_email: 'SMTP email', smtp_username: 'SMTP username', smtp_password: 'SMTP password', smtp_port: 'SMTP port', smtp_type: 'SMTP type' });
  const current = await q.getEmailSettings(c.var.sql);
  const password = str(body, 'smtp_password');
  const next: q.EmailSettings = {
    smtp_server: str(body, 'smtp_server').trim(), smtp_email: str(body, 'smtp_email').trim(), smtp_username: str(body, 'smtp_username').trim(),
    smtp_password: password === '' ? current.smtp_password : password, smtp_port: str(body, 'smtp_port').trim(), smtp_type: str(body, 'smtp_type').trim(),
  };
  await q.saveEmailSettings(c.var.sql, next);
  return ok(c, { ...next, smtp_password: '', smtp_password_set: next.smtp_password !== '' }, 'Email settings updated successfully.');
}

/**
 * Settings (admin-area §2 "Settings screen", §3, §7). Both naming readings answer the same:
 * GET/PUT settings/company and companysettings (logo, name, primary_mail, sales_mail, phone,
 * address); GET/PUT settings/email and emailsettings (smtp_server, smtp_email, smtp_username,
 * smtp_password, smtp_port, smtp_type). Mount at `/`. Screen `settings` only.
 */
export const settingsRoutes = new Hono<AppEnv>();
for (const path of ['/settings/company', '/companysettings']) {
  settingsRoutes.get(path, requireUser, requireScreen('settings'), requireAbility('settings.view'), getCompany).put(path, requireUser, requireScreen('settings'), requireAbility('settings.edit'), putCompany);
}
for (const path of ['/settings/email', '/emailsettings']) {
  settingsRoutes.get(path, requireUser, requireScreen('settings'), requireAbility('settings.view'), getEmail).put(path, requireUser, requireScreen('settings'), requireAbility('settings.edit'), putEmail);
}
