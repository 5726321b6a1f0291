import type { Context, MiddlewareHandler, Next } from 'hono';
import { clientAddress as requestClient } from '../http/client-address.ts';
import type { AppEnv } from '../../context.ts';
import type { Param, Sql } from '../../db/sql.ts';
import type { ActivityAction, ActivityResource, FieldChange } from '../../../src/common/activity.ts';
import * as q from '../../db/queries/activity.ts';
import { ROUTES } from './activity-routes.ts';
import { cut, diff, MAX_VALUE, organiserOf, snapshot } from './activity-records.ts';
import { log } from '../runtime/log.ts';

/**
 * The activity log (issue 21 §1): every state-changing call of both consoles writes one row
 * **in the same transaction as its change**, plus sign-in, failed sign-in, sign-out and exports.
 *
 * How: for a mapped call (ROUTES, keyed by method and Hono route path) the request's `sql` is
 * wrapped. The first write of the request (a `transaction`, or a lone INSERT/UPDATE/DELETE, which
 * is then put in one) reads the target record before the write and again after it inside the
 * same transaction, diffs the two and inserts the activity row before the commit. A change that
 * fails or rolls back therefore leaves no row, and a row never exists without its change. A
 * call whose writes changed no row (an update or delete of a record that does not exist, answered
 * 404; a refusal after a write that matched nothing) leaves no row either. Later writes of the same request (rare) are part of the call the row already describes.
 * Secret columns (password hashes, the SMTP password, tokens) are recorded as "changed" only.
 */

const MAX_LABEL = 200;


const WRITE = /^\s*(?:INSERT|UPDATE|DELETE|WITH\b[\s\S]*\b(?:INSERT|UPDATE|DELETE))\b/i;
const INSERT_INTO = /^\s*INSERT\s+INTO\s+"?(\w+)"?/i;
/**
 * Writes that are not the call's change but bookkeeping around it: the session's last use noted
 * by requireUser, sign-in and link throttles, import jobs' leases and states (an import's own
 * change is the INSERT of its job). They pass through untouched, so the log starts at
 * the call's own first write.
 */
