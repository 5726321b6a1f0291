import { DbError, keyColumn } from './errors.ts';

/**
 * PostgreSQL's SQLSTATE codes as the API's error kinds (db/errors.ts), used by postgres.ts only.
 *   23505 unique_violation -> 'unique', the column read from the detail "Key (lower(email))=(…)".
 *   25006 read_only_sql_transaction, 53100 disk_full, 53xxx out of resources,
 *   57P0x admin/crash shutdown, 08xxx connection failures -> 'unavailable'.
 *   22xxx data exceptions (22P02 bad integer text, 22003 out of range, 22021 NUL in text,
 *   22P05 untranslatable character, 22001 too long) -> 'invalid'.
 * Any other error comes back unchanged.
 */
export function postgresError(err: unknown): unknown {
  const e = err as { code?: unknown; detail?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = String(e?.message ?? '');
  if (code === '23505') return new DbError('unique', message, keyColumn(/^Key \((.*)\)=\(/.exec(String(e.detail ?? ''))?.[1] ?? ''), err);
  if (code === '25006' || code.startsWith('53') || code.startsWith('57P0') || code.startsWith('08')) return new DbError('unavailable', message, undefined, err);
  if (code.startsWith('22')) return new DbError('invalid', message, undefined, err);
  return err;
}

/**
 * Parameters as PostgreSQL takes them. A NaN (what `toId` yields for a malformed id) binds as
 * NULL, as SQLite binds it, so `id = ?` matches nothing instead of failing on 'NaN'.
 */
export const pgParams = (params: readonly unknown[] = []) =>
  params.map((p) => (typeof p === 'number' && Number.isNaN(p) ? null : p));
