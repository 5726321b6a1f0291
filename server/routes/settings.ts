import { Hono, type Context } from 'hono';
import { every } from 'hono/combine';
import type { AppEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { requireAbility, requireScreen, requireUser, sessionHashOf } from '../http/middleware/auth.ts';
import { Busy, Invalid } from '../runtime/domain-errors.ts';
import { throttleScope } from '../http/throttle-scope.ts';
import { clientAddress } from '../http/client-address.ts';
import { throttledCheck } from '../lib/auth/link-throttle.ts';
import { CompanySettingsInput, EmailSettingsInput, SETTINGS_LABELS, SettingsInput } from '../../src/common/contract/admin.ts';
import * as settings from '../services/settings.ts';
import { mailHealth } from '../services/mail-health.ts';
import { logs, whoOf } from '../http/logs.ts';
import { answerLocale } from '../http/api-language.ts';

const view = every(requireUser, requireScreen('settings'), requireAbility('settings.view'));
const edit = every(requireUser, requireScreen('settings'), requireAbility('settings.edit'));
const deps = (c: Context<AppEnv>): settings.SettingsDeps => ({
  sql: c.get('sql'),
  files: c.get('files'),
  wake: () => c.get('mailer').wake(),
  send: { tlsInsecure: c.get('config').smtpTlsInsecure, egress: c.get('config').smtpEgress },
  key: c.get('config').twoStepKey,
});
/** The caller as a save of e-mail settings needs it; its wrong passwords count on My account's throttle (per account and address, 429). */
const actor = (c: Context<AppEnv>): settings.Actor => ({
  user: c.get('user'),
  ip: clientAddress(c, c.get('config').trustProxy),
  sessionHash: sessionHashOf(c),
  throttled: (check) =>
    throttledCheck(throttleScope(c), 'pw', String(c.get('user').id), check, (err) => err instanceof Invalid && !!err.errors.current_password),
});

/**
 * Settings (admin-area §2 "Settings screen", §3, §7). Both naming readings answer the same:
 * GET/PUT settings/company and companysettings (contract CompanySettingsInput: logo, name,
 * primary_mail, sales_mail, phone, address); GET/PUT settings/email and emailsettings (contract
 * EmailSettingsInput: smtp_server, smtp_email, smtp_username, smtp_password, smtp_port, smtp_type
 * ∈ ssl | tls | none | '', and current_password: the caller's own, when the save changes them and
 * the sign-in is older than 5 minutes; 422 on it otherwise). Changing them needs role admin: any
 * other caller (Edit settings or not) that sends e-mail fields differing from the saved ones gets
 * 403 "Only an administrator may change the e-mail settings (…)." and nothing is saved, the
 * company tab of PUT settings included; the same fields unchanged pass. PUT settings (both tabs,
 * one outcome; SettingsInput), POST settings/email/test (Send test e-mail; 5 a minute per user,
 * then 429 with Retry-After), GET settings/email/outbox (waiting count and Recent e-mails),
 * GET settings/email/health ({ failed, stuck, latest }: real e-mails failed in the last day since mail last went out,
 * waiting over 5 minutes, the newest one's id; the header notice; services/mail-health.ts).
 * Mount at `/`. Screen `settings` only; services/settings.ts does the work.
 */
export const settingsRoutes = new Hono<AppEnv>();
for (const path of ['/settings/company', '/companysettings']) {
  settingsRoutes
    .get(path, view, async (c) => ok(c, await settings.companySettings(c.get('sql'))))
    .put(path, edit, logs('settings'), body(CompanySettingsInput, SETTINGS_LABELS), async (c) =>
      ok(c, await settings.saveCompany(deps(c), whoOf(c), c.req.valid('form')), 'Company settings updated successfully.'),
    );
}
for (const path of ['/settings/email', '/emailsettings']) {
  settingsRoutes
    .get(path, view, async (c) => ok(c, await settings.emailSettings(c.get('sql'))))
    .put(path, edit, logs('settings'), body(EmailSettingsInput, SETTINGS_LABELS), async (c) =>
      ok(c, await settings.saveEmail(deps(c), whoOf(c), c.req.valid('form'), actor(c)), 'Email settings updated successfully.'),
    );
}
settingsRoutes
  .put('/settings', edit, logs('settings'), body(SettingsInput, SETTINGS_LABELS), async (c) =>
    ok(c, await settings.saveBoth(deps(c), whoOf(c), c.req.valid('form'), actor(c)), 'Settings updated successfully.'),
  )
  .post('/settings/email/test', edit, body(EmailSettingsInput, SETTINGS_LABELS), async (c) => {
    const wait = await settings.testWait(c.get('sql'), c.get('user'));
    if (wait)
      throw new Busy(
        `Too many test e-mails: at most ${settings.TEST_LIMIT} a minute. Please try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`,
        'throttled',
        undefined,
        wait,
      );
    const sent = await settings.sendTest(deps(c), c.get('user'), c.req.valid('form'), answerLocale(c));
    return ok(c, sent, `Test e-mail sent to ${sent.to}.`);
  })
  .get('/settings/email/outbox', view, async (c) => ok(c, await settings.outboxView(c.get('sql'))))
  .get('/settings/email/health', view, async (c) => ok(c, await mailHealth(c.get('sql'))));