const BOOKKEEPING = /^\s*(?:(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(?:tokens|login_throttle|login_failures|link_throttle)"?|UPDATE\s+"?import_jobs"?)\s/i;
/** A write that starts the call's logged transaction. */
const logs = (text: string) => WRITE.test(text) && !BOOKKEEPING.test(text);

/** The route path of the handler that will answer (the last matched route that is not middleware). */
function routeKey(c: Context): string {
  const handlers = c.req.matchedRoutes.filter((r) => r.method !== 'ALL');
  const r = handlers[handlers.length - 1];
  return r ? `${c.req.method} ${r.path}` : '';
}

/** The client address of the request (lib/http/client-address.ts: the socket, or what a TRUST_PROXY proxy forwarded); '' when unknown. */
export function clientAddress(c: Context): string {
  const addr = requestClient(c);
  return addr === 'unknown' ? '' : addr;
}

const positive = (v: unknown) => { const n = Number(v); return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : null; };

/** Who made the call: the signed-in user of the request, if any. */
function actorOf(c: Context<AppEnv>) {
  const u = c.var.user as AppEnv['Variables']['user'] | undefined;
  if (!u) return { actor_id: null, actor_name: '', actor_role: '', companyId: null as number | null };
  return { actor_id: u.id, actor_name: u.name, actor_role: u.isCompany ? 'company' : (u.roles[0]?.name ?? ''), companyId: u.companyId };
}

const requestFacts = (c: Context) => ({ ip: clientAddress(c).slice(0, 64), user_agent: (c.req.header('user-agent') ?? '').slice(0, 300) });

/**
 * Middleware for `/api/*` and `/recognition/*`: wraps `c.var.sql` of every mapped call so that its
 * first write carries the activity row (see the module comment), and records sign-in, failed
 * sign-in, sign-out and CSV exports, which change no record, as rows of their own.
 */
export const activityLog: MiddlewareHandler<AppEnv> = (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') {
    // A read changes nothing: only a CSV export is recorded, and no other read gets a layer here (issue 19 item 2).
    return /\/export$/.test(c.req.path) ? exported(c, next) : next();
  }
  return writing(c, next);
};

/** A CSV export answered 200 to a signed-in user is recorded once it is answered. */
async function exported(c: Context<AppEnv>, next: Next) {
  await next();
  if (c.res.status === 200 && c.var.user) await recordExport(c).catch(() => undefined);
}

/** A writing call: see the module comment. */
async function writing(c: Context<AppEnv>, next: Next) {
  const key = routeKey(c);
  if (key === 'POST /api/login') { await next(); await recordSignIn(c).catch(() => undefined); return; }
  if (key === 'POST /api/logout') {
    await next();
    if (c.res.status === 200) await q.insertActivity(c.var.sql, { ...actorOf(c), organizer_id: actorOf(c).companyId, action: 'sign_out', resource: 'session', resource_id: actorOf(c).actor_id, label: c.var.user?.email ?? '', changes: '', ...requestFacts(c) }).catch(() => undefined);
    return;
  }
  const target = ROUTES[key];
  if (!target) return next();
  const base = c.var.sql;
  let done = false;
  let insertedId: number | null = null;
  /** Rows the logged transaction's statements changed (run counts; an INSERT … RETURNING its rows). */
  let changedRows = 0;

  const resolveId = (): number | null => {
    const from = target.id;
    if (from === 'none' || from === 'insert') return null;
    if (from === 'self') return (c.var.user as AppEnv['Variables']['user'] | undefined)?.id ?? null;
    if ('fixed' in from) return from.fixed;
    if ('param' in from) return positive(c.req.param(from.param));
    return positive((c.get('body') as Record<string, unknown> | undefined)?.[from.body]);
  };

  /** Runs one write `work` in a transaction that also reads before/after and writes the row. */
  const logged = <T>(work: (tx: Sql) => Promise<T>): Promise<T> => base.transaction(async (tx) => {
    if (done) return work(tx);
    done = true;
    const id = resolveId();
    const before = await snapshot(tx, target, id, true);
    const result = await work(watch(tx));
    if (changedRows === 0) return result;
    const recordId = id ?? insertedId;
    const after = await snapshot(tx, target, recordId);
    const body = (c.get('body') as Record<string, unknown> | undefined) ?? {};
    const actor = actorOf(c);
    const organizer = (await organiserOf(tx, target, recordId, body, after ?? before).catch(() => null)) ?? actor.companyId;
    let changes: Record<string, unknown> = target.table ? diff(before, after) : {};
    if (target.action === 'bulk_delete' || target.action === 'bulk_status') changes = bulkFacts(body);
    if (target.action === 'bulk_status') changes.status = { from: null, to: cut(body.status ?? null) };
    if (target.action === 'import') changes = after ? { rows: { from: null, to: Number(after.rows_total) } } : {};
    const labelSource = after ?? before;
    const label = target.fixedLabel ?? (target.label && labelSource ? String(labelSource[target.label] ?? '') : target.bodyLabel ? String(body[target.bodyLabel] ?? '') : '');
    await q.insertActivity(tx, {
      actor_id: actor.actor_id, actor_name: actor.actor_name, actor_role: actor.actor_role, organizer_id: organizer,
      action: target.action, resource: target.resource, resource_id: recordId, label: label.slice(0, MAX_LABEL),
      changes: Object.keys(changes).length ? JSON.stringify(changes) : '', ...requestFacts(c),
    });
    return result;
  });

  /** The transaction handle with inserts watched, so a created record's id is known. */
  const watch = (tx: Sql): Sql => ({
    ...tx, engine: tx.engine, close: () => tx.close(),
    all: async <T>(text: string, params?: Param[]) => noteInsert(text, await tx.all<T>(text, params)),
    get: async <T>(text: string, params?: Param[]) => { const r = await tx.get<T>(text, params); noteInsert(text, r ? [r] : []); return r; },
    run: async (text, params) => counted(await tx.run(text, params)),
    runMany: async (text, rows) => counted(await tx.runMany(text, rows)),
    transaction: (fn) => tx.transaction((inner) => fn(watch(inner))),
  });
  const counted = (n: number) => { changedRows += Number(n) || 0; return n; };
  const noteInsert = <T>(text: string, rows: T[]): T[] => {
    if (WRITE.test(text)) changedRows += rows.length;
    const m = INSERT_INTO.exec(text);
    if (m && insertedId === null && m[1] === target.table && rows[0] && typeof rows[0] === 'object' && 'id' in (rows[0] as object))
      insertedId = positive((rows[0] as unknown as { id: unknown }).id);
    return rows;
  };

  const wrapped: Sql = {
    engine: base.engine,
    dataVersion: () => base.dataVersion?.(),
    close: () => base.close(),
    all: <T>(text: string, params?: Param[]) => (!done && logs(text) ? logged((tx) => tx.all<T>(text, params)) : base.all<T>(text, params)),
    get: <T>(text: string, params?: Param[]) => (!done && logs(text) ? logged((tx) => tx.get<T>(text, params)) : base.get<T>(text, params)),
    run: (text, params) => (!done && logs(text) ? logged((tx) => tx.run(text, params)) : base.run(text, params)),
    runMany: (text, rows) => (!done ? logged((tx) => tx.runMany(text, rows)) : base.runMany(text, rows)),
    transaction: (fn) => (!done ? logged(fn) : base.transaction(fn)),
  };
  c.set('sql', wrapped);
  try { await next(); } finally { c.set('sql', base); }
}

/** What a bulk call names: its ids (at most 1,000 by the list contract) and their count, or "all matching". */
function bulkFacts(body: Record<string, unknown>): Record<string, FieldChange> {
  const raw = body.ids;
  const ids = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : []).map(positive).filter((n): n is number => n !== null);
  const all = ['1', 'true'].includes(String(body.all ?? ''));
  return all ? { ids: { from: null, to: 'all matching' } } : { ids: { from: null, to: ids.slice(0, 1000) }, count: { from: null, to: ids.length } };
}

