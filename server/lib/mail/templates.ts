import { CATALOGS } from '../../../src/common/i18n/catalogs/index.ts';
import type { MessageKey } from '../../../src/common/i18n/catalogs/en.ts';
import { formatMessage, type MessageValues } from '../../../src/common/i18n/message-format.ts';
import { isLocale } from '../../../src/common/i18n/locales.ts';

/**
 * The product's e-mails: plain text plus simple HTML, signed with the company name
 * from Settings → Company ("Events Back-office" while it is blank). Each builder returns the
 * subject, text and html; every value put into HTML is escaped. Links come whole from the caller.
 */
export interface Mail {
  subject: string;
  text: string;
  html: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** The sender's name: the company name, or the product's when none is set. */
export const senderName = (company: string) => company.trim() || 'Events Back-office';

function build(company: string, subject: string, lines: string[], link?: { url: string; label: string }): Mail {
  const sign = senderName(company);
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.url}`] : []), '', `— ${sign}`].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#222">${lines.map((l) => (l ? `<p>${esc(l)}</p>` : '')).join('')}` +
    (link
      ? `<p><a href="${esc(link.url)}" style="display:inline-block;padding:8px 16px;background:#2f6fde;color:#fff;text-decoration:none;border-radius:4px">${esc(link.label)}</a></p><p style="font-size:12px;color:#666">${esc(link.url)}</p>`
      : '') +
    `<p>— ${esc(sign)}</p></body></html>`;
  return { subject, text, html };
}

/** Settings → Email → Send test e-mail. */
export const testMail = (company: string, to: string): Mail =>
  build(company, `Test e-mail from ${senderName(company)}`, [`This is a test e-mail sent to ${to}.`, 'Your SMTP settings work.']);

/** `key` of the catalogs in `locale` (a shipped one, else English), formatted with `values`. */
const say = (locale: string, key: MessageKey, values?: MessageValues) => {
  const l = isLocale(locale) ? locale : 'en';
  return formatMessage(l, CATALOGS[l][key], values);
};

/** "Forgot password?": a link valid for 60 minutes, in the recipient's `locale` (docs/languages.md; English by default). */
export const resetMail = (company: string, name: string, url: string, locale = 'en'): Mail =>
  build(
    company,
    say(locale, 'mail.reset.subject', { sender: senderName(company) }),
    [say(locale, 'mail.hello', { name }), say(locale, 'mail.reset.asked'), say(locale, 'mail.reset.link')],
    { url, label: say(locale, 'mail.reset.button') },
  );

/**
 * An invitation (a user or organiser added without a password): a link valid for 7 days.
 * `organiser` names the organiser, if any; in the recipient's `locale` (English by default).
 */
export const inviteMail = (company: string, name: string, url: string, consoleUrl: string, organiser?: string, locale = 'en'): Mail =>
  build(
    company,
    organiser
      ? say(locale, 'mail.invite.subjectOrganiser', { organiser, sender: senderName(company) })
      : say(locale, 'mail.invite.subject', { sender: senderName(company) }),
    [
      say(locale, 'mail.hello', { name }),
      organiser ? say(locale, 'mail.invite.madeOrganiser', { organiser, url: consoleUrl }) : say(locale, 'mail.invite.made', { url: consoleUrl }),
      say(locale, 'mail.invite.link'),
    ],
    { url, label: say(locale, 'mail.invite.button') },
  );

/** A booking accepted: the participant's token. */
export const bookingAcceptedMail = (company: string, b: { name: string; date: string; token: string; organiser: string }): Mail =>
  build(company, `Your booking for ${b.date} is confirmed`, [
    `Hello ${b.name},`,
    `${b.organiser} accepted your booking for ${b.date}.`,
    `Your booking token is: ${b.token}`,
    'Show it when you arrive.',
  ]);

/** A booking rejected: the decision. */
export const bookingRejectedMail = (company: string, b: { name: string; date: string; organiser: string }): Mail =>
  build(company, `Your booking for ${b.date} was not accepted`, [
    `Hello ${b.name},`,
    `${b.organiser} could not accept your booking for ${b.date}.`,
    'You are welcome to ask for another date.',
  ]);

/** An administrator reset the user's two-step sign-in (docs/security.md "Two-step sign-in"). */
export const twoStepResetMail = (company: string, name: string, by: string): Mail =>
  build(company, 'Your two-step sign-in was reset', [
    `Hello ${name},`,
    `${by} reset the two-step sign-in of your account: your authenticator app, recovery codes and passkeys were removed and every session was signed out.`,
    'Sign in with your password and turn two-step sign-in on again in My account. If you did not ask for this, tell your administrator now.',
  ]);

/**
 * A participant's photos are ready (docs/participants.md "The e-mail"): the personal gallery link,
 * in `locale` (the participant's language, else the event's: participantLocale; English by default).
 */
