import type { Sql } from '../sql.ts';

/** The language user `userId` chose (a locale, docs/languages.md), or null when none (or no such user). */
export const getUserLanguage = async (sql: Sql, userId: number): Promise<string | null> =>
  (await sql.get<{ language: string | null }>('SELECT language FROM users WHERE id = ?', [userId]))?.language ?? null;

/** Saves user `userId`'s language (null: not chosen); resolves to the rows changed. */
export const setUserLanguage = (sql: Sql, userId: number, language: string | null) => sql.run('UPDATE users SET language = ? WHERE id = ?', [language, userId]);
