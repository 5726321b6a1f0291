import type nodemailer from 'nodemailer';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type { EmailSettings } from '../../db/queries/settings.ts';
import { hasControlCharacter, hasLineBreak } from '../../../src/common/mail-rules.ts';
import { vetHost, type EgressPolicy } from './egress.ts';
/** Re-exported for the Settings check of a server (services/settings.ts): the rule lives in lib/mail/egress.ts. */
export { vetHost };
import { UNREADABLE_MESSAGE } from './smtp-password.ts';

/** One e-mail ready for the wire: plain text plus simple HTML. */
export interface Message {
  to: string;
  toName?: string;
  subject: string;
  text: string;
  html: string;
  /** The language it is written in (a locale, docs/languages.md): its Content-Language header. English when absent. */
  language?: string;
  /** Files it carries (a scheduled report's .xlsx, docs/reports.md). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/** Which Settings → Email field a failure points at, and its plain-words message. */
export interface SmtpFailure {
  field: 'smtp_server' | 'smtp_port' | 'smtp_username' | 'smtp_password' | 'smtp_type' | 'smtp_email';
  message: string;
  permanent: boolean;
}

/** Longest a whole send (resolve, connect, TLS, sign-in, message) may take: the Settings test answers within 10 s. */
export const SEND_LIMIT_MS = 9_000;

/** How a send connects: any TLS certificate accepted (`tlsInsecure`, env SMTP_TLS_INSECURE=1), the address policy (lib/mail/egress.ts). */
export interface SendOptions {
  tlsInsecure?: boolean;
  egress?: EgressPolicy;
}
/** True when the settings name a server, a From address and a port: enough to try sending. */
export const smtpReady = (s: EmailSettings) => s.smtp_server.trim() !== '' && s.smtp_email.trim() !== '' && /^\d+$/.test(s.smtp_port.trim());

/** The fixed words for a server address the policy refuses (422 on smtp_server; docs/security.md "Outgoing connections"). */
export const REFUSED_ADDRESS_MESSAGE =
  "The SMTP server's address is not allowed: link-local, metadata and unspecified addresses (and, where the operator says so, private ones) are refused.";

/**
 * The nodemailer transport options of the settings, connecting to `address` (vetHost's answer)
 * with the host's name for TLS (SNI and the certificate check): `ssl` TLS from the start, `tls`
 * (and '') STARTTLS required, `none` plain with STARTTLS ignored. Sign-in only when a user name is
 * set. Timeouts keep one send well inside SEND_LIMIT_MS. `tlsInsecure` accepts any certificate
 * (tests against a self-signed receiver; env SMTP_TLS_INSECURE=1).
 */
export function transportOptions(s: EmailSettings, address = s.smtp_server.trim(), tlsInsecure = false) {
  const type = s.smtp_type || 'tls';
  const name = s.smtp_server.trim();
  return {
    host: address,
    port: Number(s.smtp_port),
    secure: type === 'ssl',
    requireTLS: type === 'tls',
    ignoreTLS: type === 'none',
    auth: s.smtp_username ? { user: s.smtp_username, pass: s.smtp_password } : undefined,
    connectionTimeout: 6_000,
    greetingTimeout: 5_000,
    socketTimeout: 8_000,
    dnsTimeout: 4_000,
    tls: { ...(isIP(name) ? {} : { servername: name }), ...(tlsInsecure ? { rejectUnauthorized: false } : {}) },
  };
}

/** Refuses (throws) a header value holding a line break or another control character: no header injection, whatever the caller checked. */
function header(v: string) {
  if (hasLineBreak(v) || hasControlCharacter(v)) throw Object.assign(new Error('A line break in an e-mail header was refused.'), { code: 'EHEADER' });
  return v;
}

/** A "Name <address>" From/To value nodemailer encodes itself (quoted, RFC 2047 when needed). */
const address = (addr: string, name = '') => (name ? { name: header(name), address: header(addr) } : header(addr));

/**
 * Sends one message with the settings (From: SMTP Email, named `fromName`, the company's name),
 * to the address vetHost allows (rejects with code EEGRESS, connecting nowhere, when none is).
 * Resolves when the server accepted it; rejects with the nodemailer error otherwise (translate
 * it with `smtpFailure`). Gives up after SEND_LIMIT_MS.
 */
export async function sendMessage(s: EmailSettings, m: Message, fromName = '', o: SendOptions = {}): Promise<void> {
  const from = address(s.smtp_email.trim(), fromName),
    to = address(m.to, m.toName),
    subject = header(m.subject);
  let timer: NodeJS.Timeout | undefined;
  let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), SEND_LIMIT_MS);
    });
    const send = async () => {
      const target = await vetHost(s.smtp_server, o.egress);
      // Loaded on the first send, not at start (nodemailer takes ~100 ms to load).
      transport = (createRequire(import.meta.url)('nodemailer') as typeof nodemailer).createTransport(transportOptions(s, target, o.tlsInsecure));
      await transport.sendMail({
        from,
        to,
        subject,
        text: m.text,
        html: m.html,
        headers: { 'Content-Language': m.language ?? 'en' },
        ...(m.attachments?.length
          ? { attachments: m.attachments.map((a) => ({ filename: header(a.filename), contentType: a.contentType, content: a.content })) }
          : {}),
      });
    };
    await Promise.race([timeout, send()]);
  } finally {
    clearTimeout(timer);
    transport?.close();
  }
}

