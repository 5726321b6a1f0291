import type { Sql } from '../sql.ts';

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
