import { CATALOGS } from '../../../src/common/i18n/catalogs/index.ts';
import type { MessageKey } from '../../../src/common/i18n/catalogs/en.ts';
import { formatMessage, type MessageValues } from '../../../src/common/i18n/message-format.ts';
import { isLocale } from '../../../src/common/i18n/locales.ts';
import { localiseApiMessage } from '../../../src/common/i18n/api-messages.ts';

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

/** A mail of `lines` (empty ones left out of the HTML) and an optional button `link`, signed with the sender's name. */
export function build(company: string, subject: string, lines: string[], link?: { url: string; label: string }): Mail {
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

/** `key` of the catalogs in `locale` (a shipped one, else English), formatted with `values`. */
export const say = (locale: string, key: MessageKey, values?: MessageValues) => {
  const l = isLocale(locale) ? locale : 'en';
  return formatMessage(l, CATALOGS[l][key], values);
};

/** Settings → Email → Send test e-mail, to `to`, in `locale` (the caller's: http/api-language.ts answerLocale; English by default). */
export const testMail = (company: string, to: string, locale = 'en'): Mail =>
  build(company, say(locale, 'mail.test.subject', { sender: senderName(company) }), [say(locale, 'mail.test.sentTo', { to }), say(locale, 'mail.test.works')]);

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * A booking's day as the e-mail writes it: YYYY-MM-DD as stored in English (word for word as
 * ever), the locale's long date in the others ('2 juin 2031'); a day not in that form stays as stored.
 */
