import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { getUserLanguage, getUserTimeZone, setUserLanguage, setUserTimeZone } from '../db/queries/user-language.ts';
import { readRecord } from '../lib/activity/activity-records.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { isLocale, type Locale } from '../../src/common/i18n/locales.ts';
import { timeZoneName } from '../../src/common/time-zone.ts';

/**
 * The caller's language and time zone (docs/languages.md "Choosing the language", "Formats"): what
 * My account shows and what a sign-in in another browser applies. Shapes: src/common/contract/language.ts.
 */

/** The caller's chosen locale, or null when none is chosen (an unknown stored value reads as none). */
export async function readLanguage(sql: Sql, u: AuthUser): Promise<{ language: Locale | null }> {
  const v = await getUserLanguage(sql, u.id);
  return { language: isLocale(v) ? v : null };
}

/** Saves the caller's locale ('' forgets the choice) with its activity row by `who`, in one transaction; resolves to what is saved. */
export async function saveLanguage(sql: Sql, u: AuthUser, who: Who, language: string): Promise<{ language: Locale | null }> {
  const next = isLocale(language) ? language : null;
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'users', u.id, { lock: true });
    await setUserLanguage(tx, u.id, next);
    if (before && (before.language ?? null) !== next)
      await recordActivity(tx, who, { resource: 'users', action: 'update', id: u.id, label: u.name, before, after: { ...before, language: next } });
  });
  return { language: next };
}

/** The caller's time zone as Intl names it, or '' when none is chosen (the browser's; an unknown stored value reads as none). */
export async function readTimeZone(sql: Sql, u: AuthUser): Promise<{ time_zone: string }> {
  return { time_zone: timeZoneName(await getUserTimeZone(sql, u.id)) ?? '' };
}

/**
 * Saves the caller's time zone (`timeZone` a name timeZoneName knows, stored as Intl writes it:
 * 'europe/paris' -> 'Europe/Paris'; '' forgets the choice) with its activity row by `who`, in one
 * transaction; resolves to what is saved. The contract has refused any other value (422).
 */
export async function saveTimeZone(sql: Sql, u: AuthUser, who: Who, timeZone: string): Promise<{ time_zone: string }> {
  const next = timeZoneName(timeZone) ?? '';
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'users', u.id, { lock: true });
    await setUserTimeZone(tx, u.id, next);
    if (before && (before.time_zone ?? '') !== next)
      await recordActivity(tx, who, { resource: 'users', action: 'update', id: u.id, label: u.name, before, after: { ...before, time_zone: next } });
  });
  return { time_zone: next };
}
