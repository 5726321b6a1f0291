import type { Sql } from '../sql.ts';
import { participantLocale } from '../../../src/common/i18n/locales.ts';

/**
 * What the mail sender reads when it writes a reset or invitation (lib/mail/sender.ts): the
 * user by e-mail (reset) or id (invite), whether it has a password yet (`invited`: none, so it
 * cannot sign in until it follows its invitation), its organiser's name when it has one, and
 * whether it is an administrator (role admin: its links wait after an untrusted settings change).
 */
export interface Recipient {
  id: number;
  name: string;
  email: string;
  invited: boolean;
  organiser: string | null;
  admin: boolean;
  /** The user's chosen language (docs/languages.md), null when none: the e-mail is then English. */
  language: string | null;
}
type Row = { id: number; name: string; email: string; password_hash: string; organiser: string | null; admin: number | boolean; language: string | null };
const SELECT = `SELECT u.id, u.name, u.email, u.password_hash, u.language, c.name AS organiser,
  EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.name = 'admin') AS admin
  FROM users u LEFT JOIN companies c ON c.id = u.company_id`;
const toRecipient = (r: Row | undefined): Recipient | undefined =>
  r && {
    id: r.id,
    name: r.name,
    email: r.email,
    invited: r.password_hash === '',
    organiser: r.organiser,
    admin: Boolean(Number(r.admin)),
    language: r.language ?? null,
  };

/** The user with this e-mail (case-insensitive), or undefined. */
export const recipientByEmail = async (sql: Sql, email: string) => toRecipient(await sql.get<Row>(`${SELECT} WHERE lower(u.email) = lower(?)`, [email]));
/** The user with this id, or undefined. */
export const recipientById = async (sql: Sql, id: number) => toRecipient(await sql.get<Row>(`${SELECT} WHERE u.id = ?`, [id]));

/** The language user `id`'s own e-mails are written in (docs/languages.md "E-mails"): its chosen locale, else 'en' (also for a user that is gone). */
export const recipientLanguage = async (sql: Sql, id: number): Promise<string> =>
  (await sql.get<{ language: string | null }>('SELECT language FROM users WHERE id = ?', [id]))?.language || 'en';

/**
 * The language of a booking's e-mail to `email` (docs/languages.md "E-mails"; a booking has no
 * language of its own): among organiser `organiserId`'s events that cover `date` (YYYY-MM-DD), the
 * language of a participant with that address, else the event's default language, else 'en'.
 */
export async function bookingLanguage(sql: Sql, organiserId: number, email: string, date: string): Promise<string> {
  const r = await sql.get<{ participant: string | null; event: string }>(
    `SELECT p.language AS participant, e.language AS event FROM events e
       LEFT JOIN participants p ON p.event_id = e.id AND lower(p.email) = lower(?) AND p.language <> ''
      WHERE e.company_id = ? AND e.start_date <= ? AND e.end_date >= ?
      ORDER BY (p.id IS NULL), (e.language = ''), e.start_date DESC, e.id DESC LIMIT 1`,
    [email.trim(), organiserId, date, date],
  );
  return participantLocale(r?.participant, r?.event);
}
