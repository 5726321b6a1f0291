import http from 'node:http';
import { hash } from 'node:crypto';
import path from 'node:path';
import type { Sql } from '../server/db/sql.ts';
import { openSqlite } from '../server/db/sqlite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { tokenAuthUser, type AuthUser } from '../server/db/queries/auth.ts';
import { allowedScreens } from '../server/lib/auth/screens.ts';
import { readListQuery, type ListQuery } from '../server/db/list-query.ts';
import { DbRefusal } from '../server/db/errors.ts';
import { listUsers, USER_LIST } from '../server/db/queries/users.ts';
import { accessibleRoleIds, listRoles, ROLE_LIST } from '../server/db/queries/roles.ts';
import { listPermissions, PERMISSION_LIST } from '../server/db/queries/permissions.ts';
import { declaredQueries } from '../server/db/queries/declared.ts';
import { RESOURCES } from '../src/common/resources.ts';

/**
 * The yardstick of bench/mixed-load.ts: a minimal server doing the product's SQL for the calls
 * that bench sends, with node:http and no framework, no middleware, no caches and no activity
 * log. Bundled by bench/mixed-load.ts (esbuild, as build-server.mjs bundles the product) and run
 * with `npm start`'s Node flags on an already migrated and seeded database (it migrates nothing):
 * env DATABASE_URL (postgres://…) or else DATA_DIR (its `app.db`), PORT (0: a free one). Prints
 * "Minimal server listening on http://127.0.0.1:<port>" when ready; SIGTERM closes it.
 *
 * Each call, as the product does it:
 * - the session: the bearer token's hex SHA-256 looked up with the product's `tokenAuthUser`
 *   (db/queries/auth.ts; one statement, plus the abilities' for a role other than admin) on
 *   every call; 401 for none;
 * - access: the ability in memory, then the screen with the product's `allowedScreens`
 *   (its active menus: one statement for a role other than admin); 403 otherwise;
 * - GET /api/user, /api/page, /api/permission, /api/role with `page` and the list params
 *   (db/list-query.ts `readListQuery`; 422 on a bad one): the product's query functions of
 *   db/queries (users with the caller's "Role can access to" scope, `accessibleRoleIds`);
 * - PUT /api/page/{id} (form: title, content): the product's UPDATE … RETURNING of the pages
 *   declaration (db/queries/declared.ts), one statement; 422 for an empty or long field, 404 for no row.
 * Answers are the product's envelope `{ status, message, data }` as JSON.
 */

const pages = declaredQueries(RESOURCES.pages.records);
const sql: Sql = process.env.DATABASE_URL
  ? openPostgres(process.env.DATABASE_URL, { max: Number(process.env.PG_POOL_MAX ?? 20) })
  : openSqlite(path.join(process.env.DATA_DIR ?? 'data', 'app.db'));

/** A refusal with its status and message. */
class Refusal extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}

/** The signed-in user of the request's bearer token, or a 401. */
async function caller(req: http.IncomingMessage): Promise<AuthUser> {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? '';
  const user = token ? await tokenAuthUser(sql, hash('sha256', token, 'hex')) : undefined;
  if (!user) throw new Refusal(401, 'Unauthenticated.');
  return user;
}

/** 403 unless `user` holds one of `abilities` and may open one of `screens`. */
async function allow(user: AuthUser, abilities: string[], screens: string[]) {
  if (!abilities.some((a) => user.abilities.has(a))) throw new Refusal(403, 'You do not have the permission to do this.');
  const allowed = await allowedScreens(sql, user);
  if (allowed !== 'all' && !screens.some((s) => allowed.has(s))) throw new Refusal(403, 'You are not allowed to do this.');
}

/** The list calls: path -> who may read it and its page. */
const LISTS: Record<string, { abilities: string[]; screens: string[]; spec: typeof USER_LIST; page: (u: AuthUser, page: number, lq: ListQuery) => Promise<unknown> }> = {
  '/api/user': {
    abilities: ['users.view'], screens: ['users'], spec: USER_LIST,
    page: async (u, page, lq) => listUsers(sql, u.isAdmin ? 'all' : await accessibleRoleIds(sql, u.roles.map((r) => r.id)), page, lq),
  },
  '/api/page': { abilities: ['pages.view'], screens: ['pages'], spec: pages.list, page: (_, page, lq) => pages.page(sql, page, lq) },
  '/api/permission': { abilities: ['permissions.view', 'roles.view'], screens: ['permissions', 'roles'], spec: PERMISSION_LIST, page: (_, page, lq) => listPermissions(sql, page, lq) },
  '/api/role': { abilities: ['roles.view'], screens: ['roles'], spec: ROLE_LIST, page: (_, page, lq) => listRoles(sql, page, lq) },
};

const body = (req: http.IncomingMessage) => new Promise<string>((resolve, reject) => {
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (d: string) => (text += d));
  req.on('end', () => resolve(text));
  req.on('error', reject);
});

/** The answer's status and envelope for one request. */
async function handle(req: http.IncomingMessage): Promise<[number, string]> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const list = LISTS[url.pathname];
  if (req.method === 'GET' && list) {
    const user = await caller(req);
    await allow(user, list.abilities, list.screens);
    const query = Object.fromEntries(url.searchParams);
    const page = /^\d{1,9}$/.test(query.page ?? '') && Number(query.page) > 0 ? Number(query.page) : 1;
    return [200, JSON.stringify({ status: 'success', message: '', data: await list.page(user, page, readListQuery(list.spec, query)) })];
  }
  const put = /^\/api\/page\/(\d{1,9})$/.exec(url.pathname);
  if (req.method === 'PUT' && put) {
    const user = await caller(req);
    await allow(user, ['pages.edit'], ['pages']);
    const form = new URLSearchParams(await body(req));
    const title = (form.get('title') ?? '').trim(), content = form.get('content') ?? '';
    if (!title || title.length > 255 || !content || content.length > 100_000) throw new Refusal(422, 'The given data was invalid.');
    const row = await pages.update(sql, Number(put[1]), { title, content });
    if (!row) throw new Refusal(404, 'Page not found.');
    return [200, JSON.stringify({ status: 'success', message: 'Page updated successfully.', data: row })];
  }
  throw new Refusal(404, 'Not found.');
}

const server = http.createServer((req, res) => {
  handle(req).then(([status, text]) => [status, text] as const, (err: unknown) => {
    const status = err instanceof Refusal ? err.status : err instanceof DbRefusal ? (err.kind === 'invalid' ? 422 : 403) : 500;
    if (status === 500) console.error(err);
    return [status, JSON.stringify({ status: 'error', message: err instanceof Error ? err.message : 'Server error.', data: null })] as const;
  }).then(([status, text]) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`Minimal server listening on http://127.0.0.1:${(server.address() as { port: number }).port}`);
});
process.on('SIGTERM', () => {
  server.close(() => { void sql.close().then(() => process.exit(0)); });
  server.closeAllConnections();
});