async function recordSignIn(c: Context<AppEnv>) {
  const body = (c.get('body') as Record<string, unknown> | undefined) ?? {};
  const email = typeof body.email === 'string' ? body.email.trim().slice(0, 254) : '';
  const status = c.res.status;
  if (!email || (status !== 200 && status !== 401 && status !== 403)) return;
  const user = await c.var.sql.get<{ id: number; name: string; company_id: number | null }>('SELECT id, name, company_id FROM users WHERE lower(email) = lower(?)', [email]);
  const role = user ? (await c.var.sql.get<{ name: string }>('SELECT r.name FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = ? ORDER BY r.id', [user.id]))?.name ?? '' : '';
  await q.insertActivity(c.var.sql, {
    actor_id: user?.id ?? null, actor_name: user?.name ?? '', actor_role: role, organizer_id: user?.company_id ?? null,
    action: status === 200 ? 'sign_in' : 'sign_in_failed', resource: 'session', resource_id: user?.id ?? null,
    label: email, changes: '', ...requestFacts(c),
  });
}

/**
 * One activity row written by a route itself, inside its own transaction `tx`, for a change the
 * route table cannot attribute before the call runs (a password set through an e-mailed link: the
 * user is known only from the link). Actor: the signed-in user, else the record itself.
 */
export async function recordActivity(tx: Sql, c: Context<AppEnv>, row: { action: ActivityAction; resource: ActivityResource; resource_id: number; label: string; organizer_id?: number | null; changes?: Record<string, FieldChange> }) {
  const actor = actorOf(c);
  const self = actor.actor_id === null;
  await q.insertActivity(tx, {
    actor_id: self ? row.resource_id : actor.actor_id, actor_name: self ? row.label : actor.actor_name, actor_role: actor.actor_role,
    organizer_id: row.organizer_id ?? actor.companyId, action: row.action, resource: row.resource, resource_id: row.resource_id,
    label: row.label.slice(0, MAX_LABEL), changes: row.changes && Object.keys(row.changes).length ? JSON.stringify(row.changes) : '', ...requestFacts(c),
  });
}

async function recordExport(c: Context<AppEnv>) {
  const part = c.req.path.replace(/^\/api\//, '').split('/')[0];
  const resource = ({ user: 'users', role: 'roles', permission: 'permissions', page: 'pages', adminmenu: 'menus', organiser: 'organisers', event: 'events', getPhotosByEventId: 'photos', getAllParticipantVideos: 'videos', activity: 'session' } as Record<string, ActivityResource>)[part] ?? 'session';
  const actor = actorOf(c);
  const query = new URL(c.req.url).search.slice(0, MAX_VALUE);
  await q.insertActivity(c.var.sql, {
    actor_id: actor.actor_id, actor_name: actor.actor_name, actor_role: actor.actor_role, organizer_id: actor.companyId,
    action: 'export', resource, resource_id: null, label: `${part}.csv`, changes: query ? JSON.stringify({ query: { from: null, to: query } }) : '', ...requestFacts(c),
  });
}

/** Rows older than `days` days are removed (retention, default 365) every hour; returns a stop function. */
export function startActivityPruner(sql: Sql, days: number, everyMs = 3600_000): () => void {
  const prune = () => { q.pruneActivity(sql, Date.now() - days * 86_400_000)
    .catch((err: unknown) => log.warn({ err }, 'activity pruning failed; retried at the next interval')); };
  const first = setTimeout(prune, 5_000);
  const timer = setInterval(prune, everyMs);
  first.unref?.(); timer.unref?.();
  return () => { clearTimeout(first); clearInterval(timer); };
}
