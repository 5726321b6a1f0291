import type { Sql } from '../db/sql.ts';
import type { FileStore } from '../lib/files/file-store.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { Invalid, Refused } from '../runtime/domain-errors.ts';
import { textOf } from '../../src/common/contract/form-values.ts';
import type { SettingsInput } from '../../src/common/contract/settings.ts';
import { MAIL_ADMIN_ONLY_MESSAGE, storedPasswordApplies } from '../../src/common/mail-rules.ts';
import { openPassword, readablePassword, sealPassword } from '../lib/mail/smtp-password.ts';
import { decodeImage, removeStoredImage, storeImage, type DecodedImage } from '../lib/files/images.ts';
import { REFUSED_ADDRESS_MESSAGE, sendMessage, smtpFailure, smtpReady, vetHost, type SendOptions } from '../lib/mail/smtp.ts';
import { senderName, settingsChangedLine, testMail } from '../lib/mail/templates.ts';
import { confirmOwner, FRESH_SIGN_IN_MS, WRONG_PASSWORD_MESSAGE } from '../lib/auth/confirm-owner.ts';
import { takeHits } from '../db/queries/throttle.ts';
import * as q from '../db/queries/settings.ts';
import * as outbox from '../db/queries/outbox.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { readRecord } from '../lib/activity/activity-records.ts';
import { queueWebhookEvent } from '../lib/webhooks/emit.ts';

/**
 * Settings (admin-area §3 Settings; docs/security.md "SMTP password"): what each
 * call does. Input arrives checked against the contract (CompanySettingsInput,
 * EmailSettingsInput, SettingsInput). The SMTP password is write-only (answered '',
 * `smtp_password_set` says one is stored) and bound to the server, port and user name it was
 * stored with: a blank password field keeps it only while those three stay
 * (common/mail-rules.ts storedPasswordApplies), else it means no password, in a save and in the
 * test e-mail alike, so the stored password never reaches a server the caller names. It is stored
 * sealed under the two-step key (lib/mail/smtp-password.ts), and kept as stored while unchanged.
 * Changing the e-mail settings (server, port, user name, password, type or From address) is an
 * administrator's decision (403 MAIL_ADMIN_ONLY_MESSAGE for any other role, whatever its
 * abilities; docs/security.md "Who may change where e-mail goes"), needs the caller's own
 * password, or a sign-in within FRESH_SIGN_IN_MS; in the transaction that saves them, every
 * administrator gets a notice queued that goes out through the settings as they were
 * (db/queries/outbox.ts `settings` rows), and the activity row (`who`, resource `settings`,
 * labelled by the tabs saved) records the change, the SMTP password only as "changed"; so does
 * `email_settings_changes` (who and when: the mail sender holds an administrator's links after a
 * change by anyone else, lib/mail/sender.ts).
 * A new logo is stored before the write and removed again when the write fails, the old one
 * after it succeeds; new SMTP settings make every waiting e-mail due and wake the sender.
 */

/** The owner's confirmation has one home (lib/auth/confirm-owner.ts); its words and freshness are re-exported here. */
export { FRESH_SIGN_IN_MS, WRONG_PASSWORD_MESSAGE };
/** Test e-mails one user may send per TEST_WINDOW_MS. */
export const TEST_LIMIT = 5;
export const TEST_WINDOW_MS = 60_000;
/**
 * A failed test e-mail answers no earlier than this after it was asked (ms): a closed port
 * (refused at once) then answers no sooner than a silent one, so only the fixed message tells them apart.
 */
export const TEST_FAILURE_FLOOR_MS = 3_000;
/** 422 on current_password when a change of the e-mail settings comes without it and the sign-in is not fresh. */
export const CONFIRM_MESSAGE = 'Type your password to change the e-mail settings.';

/**
 * What a save needs beside the database: the file store (logos), a way to wake the e-mail sender,
 * how sends connect, and `key`, the two-step key that seals the SMTP password (none: a new one is refused).
 */
export interface SettingsDeps {
  sql: Sql;
  files: FileStore;
  wake: () => void;
  send?: SendOptions;
  key?: Buffer | null;
}
/**
 * Who asks: the user, its client address (named in the notice), its session's token hash (a
 * fresh sign-in), and `throttled`, which runs a password check under the route's throttle (a
 * check failing on current_password counts; 429 once too many did).
 */
export interface Actor {
  user: AuthUser;
  ip: string;
  sessionHash: string;
  throttled: (check: () => Promise<void>) => Promise<void>;
}
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
    image,
    current,
    next: {
      logo: logo === current.logo ? current.logo : '',
      name: (v.name ?? '').trim(),
      primary_mail: (v.primary_mail ?? '').trim(),
      sales_mail: (v.sales_mail ?? '').trim(),
      phone: (v.phone ?? '').trim(),
      address: v.address ?? '',
    },
  };
}
/**
 * The e-mail settings a checked form asks for, beside the `stored` ones, the password in its stored
 * form: a blank smtp_password keeps the stored one only when server, port and user name are those
 * it was stored with (else none); a typed one that is the stored password keeps it as stored. Any
 * other typed password is `typed` (next holds '' for it), to be sealed once the change is allowed.
 */
