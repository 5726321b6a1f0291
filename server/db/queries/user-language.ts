import type { Sql } from '../sql.ts';

/** The language user `userId` chose (a locale, docs/languages.md), or null when none (or no such user). */
export const getUserLanguage = async (sql: Sql, userId: number): Promise<string | null> =>
  (await sql.get<{ language: string | null }>('SELECT language FROM users WHERE id = ?', [userId]))?.language ?? null;

/** Saves user `userId`'s language (null: not chosen); resolves to the rows changed. */
export const setUserLanguage = (sql: Sql, userId: number, language: string | null) => sql.run('UPDATE users SET language = ? WHERE id = ?', [language, userId]);

/** The time zone user `userId` chose (an IANA name, src/common/time-zone.ts), or '' when none (the browser's) or no such user. */
export const getUserTimeZone = async (sql: Sql, userId: number): Promise<string> =>
  (await sql.get<{ time_zone: string | null }>('SELECT time_zone FROM users WHERE id = ?', [userId]))?.time_zone ?? '';

/** Saves user `userId`'s time zone ('' for the browser's); resolves to the rows changed. */
export const setUserTimeZone = (sql: Sql, userId: number, timeZone: string) => sql.run('UPDATE users SET time_zone = ? WHERE id = ?', [timeZone, userId]);