export const galleryMail = (company: string, p: { name: string; event: string; url: string }, locale = 'en'): Mail =>
  build(
    company,
    say(locale, 'mail.gallery.subject', { event: p.event }),
    [say(locale, 'mail.hello', { name: p.name }), say(locale, 'mail.gallery.ready', { event: p.event }), say(locale, 'mail.gallery.yours')],
    { url: p.url, label: say(locale, 'mail.gallery.button') },
  );

/**
 * The sentence of the notice that the outgoing e-mail settings changed: "The outgoing e-mail
 * settings were changed by Ann (ann@example.org) from 203.0.113.9" (control characters of a name
 * stored before names were one line become spaces: the sentence is also the subject).
 */
export const settingsChangedLine = (name: string, email: string, ip: string) =>
  `The outgoing e-mail settings were changed by ${name} (${email}) from ${ip || 'an unknown address'}`.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    ' ',
  );

/** The notice to each administrator, sent through the settings before the change; `line` is settingsChangedLine's. */
export const noticeMail = (company: string, line: string): Mail =>
  build(company, line, [
    `${line}.`,
    'If you did not expect this, check Settings → Email and the activity log now: every e-mail, password reset links included, goes out through the new settings.',
  ]);

/** What changed in a user's second factors, as the owner's e-mail says it (factorChangedMail). */
export type FactorChange =
  | { kind: 'passkey_add' | 'passkey_remove'; name: string }
  | { kind: 'totp_on' | 'totp_off' | 'totp_replaced' | 'recovery_codes' | 'unlocked' };
const FACTOR_SUBJECTS: Record<FactorChange['kind'], string> = {
  passkey_add: 'A passkey was added to your account',
  passkey_remove: 'A passkey was removed from your account',
  totp_on: 'An authenticator app was turned on for your account',
  totp_off: 'The authenticator app of your account was turned off',
  totp_replaced: 'The authenticator app of your account was replaced',
  recovery_codes: 'New recovery codes were made for your account',
  unlocked: 'The sign-in codes of your account were unlocked',
};
/** The sentence of a change, the passkey's name in quotes. */
const factorLine = (c: FactorChange) =>
  'name' in c
    ? `${c.kind === 'passkey_add' ? 'A passkey named' : 'The passkey'} “${c.name}” was ${c.kind === 'passkey_add' ? 'added to' : 'removed from'} your account`
    : FACTOR_SUBJECTS[c.kind];

/**
 * The owner's notice of a change to the second factors of their account (docs/security.md
 * "Two-step sign-in"): what changed, by whom when not the owner (`by`, an administrator's name),
 * and from which address; what to do when it was not them. The passkey's name stays out of the subject.
 */
export const factorChangedMail = (company: string, name: string, change: FactorChange, from: string, by?: string): Mail =>
  build(company, FACTOR_SUBJECTS[change.kind], [
    `Hello ${name},`,
    `${factorLine(change)}${by ? ` by ${by}` : ''}, from ${from || 'an unknown address'}.`,
    'If this was you, there is nothing more to do. If not, someone has used your account: change your password in My account, remove any passkey you do not recognise, and tell your administrator.',
  ]);

/** The owner's warning at CODE_WARN_AT wrong second-step codes in a row: whoever typed them knew the password. */
export const wrongCodesMail = (company: string, name: string, count: number, lockAt: number, from: string): Mail =>
  build(company, 'Wrong sign-in codes for your account', [
    `Hello ${name},`,
    `Someone typed the right password for your account, then ${count} wrong two-step codes in a row (the last from ${from || 'an unknown address'}).`,
    'If this was not you, your password is known to someone else: change it now in My account.',
    `After ${lockAt} wrong codes in a row, sign-in with a code is locked until you unlock it from the e-mail we then send, or an administrator does.`,
  ]);

/** Codes locked after `lockAt` wrong ones in a row: the link unlocks them (once, for `days` days). */
export const codesLockedMail = (company: string, name: string, lockAt: number, days: number, url: string): Mail =>
  build(
    company,
    'Sign-in codes for your account are locked',
    [
      `Hello ${name},`,
      `After ${lockAt} wrong two-step codes in a row, signing in to your account with a code or a recovery code is locked. Whoever typed them knew your password.`,
      'If this was not you, change your password first. A passkey still signs you in.',
      `When you are ready, unlock sign-in codes with the link below; it works once, for ${days} days. An administrator can also unlock them.`,
    ],
    { url, label: 'Unlock sign-in codes' },
  );

/** A webhook endpoint was disabled after failing for `days` days (docs/webhooks.md "Automatic disabling"). */
export const webhookDisabledMail = (company: string, url: string, days: number, lastError: string, consoleUrl: string): Mail =>
  build(
    company,
    'A webhook endpoint was disabled',
    [
      `The webhook endpoint ${url} failed every delivery for ${days} ${days === 1 ? 'day' : 'days'} and was disabled.`,
      `Last error: ${lastError || 'none recorded'}`,
      'Its waiting deliveries are kept: enable it again under Webhooks once it answers, and they resume.',
    ],
    { url: consoleUrl, label: 'Open the console' },
  );