function mailOf(stored: q.EmailSettings, v: SettingsInput, key?: Buffer | null): { next: q.EmailSettings; typed: string | null } {
  const next = {
    smtp_server: (v.smtp_server ?? '').trim(),
    smtp_email: (v.smtp_email ?? '').trim(),
    smtp_username: (v.smtp_username ?? '').trim(),
    smtp_password: '',
    smtp_port: textOf(v.smtp_port).trim(),
    smtp_type: textOf(v.smtp_type).trim(),
  };
  const typed = v.smtp_password ?? '';
  const keep = typed === '' ? storedPasswordApplies(stored, next) : stored.smtp_password !== '' && readablePassword(key, stored.smtp_password) === typed;
  if (keep) next.smtp_password = stored.smtp_password;
  return { next, typed: keep || typed === '' ? null : typed };
}

/** True when the form asks for a new password or `next` differs from `stored` in any field. */
const changed = (stored: q.EmailSettings, { next, typed }: ReturnType<typeof mailOf>) => typed !== null || q.EMAIL_FIELDS.some((f) => stored[f] !== next[f]);

/**
 * The caller confirms itself for a change of the e-mail settings (lib/auth/confirm-owner.ts):
 * its own password (422 WRONG_PASSWORD_MESSAGE) or, when blank, a sign-in at most
 * FRESH_SIGN_IN_MS old (else 422 CONFIRM_MESSAGE); both on current_password.
 */
const confirmCaller = (sql: Sql, a: Actor, password: string) =>
  confirmOwner(sql, { userId: a.user.id, sessionHash: a.sessionHash, throttled: a.throttled }, { password }, CONFIRM_MESSAGE);

/** The e-mail part of a save: the new settings (stored form) and, when they change, who changes them (`by`) and the notices to queue with them. */
interface MailChange {
  next: q.EmailSettings;
  by: number | null;
  /** One notice per active administrator, its sentence in their language. */
  notices: { to: { email: string; name: string }; line: string; via: q.EmailSettings; language: string }[];
}

/**
 * 422 on smtp_server (REFUSED_ADDRESS_MESSAGE) when the address policy refuses every address
 * `server` resolves to; a name that does not resolve now is left for the sender to try later.
 */
async function checkAddress(server: string, o: SendOptions = {}) {
  if (!server) return;
  try {
    await vetHost(server, o.egress);
  } catch (err) {
    if ((err as { code?: string }).code === 'EEGRESS') throw new Invalid({ smtp_server: [REFUSED_ADDRESS_MESSAGE] });
  }
}

/**
 * The e-mail settings a save asks for. When they change: refused (403) unless the caller is an
 * administrator, a new server checked against the address policy (checkAddress), a new password
 * sealed (422 without a key), confirmed by the caller (confirmCaller), with one notice per
 * administrator to go through the `stored` settings (none when those could not send).
 */
async function mailChange(d: SettingsDeps, v: SettingsInput, a: Actor): Promise<MailChange> {
  const sql = d.sql;
  const stored = await q.getEmailSettings(sql);
  const asked = mailOf(stored, v, d.key),
    next = asked.next;
  if (!changed(stored, asked)) return { next, by: null, notices: [] };
  // Where e-mail goes (password resets included) is an administrator's decision, whatever abilities another role holds.
  if (!a.user.isAdmin) throw new Refused(MAIL_ADMIN_ONLY_MESSAGE);
  if (next.smtp_server.toLowerCase() !== stored.smtp_server.toLowerCase()) await checkAddress(next.smtp_server, d.send);
  if (asked.typed !== null) next.smtp_password = sealPassword(d.key, asked.typed);
  await confirmCaller(sql, a, v.current_password ?? '');
  if (!smtpReady(stored)) return { next, by: a.user.id, notices: [] };
  // Each administrator reads the notice in their own language (English while none is chosen).
  return {
    next,
    by: a.user.id,
    notices: (await q.activeAdministrators(sql)).map((to) => {
      const language = to.language || 'en';
      return { to, line: settingsChangedLine(a.user.name, a.user.email, a.ip, language), via: stored, language };
    }),
  };
}

