/**
 * API tokens' rules, shared by the API and the console (docs/integrations.md "API tokens",
 * item 1). Pure: no DOM, no Node.
 *
 * A token is `ebo_` and 43 base64url characters (32 random bytes). Its scopes are `<resource>:read`
 * and `<resource>:write` for each resource that declares its API paths (resources.ts `api`);
 * `read` opens GET and HEAD calls, `write` every other method. A scope only narrows: at every
 * call the token's owner must still be allowed the call by its current role and organiser.
 */
import { RESOURCE_ENTRIES, type ResourceDeclaration } from './resources.ts';

/** What every token begins with, so a secret found in a log or a repository is recognisable. */
export const TOKEN_PREFIX = 'ebo_';
/** How many characters of a token its list shows (`ebo_` and 8 more): enough to tell tokens apart, too few to guess the rest. */
export const SHOWN_PREFIX = TOKEN_PREFIX.length + 8;
/** A token as written: the prefix and 43 base64url characters. */
export const TOKEN_PATTERN = /^ebo_[A-Za-z0-9_-]{43}$/;
/** Longest token name, in characters. */
export const TOKEN_NAME_MAX = 100;
/** Most live tokens (neither revoked nor expired) one user may hold. */
export const MAX_TOKENS_PER_USER = 50;
/** Latest expiry a token may have: one year (in days) from its creation. */
export const MAX_TOKEN_DAYS = 366;

/** Whether resource `r` has a write scope: not when its only ability is `view` (activity is read-only). */
const writable = (r: ResourceDeclaration) => !r.abilities?.verbs.every((v) => v === 'view');

/** Every scope, in resource declaration order: `events:read`, `events:write`, … */
export const API_SCOPES: readonly string[] = RESOURCE_ENTRIES.flatMap(([key, r]) => (r.api ? [`${key}:read`, ...(writable(r) ? [`${key}:write`] : [])] : []));
const KNOWN = new Set(API_SCOPES);
/** Whether `s` is a scope of API_SCOPES. */
export const isApiScope = (s: string) => KNOWN.has(s);

/**
 * Paths a token can never call, whatever its scopes (tokens, webhooks, passwords,
 * two-step sign-in, sessions and passkeys, the SMTP settings, signing in and out), each standing
 * for itself and every path below it. Any path with a `tokens` or `webhooks` segment is refused too.
 */
export const NEVER_BY_TOKEN: readonly string[] = [
  '/api/tokens',
  '/api/webhooks',
  '/api/login',
  '/api/logout',
  '/api/password',
  '/api/account/password',
  '/api/account/sessions',
  '/api/account/two-step',
  '/api/account/passkeys',
  '/api/two-step',
  '/api/user/{id}/two-step',
  '/api/settings/email',
  '/api/emailsettings',
];

/** Path segments, without the empty ones of leading, doubled or trailing slashes. */
const segments = (p: string) => p.split('/').filter(Boolean);
/** How many segments `pattern` covers of `path` when it stands for itself and the paths below it (`{x}` matches one segment), or 0. */
function covers(pattern: readonly string[], path: readonly string[]): number {
  if (pattern.length > path.length) return 0;
  for (let i = 0; i < pattern.length; i++) if (pattern[i] !== path[i] && !pattern[i].startsWith('{')) return 0;
  return pattern.length;
}

const NEVER = NEVER_BY_TOKEN.map(segments);
const DECLARED = RESOURCE_ENTRIES.flatMap(([key, r]) => (r.api ?? []).map((p) => ({ key, path: segments(p) })));

/**
 * What a call by token needs, from its method and path (a request's path, or a route's in
 * OpenAPI form): `never` for a call no token may make (NEVER_BY_TOKEN), `none` for a call of no
 * declared resource (refused too), else the scope it needs (the resource of the longest declared
 * path that covers it).
 */
export function scopeOfCall(method: string, path: string): { kind: 'never' } | { kind: 'none' } | { kind: 'scope'; scope: string } {
  const parts = segments(path);
  if (parts.some((s) => s === 'tokens' || s === 'webhooks') || NEVER.some((n) => covers(n, parts))) return { kind: 'never' };
  let best: { key: string; length: number } | undefined;
  for (const d of DECLARED) {
    const n = covers(d.path, parts);
    if (n && (!best || n > best.length)) best = { key: d.key, length: n };
  }
  if (!best) return { kind: 'none' };
  const read = method === 'GET' || method === 'HEAD';
  return { kind: 'scope', scope: `${best.key}:${read ? 'read' : 'write'}` };
}

/** Scopes as stored (space-separated) or typed, as a list: known ones only, each once, in API_SCOPES order. */
export const scopeList = (text: string): string[] => {
  const given = new Set(text.split(/[\s,]+/).filter(Boolean));
  return API_SCOPES.filter((s) => given.has(s));
};
