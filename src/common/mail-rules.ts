/**
 * Rules of e-mail and account links both console and API apply. Pure: no DOM, no Node.
 *
 * - SMTP Type (Settings → Email): `ssl` TLS from the first byte (usually port 465), `tls`
 *   STARTTLS required (usually 587), `none` plain (a relay on the same network). '' until chosen,
 *   sent as `tls`.
 * - Names and subjects become e-mail headers: a line break (CR or LF) in them is refused
 *   (header injection), with `lineBreakMessage`, and so is any other control character, with
 *   `controlCharacterMessage` (`oneLineProblem` says which).
 * - The stored SMTP password belongs to the server, port and user name it was saved with
 *   (`storedPasswordApplies`): with any of them changed, a blank password field means no password.
 * - Link lifetimes: a password-reset link 60 minutes, an invitation 7 days.
 * - Where e-mail goes (the e-mail settings) is an administrator's decision: another role, whatever
 *   its abilities, may save the company settings but not change an e-mail field
 *   (MAIL_ADMIN_ONLY_MESSAGE; docs/security.md "Who may change where e-mail goes").
 */
export const SMTP_TYPES = [
  { value: 'ssl', label: 'SSL' },
  { value: 'tls', label: 'STARTTLS' },
  { value: 'none', label: 'None' },
] as const;
/** One of SMTP_TYPES' values, or '' (not chosen yet). */
export type SmtpType = (typeof SMTP_TYPES)[number]['value'] | '';

/** True when `s` holds a carriage return or a line feed (or another line separator mail readers honour). */
export const hasLineBreak = (s: string): boolean => /[\r\n\u2028\u2029\u0085]/.test(s);

/** "The {label} may not contain line breaks." */
export const lineBreakMessage = (label: string) => `The ${label} may not contain line breaks.`;

/** True when `s` holds a control character (C0 but line breaks too, DEL, C1) or a line or paragraph separator. */
export const hasControlCharacter = (s: string): boolean => /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(s);

/** "The {label} may not contain control characters." */
export const controlCharacterMessage = (label: string) => `The ${label} may not contain control characters.`;

/**
 * The one-line rule of every name, subject and other text that reaches an e-mail header (user,
 * organiser and company names, My account's name, the SMTP server and user name): the message
 * for `label` when `s` holds a line break or another control character, else null.
 */
export const oneLineProblem = (s: string, label: string): string | null =>
  hasLineBreak(s) ? lineBreakMessage(label) : hasControlCharacter(s) ? controlCharacterMessage(label) : null;

/** The SMTP fields a stored password is bound to. */
export interface SmtpEndpoint {
  smtp_server: string;
  smtp_port: string | number;
  smtp_username: string;
}
/**
 * True when the stored SMTP password may be used with `next`: its server (case aside), port and
 * user name are the ones `saved` (those the password was stored with). Otherwise the password is
 * never sent there: a blank password field means no password (docs/security.md "SMTP password").
 */
export const storedPasswordApplies = (saved: SmtpEndpoint, next: SmtpEndpoint): boolean =>
  saved.smtp_server.trim().toLowerCase() === next.smtp_server.trim().toLowerCase() &&
  String(saved.smtp_port).trim() === String(next.smtp_port).trim() &&
  saved.smtp_username.trim() === next.smtp_username.trim();

/** What the Email tab says by the password field when server, port or user name changed and the field is blank. */
export const RETYPE_PASSWORD_HINT = 'The stored password is only used with the saved server, port and user name: type it again.';

/** Password-reset link lifetime: 60 minutes, in milliseconds. */
export const RESET_LINK_MS = 60 * 60_000;
/** Invitation link lifetime: 7 days, in milliseconds. */
export const INVITE_LINK_MS = 7 * 24 * 3600_000;

/** The answer to "Forgot password?", the same whether or not the address has an account. */
export const RESET_SENT_MESSAGE = 'If that address has an account, we sent a link.';

/** States of a reset or invitation link and what the console says about each. */
export const LINK_STATES = ['valid', 'used', 'expired', 'invalid'] as const;
/** One of LINK_STATES. */
export type LinkStateName = (typeof LINK_STATES)[number];
export const LINK_MESSAGES: Record<Exclude<LinkStateName, 'valid'>, string> = {
  used: 'This link has already been used. Ask for a new one below if you still need it.',
  expired: 'This link has expired. Ask for a new one below.',
  invalid: 'This link is not valid: it may be incomplete or changed. Ask for a new one below.',
};

/** Setting a password twice (a link's page, My account): the second must equal the first. */
export const CONFIRM_MESSAGE = 'The password confirmation does not match.';

/** 403 when a caller who is not an administrator (role admin) sends e-mail settings that differ from the saved ones. */
export const MAIL_ADMIN_ONLY_MESSAGE =
  'Only an administrator may change the e-mail settings (SMTP Server, SMTP Email, SMTP Username, SMTP Password, SMTP Port, SMTP Type).';
/** What the Email tab says above its read-only fields to a user who is not an administrator. */
export const MAIL_ADMIN_ONLY_NOTE = 'Only an administrator can change where e-mail goes, so these settings are read-only for you.';
/** What the Role form says next to the settings abilities. */
export const SETTINGS_ABILITIES_HINT = 'Edit settings covers the company settings; only an administrator can change the e-mail (SMTP) settings.';