/** Writes company and/or e-mail settings in one transaction with their activity row by `who`, the notices queued first (see the module's comment for logos and the sender). */
async function save(d: SettingsDeps, who: Who, company: Company | null, mail: MailChange | null) {
  if (company?.image) company.next.logo = await storeImage(d.files, company.image, 'settings');
  // Both tabs read as one record: the company row with the e-mail row's fields.
  const table = company ? 'company_settings' : 'email_settings',
    alsoTable = company && mail ? 'email_settings' : undefined;
  try {
    await d.sql.transaction(async (tx) => {
      const before = await readRecord(tx, table, 1, { lock: true, alsoTable });
      if (company) await q.saveCompanySettings(tx, company.next);
      if (mail) {
        for (const n of mail.notices) await outbox.enqueueSettingsNotice(tx, n.to, n.line, n.line, n.via, n.language);
        await q.saveEmailSettings(tx, mail.next);
        if (mail.by !== null) await q.recordEmailChange(tx, mail.by);
        await outbox.dueNow(tx);
      }
      const after = await readRecord(tx, table, 1, { alsoTable });
      await recordActivity(tx, who, {
        resource: 'settings',
        action: 'update',
        id: 1,
        label: alsoTable ? 'Company and Email' : company ? 'Company' : 'Email',
        before,
        after,
      });
      // Which fields changed, never their values (the e-mail settings' are an administrator's only).
      const fields = Object.keys({ ...before, ...after }).filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]));
      await queueWebhookEvent(tx, 'settings.changed', null, { tabs: [...(company ? ['company'] : []), ...(mail ? ['email'] : [])], fields });
    });
  } catch (err) {
    if (company?.image) await removeStoredImage(d.files, company.next.logo);
    throw err;
  }
  if (company?.current.logo && company.current.logo !== company.next.logo) await removeStoredImage(d.files, company.current.logo);
  if (mail) d.wake();
}

/** Saves the company settings; resolves to them as stored. */
export async function saveCompany(d: SettingsDeps, who: Who, v: SettingsInput) {
  const company = await companyOf(d.sql, v);
  await save(d, who, company, null);
  return company.next;
}
/** Saves the e-mail settings `a` asks for (confirmed and announced when they change: mailChange); resolves to them as answered. */
export async function saveEmail(d: SettingsDeps, who: Who, v: SettingsInput, a: Actor) {
  const mail = await mailChange(d, v, a);
  await save(d, who, null, mail);
  return emailView(mail.next);
}
/**
 * Save Changes: a tab is saved when any of its fields is in `v` (422 on `name` when neither is);
 * both in one transaction, one outcome. Resolves to { company, email } (null: not sent).
 */
export async function saveBoth(d: SettingsDeps, who: Who, v: SettingsInput, a: Actor) {
  const hasCompany = q.COMPANY_FIELDS.some((f) => f in v),
    hasEmail = q.EMAIL_FIELDS.some((f) => f in v);
  if (!hasCompany && !hasEmail) throw new Invalid({ name: ['Send the company settings, the e-mail settings or both.'] });
  const company = hasCompany ? await companyOf(d.sql, v) : null;
  const mail = hasEmail ? await mailChange(d, v, a) : null;
  await save(d, who, company, mail);
  return { company: company?.next ?? null, email: mail && emailView(mail.next) };
}

/**
 * Counts one test e-mail of `user` (TEST_LIMIT per TEST_WINDOW_MS, on the database's clock, any
 * number of processes); resolves to 0 when it may go, else the seconds until it may (the route answers 429).
 */
export async function testWait(sql: Sql, user: AuthUser): Promise<number> {
  const [hit] = await takeHits(sql, [{ key: `smtptest:acct:${user.id}`, limit: TEST_LIMIT, windowMs: TEST_WINDOW_MS }]);
  return hit.state === 'granted' ? 0 : Math.max(1, Math.ceil(hit.retryMs / 1000));
}

/**
 * Send test e-mail: to `to` with the settings of `v` (unsaved; a blank password is
 * the stored one only with the stored server, port and user name), within 10 s. 422 "Fill in …"
 * when the settings cannot send; otherwise 422 with a fixed message (smtpFailure: the remote
 * side's words are never repeated) on the field it points at, no earlier than
 * TEST_FAILURE_FLOOR_MS after the call began. The attempt is listed under Recent e-mails. The
 * e-mail is written in `language` (the caller's, who is its recipient) with its Content-Language.
 */
export async function sendTest(d: SettingsDeps, to: AuthUser, v: SettingsInput, language = 'en') {
  const began = performance.now();
  const { next: settings, typed } = mailOf(await q.getEmailSettings(d.sql), v, d.key);
  if (!smtpReady(settings)) throw new Invalid({ smtp_server: ['Fill in SMTP Server, SMTP Email and SMTP Port first.'] });
  const company = (await q.getCompanySettings(d.sql)).name;
  const mail = testMail(company, to.email, language);
  try {
    // The password typed, or the stored one opened (a wrong key: smtpFailure's words on smtp_password).
    const password = typed ?? openPassword(d.key, settings.smtp_password);
    await sendMessage({ ...settings, smtp_password: password }, { to: to.email, toName: to.name, language, ...mail }, senderName(company), d.send);
  } catch (err) {
    const f = smtpFailure(err, settings);
    await outbox.recordDirect(d.sql, { kind: 'test', to: to.email, subject: mail.subject }, false, f.message);
    const wait = began + TEST_FAILURE_FLOOR_MS - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    throw new Invalid({ [f.field]: [f.message] });
  }
  await outbox.recordDirect(d.sql, { kind: 'test', to: to.email, subject: mail.subject }, true, '');
  return { to: to.email };
}

/** The outbox as the Email tab shows it: how many wait, whether the saved settings can send, and the latest 20 (never a body). */
export async function outboxView(sql: Sql) {
  return { waiting: await outbox.countWaiting(sql), smtp_ready: smtpReady(await q.getEmailSettings(sql)), recent: await outbox.recentMail(sql, 20) };
}