/**
 * What went wrong, in fixed plain words that never repeat what the remote side said (its
 * greeting or banner, its error text), and whether trying again can help (`permanent`: the
 * server refused this recipient or message for good). The kinds: the stored password cannot be
 * read with this server's key (smtp-password.ts ESECRET), the address is not allowed,
 * nothing on that port (under SMTP Port), cannot connect, not an SMTP server, authentication refused, TLS failed, timed out; `where` is
 * the server and port as typed.
 */
export function smtpFailure(err: unknown, s: EmailSettings): SmtpFailure {
  const e = err as { code?: string; responseCode?: number; message?: string };
  const where = `${s.smtp_server.trim()}:${s.smtp_port.trim()}`;
  const message = e.message ?? '';
  const tlsWords = /TLS|SSL|certificate|wrong version number|EPROTO|handshake/i;
  if (e.code === 'ESECRET') return { field: 'smtp_password', message: UNREADABLE_MESSAGE, permanent: false };
  if (e.code === 'EEGRESS') return { field: 'smtp_server', message: REFUSED_ADDRESS_MESSAGE, permanent: false };
  if (e.code === 'EAUTH' && /^Missing credentials/.test(message))
    return { field: 'smtp_password', message: 'Type the SMTP password: the server asks for one with this user name.', permanent: false };
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH' || e.responseCode === 535)
    return { field: 'smtp_password', message: 'The SMTP server refused the user name or password.', permanent: false };
  if (e.responseCode === 530) return { field: 'smtp_username', message: 'The SMTP server asks for a user name and password.', permanent: false };
  if (e.code === 'ETLS' && /STARTTLS/i.test(message))
    return { field: 'smtp_type', message: `TLS failed: the SMTP server at ${where} does not accept STARTTLS. Check the SMTP Type and port.`, permanent: false };
  if (e.code === 'ETLS' || e.code === 'EREQUIRETLS' || (e.code === 'ESOCKET' && tlsWords.test(message)) || /STARTTLS/i.test(message))
    return { field: 'smtp_type', message: `TLS failed with the SMTP server at ${where}: check the SMTP Type and port.`, permanent: false };
  if (e.code === 'ETIMEDOUT') return { field: 'smtp_server', message: `The SMTP server at ${where} did not answer in time.`, permanent: false };
  if (e.code === 'EPROTOCOL')
    return { field: 'smtp_port', message: `The server at ${where} did not answer as an SMTP server: check the server and port.`, permanent: false };
  // The host answered but nothing listens on that port: the port is what to check.
  if (e.code === 'ECONNREFUSED' || /\bECONNREFUSED\b/.test(message))
    return {
      field: 'smtp_port',
      message: `Nothing accepts connections on port ${s.smtp_port.trim()} of ${s.smtp_server.trim()}: check the SMTP Port.`,
      permanent: false,
    };
  if (e.code === 'ECONNECTION' || e.code === 'EDNS' || e.code === 'ESOCKET' || e.code === 'ENOTFOUND')
    return { field: 'smtp_server', message: `Could not connect to the SMTP server at ${where}: check the server and port.`, permanent: false };
  if (e.code === 'EHEADER') return { field: 'smtp_email', message: 'A line break in an e-mail header was refused.', permanent: true };
  if (e.code === 'EENVELOPE' && Number(e.responseCode) >= 500)
    return { field: 'smtp_email', message: 'The SMTP server refused the sender or recipient address.', permanent: true };
  return { field: 'smtp_server', message: 'The SMTP server refused the e-mail.', permanent: false };
}
