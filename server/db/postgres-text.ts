import { createHash } from 'node:crypto';

/**
 * Query text as PostgreSQL takes it from the shared SQL of server/db (written with `?`
 * placeholders for both engines): placeholder rewriting, prepared-statement names, and the
 * shape of a one-row INSERT that runMany turns into multi-row batches. Pure and cached.
 */

/** `INSERT INTO t (a, b) VALUES (?, ?)` with an optional `ON CONFLICT … DO NOTHING` tail. */
export const BULK_INSERT = /^(INSERT\s+INTO\s+[\w."]+\s*\([^()]*\)\s*VALUES)\s*\(([^()]*)\)\s*(ON\s+CONFLICT\b[^;?]*\bDO\s+NOTHING)?\s*;?$/i;

const translated = new Map<string, string>();

/**
 * Rewrites `?` placeholders as `$1…$n`, leaving '…' strings (with '' escapes), "…" identifiers,
 * -- line comments and block comments untouched. Results are cached per query text.
 */
export function toPg(sql: string): string {
  if (!sql.includes('?')) return sql;
  const hit = translated.get(sql);
  if (hit !== undefined) return hit;
  let out = '';
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === '?') {
      out += `$${++n}`;
      continue;
    }
    let end = -1;
    if (ch === "'" || ch === '"') {
      end = i + 1;
      for (;;) {
        end = sql.indexOf(ch, end);
        if (end < 0) {
          end = sql.length;
          break;
        }
        if (sql[end + 1] === ch) {
          end += 2;
          continue;
        } // doubled quote: an escaped one
        end += 1;
        break;
      }
    } else if (ch === '-' && sql[i + 1] === '-') {
      end = sql.indexOf('\n', i);
      if (end < 0) end = sql.length;
    } else if (ch === '/' && sql[i + 1] === '*') {
      end = sql.indexOf('*/', i + 2);
      end = end < 0 ? sql.length : end + 2;
    }
    if (end < 0) {
      out += ch;
      continue;
    }
    out += sql.slice(i, end);
    i = end - 1;
  }
  if (translated.size < 5000) translated.set(sql, out);
  return out;
}

const names = new Map<string, string>();

/**
 * Stable name for a prepared statement: 96 bits of SHA-1 of its text (two different texts under
 * one name would make node-postgres refuse the second). Cached like toPg.
 */
export function statementName(s: string): string {
  let name = names.get(s);
  if (name === undefined) {
    name = createHash('sha1').update(s).digest('base64url').slice(0, 16);
    if (names.size < 5000) names.set(s, name);
  }
  return name;
}