export const dayIn = (locale: string, day: string) => {
  const m = ISO_DAY.exec(day);
  if (!m || !isLocale(locale) || locale === 'en') return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
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

/** Who answered a booking: the organiser's name, or "The organiser" in `locale` when it has none. */
export interface BookingWho {
  name: string;
  date: string;
  organiser: string | null;
}
const organiserOf = (b: BookingWho, locale: string) => b.organiser ?? say(locale, 'mail.booking.theOrganiser');

/** A booking accepted: the participant's token, in `locale` (bookingLanguage; English by default). */
export const bookingAcceptedMail = (company: string, b: BookingWho & { token: string }, locale = 'en'): Mail => {
  const date = dayIn(locale, b.date);
  return build(company, say(locale, 'mail.booking.acceptedSubject', { date }), [
    say(locale, 'mail.hello', { name: b.name }),
    say(locale, 'mail.booking.accepted', { organiser: organiserOf(b, locale), date }),
    say(locale, 'mail.booking.token', { token: b.token }),
    say(locale, 'mail.booking.show'),
  ]);
};

/** A booking rejected: the decision, in `locale` (bookingLanguage; English by default). */
export const bookingRejectedMail = (company: string, b: BookingWho, locale = 'en'): Mail => {
  const date = dayIn(locale, b.date);
  return build(company, say(locale, 'mail.booking.rejectedSubject', { date }), [
    say(locale, 'mail.hello', { name: b.name }),
    say(locale, 'mail.booking.rejected', { organiser: organiserOf(b, locale), date }),
    say(locale, 'mail.booking.askAgain'),
  ]);
};

/** An administrator reset the user's two-step sign-in (docs/security.md "Two-step sign-in"), in the user's `locale` (English by default). */
export const twoStepResetMail = (company: string, name: string, by: string, locale = 'en'): Mail =>
  build(company, say(locale, 'mail.twoStepReset.subject'), [
    say(locale, 'mail.hello', { name }),
    say(locale, 'mail.twoStepReset.done', { by }),
    say(locale, 'mail.twoStepReset.next'),
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
 * settings were changed by Ann (ann@example.org) from 203.0.113.9", in the administrator's
 * `locale` (English by default); control characters of a name stored before names were one line
 * become spaces: the sentence is also the subject.
 */
export const settingsChangedLine = (name: string, email: string, ip: string, locale = 'en') =>
  say(locale, 'mail.settingsChanged.line', { name, email, from: ip || say(locale, 'mail.unknownAddress') }).replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    ' ',
  );

/** The notice to each administrator, sent through the settings before the change; `line` is settingsChangedLine's, in the same `locale`. */
export const noticeMail = (company: string, line: string, locale = 'en'): Mail =>
  build(company, line, [`${line}.`, say(locale, 'mail.settingsChanged.advice')]);

/** What changed in a user's second factors, as the owner's e-mail says it (factorChangedMail). */
export type FactorChange =
  | { kind: 'passkey_add' | 'passkey_remove'; name: string }
  | { kind: 'totp_on' | 'totp_off' | 'totp_replaced' | 'recovery_codes' | 'unlocked' };
/** The sentence of a change in `locale`, the passkey's name in quotes (the subject names no passkey). */
const factorLine = (c: FactorChange, locale: string) =>
  'name' in c
    ? say(locale, c.kind === 'passkey_add' ? 'mail.factor.passkeyAdded' : 'mail.factor.passkeyRemoved', { name: c.name })
    : say(locale, 'mail.factor.subject', { kind: c.kind });

/**
 * The owner's notice of a change to the second factors of their account (docs/security.md
 * "Two-step sign-in"): what changed, by whom when not the owner (`by`, an administrator's name),
 * and from which address; what to do when it was not them. The passkey's name stays out of the
 * subject. In the owner's `locale` (English by default).
 */
export const factorChangedMail = (company: string, name: string, change: FactorChange, from: string, by?: string, locale = 'en'): Mail => {
  const where = from || say(locale, 'mail.unknownAddress');
  const change_ = factorLine(change, locale);
  return build(company, say(locale, 'mail.factor.subject', { kind: change.kind }), [
    say(locale, 'mail.hello', { name }),
    by ? say(locale, 'mail.factor.fromBy', { change: change_, by, from: where }) : say(locale, 'mail.factor.from', { change: change_, from: where }),
    say(locale, 'mail.factor.advice'),
  ]);
};

/** The owner's warning at CODE_WARN_AT wrong second-step codes in a row: whoever typed them knew the password. In the owner's `locale`. */
export const wrongCodesMail = (company: string, name: string, count: number, lockAt: number, from: string, locale = 'en'): Mail =>
  build(company, say(locale, 'mail.wrongCodes.subject'), [
    say(locale, 'mail.hello', { name }),
    say(locale, 'mail.wrongCodes.typed', { count, from: from || say(locale, 'mail.unknownAddress') }),
    say(locale, 'mail.wrongCodes.notYou'),
    say(locale, 'mail.wrongCodes.lock', { count: lockAt }),
  ]);

/** Codes locked after `lockAt` wrong ones in a row: the link unlocks them (once, for `days` days). In the owner's `locale`. */
export const codesLockedMail = (company: string, name: string, lockAt: number, days: number, url: string, locale = 'en'): Mail =>
  build(
    company,
    say(locale, 'mail.locked.subject'),
    [
      say(locale, 'mail.hello', { name }),
      say(locale, 'mail.locked.after', { count: lockAt }),
      say(locale, 'mail.locked.notYou'),
      say(locale, 'mail.locked.unlock', { days }),
    ],
    { url, label: say(locale, 'mail.locked.button') },
  );

/**
 * A webhook endpoint was disabled after failing for `days` days (docs/webhooks.md "Automatic
 * disabling"), in the recipient's `locale` (English by default). The last error is one of the
 * attempt's failures in plain words (lib/webhooks/deliver.ts), said in `locale` by its code
 * (error.webhook…, validation.url…, common/i18n/api-message-codes.ts); one without a code stays as recorded.
 */
export const webhookDisabledMail = (company: string, url: string, days: number, lastError: string, consoleUrl: string, locale = 'en'): Mail =>
  build(
    company,
    say(locale, 'mail.webhookDisabled.subject'),
    [
      say(locale, 'mail.webhookDisabled.failed', { url, days }),
      say(locale, 'mail.webhookDisabled.lastError', {
        error: lastError
          ? localiseApiMessage(CATALOGS.en, isLocale(locale) ? locale : 'en', CATALOGS[isLocale(locale) ? locale : 'en'], lastError).text
          : say(locale, 'mail.webhookDisabled.noError'),
      }),
      say(locale, 'mail.webhookDisabled.kept'),
    ],
    { url: consoleUrl, label: say(locale, 'mail.webhookDisabled.button') },
  );
