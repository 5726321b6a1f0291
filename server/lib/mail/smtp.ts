import type nodemailer from 'nodemailer';
import { createRequire } from 'node:module';
import type { EmailSettings } from '../../db/queries/settings.ts';
import { hasLineBreak } from '../../../src/common/mail-rules.ts';

/** One e-mail ready for the wire: plain text plus simple HTML (issue 20 "Templates"). */
export interface Message { to: string; toName?: string; subject: string; text: string; html: string }

/** Which Settings → Email field a failure points at, and its plain-words message. */
export interface SmtpFailure { field: 'smtp_server' | 'smtp_port' | 'smtp_username' | 'smtp_password' | 'smtp_type' | 'smtp_email'; message: string; permanent: boolean }

/** Longest a whole send (connect, TLS, sign-in, message) may take: the Settings test answers within 10 s. */
export const SEND_LIMIT_MS = 9_000;

/** True when the settings name a server, a From address and a port: enough to try sending. */
export const smtpReady = (s: EmailSettings) => s.smtp_server.trim() !== '' && s.smtp_email.trim() !== '' && /^\d+$/.test(s.smtp_port.trim());

/**
 * The nodemailer transport options of the settings: `ssl` TLS from the start, `tls` (and '')
 * STARTTLS required, `none` plain with STARTTLS ignored. Sign-in only when a user name is set.
 * Timeouts keep one send well inside SEND_LIMIT_MS. `tlsInsecure` accepts any certificate
 * (tests against a self-signed receiver; env SMTP_TLS_INSECURE=1).
 */
export function transportOptions(s: EmailSettings, tlsInsecure = false) {
  const type = s.smtp_type || 'tls';
  return {
    host: s.smtp_server.trim(), port: Number(s.smtp_port), secure: type === 'ssl', requireTLS: type === 'tls', ignoreTLS: type === 'none',
    auth: s.smtp_username ? { user: s.smtp_username, pass: s.smtp_password } : undefined,
    connectionTimeout: 6_000, greetingTimeout: 5_000, socketTimeout: 8_000, dnsTimeout: 4_000,
    tls: tlsInsecure ? { rejectUnauthorized: false } : undefined,
  };
}

/** Refuses (throws) a header value holding a line break: no header injection, whatever the caller checked. */
function header(v: string) {
  if (hasLineBreak(v)) throw Object.assign(new Error('A line break in an e-mail header was refused.'), { code: 'EHEADER' });
  return v;
}

/** A "Name <address>" From/To value nodemailer encodes itself (quoted, RFC 2047 when needed). */
const address = (addr: string, name = '') => (name ? { name: header(name), address: header(addr) } : header(addr));

/**
 * Sends one message with the settings (From: SMTP Email, named `fromName`, the company's name).
 * Resolves when the server accepted it; rejects with the nodemailer error otherwise (translate
 * it with `smtpFailure`). Gives up after SEND_LIMIT_MS.
 */
export async function sendMessage(s: EmailSettings, m: Message, fromName = '', tlsInsecure = false): Promise<void> {
  // Loaded on the first send, not at start (issue 19 item 4: nodemailer takes ~100 ms to load).
  const transport = (createRequire(import.meta.url)('nodemailer') as typeof nodemailer).createTransport(transportOptions(s, tlsInsecure));
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), SEND_LIMIT_MS);
    });
    await Promise.race([timeout, transport.sendMail({
      from: address(s.smtp_email.trim(), fromName), to: address(m.to, m.toName), subject: header(m.subject), text: m.text, html: m.html,
    })]);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

/**
 * What went wrong, in plain words, and whether trying again can help (`permanent`: the server
 * refused this recipient or message for good). Wording: "Could not connect …", "… refused the
 * user name or password.", "TLS failed …".
 */
export function smtpFailure(err: unknown, s: EmailSettings): SmtpFailure {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
  const where = `${s.smtp_server.trim()}:${s.smtp_port.trim()}`;
  const raw = e.response ?? e.message ?? '';
  // OpenSSL's "…:SSL routines:ssl3_get_record:wrong version number:…" becomes "wrong version number".
  const said = (/routines:[^:]*:([^:]+)/.exec(raw)?.[1] ?? raw).replace(/\s+/g, ' ').trim().slice(0, 200);
  const tlsWords = /TLS|SSL|certificate|wrong version number|EPROTO|handshake/i;
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH' || e.responseCode === 535)
    return { field: 'smtp_password', message: 'The SMTP server refused the user name or password.', permanent: false };
  if (e.responseCode === 530)
    return { field: 'smtp_username', message: 'The SMTP server asks for a user name and password.', permanent: false };
  if (e.code === 'ETLS' && /STARTTLS/i.test(e.message ?? ''))
    return { field: 'smtp_type', message: `TLS failed: the SMTP server at ${where} does not accept STARTTLS. Check the SMTP Type and port.`, permanent: false };
  if (e.code === 'ETLS' || e.code === 'EREQUIRETLS' || (e.code === 'ESOCKET' && tlsWords.test(e.message ?? '')) || /STARTTLS/i.test(e.message ?? ''))
    return { field: 'smtp_type', message: `TLS failed with the SMTP server at ${where}: check the SMTP Type and port (${said}).`, permanent: false };
  if (e.code === 'ETIMEDOUT')
    return { field: 'smtp_server', message: `The SMTP server at ${where} did not answer in time.`, permanent: false };
  if (e.code === 'ECONNECTION' || e.code === 'EDNS' || e.code === 'ESOCKET' || e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND')
    return { field: 'smtp_server', message: `Could not connect to the SMTP server at ${where}: check the server and port.`, permanent: false };
  if (e.code === 'EHEADER') return { field: 'smtp_email', message: e.message ?? 'Refused.', permanent: true };
  if (e.code === 'EENVELOPE' && Number(e.responseCode) >= 500)
    return { field: 'smtp_email', message: `The SMTP server refused the address: ${said}`, permanent: true };
  return { field: 'smtp_server', message: `The SMTP server refused the e-mail: ${said || 'no reason given'}`, permanent: false };
}
