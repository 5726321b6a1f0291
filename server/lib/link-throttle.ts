import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Sql } from '../db/sql.ts';
import { ApiError } from '../http-error.ts';
import { dbNow } from '../db/clock.ts';

/**
 * Throttle of link-bearing e-mails ("Forgot password?", invitations resent) and password changes
 * (issue 20 §2, §6), per account and per address, judged by the database's clock. Keyed by what
 * was typed (the e-mail), never by whether an account has it, so a throttled unknown address and
 * a throttled known one answer alike. Small and separate from the sign-in throttle.
 */
export interface ThrottleLimits {
  /** Requests one account (an e-mail address, or a user id) may make per window. */
  perAccount: number;
  /** Requests one client address may make per window. */
  perAddress: number;
  /** The window, in milliseconds. */
  windowMs: number;
}

/** Defaults: 5 per account and 20 per address in 15 minutes. */
export const LINK_LIMITS: ThrottleLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 };

/** The refusal, 429. */
export const THROTTLED = 'Too many requests. Please try again in 15 minutes.';

/** Records one request under `key` and resolves to how many `key` made in the last `windowMs`, this one included. */
async function hit(sql: Sql, key: string, windowMs: number): Promise<number> {
  const now = dbNow(sql);
  await sql.run(`DELETE FROM link_throttle WHERE key = ? AND at < ${now} - 86400000`, [key]);
  await sql.run(`INSERT INTO link_throttle (key, at) VALUES (?, ${now})`, [key]);
  const row = await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM link_throttle WHERE key = ? AND at > ${now} - ?`, [key, windowMs]);
  return Number(row?.n ?? 0);
}

/** The client's address as the connection reports it ('unknown' when it cannot). */
export const clientAddress = (c: Context<AppEnv>) => {
  try { return getConnInfo(c).remote.address ?? 'unknown'; } catch { return 'unknown'; }
};

/**
 * Counts one request of `kind` for `account` (lower-cased e-mail or user id) from the client's
 * address; throws 429 THROTTLED when either is over its limit (config.linkLimits). Both are
 * counted every time, refused or not, so retrying while refused does not shorten the wait.
 */
export async function throttle(c: Context<AppEnv>, kind: 'link' | 'pw', account: string) {
  const limits = c.var.config.linkLimits ?? LINK_LIMITS;
  const sql = c.var.sql;
  const byAccount = await hit(sql, `${kind}:acct:${account}`, limits.windowMs);
  const byAddress = await hit(sql, `${kind}:ip:${clientAddress(c)}`, limits.windowMs);
  if (byAccount > limits.perAccount || byAddress > limits.perAddress) throw new ApiError(429, THROTTLED);
}
