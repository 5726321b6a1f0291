import type { Sql } from '../sql.ts';
import { dbNow } from '../clock.ts';

/**
 * Rows of webhooks, their deliveries and attempts (migration 040; docs/webhooks.md). An endpoint's
 * owner is its `company_id`: an organiser's id, or null for the platform's; every read and write
 * of an endpoint names its owner, so nobody reaches another owner's rows. Times are ms on the
 * database's clock.
 */

/** An endpoint as stored (its secrets sealed). */
export interface WebhookRow {
  id: number;
  company_id: number | null;
  url: string;
  description: string;
  events: string;
  secret: string;
  old_secret: string | null;
  old_secret_until: number | null;
  enabled: number;
  disabled_reason: string;
  last_error: string;
  failing_since: number | null;
  created_at: number;
  updated_at: number;
}
/** A delivery as stored. */
export interface DeliveryRow {
  id: number;
  webhook_id: number;
  message_id: string;
  type: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_at: number;
  last_status: number | null;
  last_error: string;
  created_at: number;
  delivered_at: number | null;
}
/** An attempt as stored. */
export interface AttemptRow {
  id: number;
  delivery_id: number;
  at: number;
  status_code: number | null;
  duration_ms: number;
  request_headers: string;
  response: string;
  error: string;
  next_at: number | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/** Numbers as numbers on both engines (PostgreSQL answers BIGINT as text). */
export function webhookRow(r: Record<string, unknown>): WebhookRow {
  return {
    ...(r as unknown as WebhookRow),
    id: Number(r.id),
    company_id: num(r.company_id),
    enabled: Number(r.enabled),
    old_secret_until: num(r.old_secret_until),
    failing_since: num(r.failing_since),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}
export function deliveryRow(r: Record<string, unknown>): DeliveryRow {
  return {
    ...(r as unknown as DeliveryRow),
    id: Number(r.id),
    webhook_id: Number(r.webhook_id),
    attempts: Number(r.attempts),
    next_at: Number(r.next_at),
    last_status: num(r.last_status),
    created_at: Number(r.created_at),
    delivered_at: num(r.delivered_at),
  };
}

/** The owner condition of an endpoint: `company_id = ?` for an organiser, `company_id IS NULL` for the platform. */
const owned = (owner: number | null, alias = '') => (owner === null ? `${alias}company_id IS NULL` : `${alias}company_id = ${Number(owner)}`);

/** Endpoint `id` of `owner`, or undefined (absent, or another owner's). */
export const webhookOf = async (sql: Sql, owner: number | null, id: number) => {
  const r = await sql.get('SELECT * FROM webhooks WHERE id = ? AND ' + owned(owner), [id]);
  return r ? webhookRow(r) : undefined;
};
/** Every endpoint of `owner`, oldest first. */
export const webhooksOf = async (sql: Sql, owner: number | null) => (await sql.all(`SELECT * FROM webhooks WHERE ${owned(owner)} ORDER BY id`)).map(webhookRow);
/** How many endpoints `owner` has. */
export const countWebhooks = async (sql: Sql, owner: number | null) =>
  Number((await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM webhooks WHERE ${owned(owner)}`))?.n ?? 0);

/** Deliveries per endpoint of `owner` created since `sinceMs` ago, by status. */
export async function deliveryStats(sql: Sql, owner: number | null, sinceMs: number) {
  const rows = await sql.all<{ webhook_id: number; status: string; n: number }>(
    `SELECT d.webhook_id, d.status, COUNT(*) AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
     WHERE ${owned(owner, 'w.')} AND d.created_at >= ${dbNow(sql)} - ? GROUP BY d.webhook_id, d.status`,
    [sinceMs],
  );
  const out = new Map<number, { delivered: number; failing: number; pending: number }>();
  for (const r of rows) {
    const s = out.get(Number(r.webhook_id)) ?? { delivered: 0, failing: 0, pending: 0 };
    if (r.status === 'delivered') s.delivered += Number(r.n);
    else if (r.status === 'failed') s.failing += Number(r.n);
    else s.pending += Number(r.n);
    out.set(Number(r.webhook_id), s);
  }
  return out;
}

/** Adds an endpoint; resolves to its id. */
export async function insertWebhook(
  tx: Sql,
  w: { company_id: number | null; url: string; description: string; events: string[]; secret: string },
): Promise<number> {
  const r = await tx.get<{ id: number }>(
    `INSERT INTO webhooks (company_id, url, description, events, secret, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ${dbNow(tx)}, ${dbNow(tx)}) RETURNING id`,
    [w.company_id, w.url, w.description, JSON.stringify(w.events), w.secret],
  );
  return Number(r!.id);
}

/** Changes endpoint `id` of `owner`: the fields given. Resolves to the rows changed (0 or 1). */
export function updateWebhook(
  tx: Sql,
  owner: number | null,
  id: number,
  f: { url?: string; description?: string; events?: string[]; enabled?: boolean; rotate?: { secret: string; old: string; validMs: number } },
): Promise<number> {
  const set: string[] = [`updated_at = ${dbNow(tx)}`];
  const params: (string | number | null)[] = [];
  if (f.url !== undefined) set.push('url = ?') && params.push(f.url);
  if (f.description !== undefined) set.push('description = ?') && params.push(f.description);
  if (f.events !== undefined) set.push('events = ?') && params.push(JSON.stringify(f.events));
  if (f.enabled === true) set.push("enabled = 1, disabled_reason = '', failing_since = NULL");
  if (f.enabled === false) set.push("enabled = 0, disabled_reason = 'owner'");
  if (f.rotate) {
    set.push(`secret = ?, old_secret = ?, old_secret_until = ${dbNow(tx)} + ?`);
    params.push(f.rotate.secret, f.rotate.old, f.rotate.validMs);
  }
  return tx.run(`UPDATE webhooks SET ${set.join(', ')} WHERE id = ? AND ${owned(owner)}`, [...params, id]);
}

/** Deletes endpoint `id` of `owner` (its deliveries and attempts go with it); resolves to 0 or 1. */
export const deleteWebhook = (tx: Sql, owner: number | null, id: number) => tx.run(`DELETE FROM webhooks WHERE id = ? AND ${owned(owner)}`, [id]);

/**
 * Endpoints that may receive an event of organiser `companyId` (its own and the platform's), or of
 * the platform (null: the platform's only): the enabled ones and those the sender disabled for
 * failing, whose deliveries wait until they are enabled again (nothing is lost); not those their
 * owner disabled.
 */
export const subscribersOf = async (tx: Sql, companyId: number | null) =>
  (
    await tx.all(
      companyId === null
        ? "SELECT id, company_id, events FROM webhooks WHERE (enabled = 1 OR disabled_reason = 'failing') AND company_id IS NULL"
        : "SELECT id, company_id, events FROM webhooks WHERE (enabled = 1 OR disabled_reason = 'failing') AND (company_id IS NULL OR company_id = ?)",
      companyId === null ? [] : [companyId],
    )
  ).map((r) => ({ id: Number(r.id), company_id: num(r.company_id), events: String(r.events) }));

/** Adds a delivery of one event to endpoint `webhookId`, due at once; resolves to its id. */
export async function insertDelivery(tx: Sql, webhookId: number, messageId: string, type: string, payload: string): Promise<number> {
  const r = await tx.get<{ id: number }>(
    `INSERT INTO webhook_deliveries (webhook_id, message_id, type, payload, status, attempts, next_at, created_at) VALUES (?, ?, ?, ?, 'pending', 0, ${dbNow(tx)}, ${dbNow(tx)}) RETURNING id`,
    [webhookId, messageId, type, payload],
  );
  return Number(r!.id);
}

/** A claimed delivery with what its attempt needs of its endpoint. */
export interface ClaimedDelivery extends DeliveryRow {
  url: string;
  secret: string;
  old_secret: string | null;
  old_secret_until: number | null;
  company_id: number | null;
  now: number;
}

/** The resource a delivery's claim and outcome change (Sql.declare): no kept list answer reads them. */
export const WEBHOOK_DELIVERIES = ['webhook_deliveries'] as const;

/**
 * Claims up to `limit` due deliveries (pending, next_at reached, no live lease, endpoint enabled)
 * for `owner` for `leaseMs`, counting an attempt on each: one process at a time holds a delivery
 * (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite has one writer). Oldest due first.
 */
export async function claimDeliveries(sql: Sql, owner: string, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
  const now = dbNow(sql);
  const lock = sql.engine === 'postgres' ? 'FOR UPDATE OF d SKIP LOCKED' : '';
  return sql.transaction(async (tx) => {
    tx.declare?.(WEBHOOK_DELIVERIES);
    const ids = await tx.all<{ id: number }>(
      `SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
       WHERE d.status = 'pending' AND d.next_at <= ${now} AND (d.lease_until IS NULL OR d.lease_until < ${now}) AND w.enabled = 1
       ORDER BY d.next_at, d.id LIMIT ? ${lock}`,
      [limit],
    );
    if (!ids.length) return [];
    const list = ids.map((r) => Number(r.id));
    await tx.run(
      `UPDATE webhook_deliveries SET lease_owner = ?, lease_until = ${now} + ?, attempts = attempts + 1 WHERE id IN (${list.map(() => '?').join(', ')})`,
      [owner, leaseMs, ...list],
    );
    const rows = await tx.all(
      `SELECT d.*, w.url, w.secret, w.old_secret, w.old_secret_until, w.company_id, ${now} AS now FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
       WHERE d.id IN (${list.map(() => '?').join(', ')}) AND d.lease_owner = ? ORDER BY d.next_at, d.id`,
      [...list, owner],
    );
    return rows.map((r) => ({
      ...deliveryRow(r),
      url: String(r.url),
      secret: String(r.secret),
      old_secret: r.old_secret == null ? null : String(r.old_secret),
      old_secret_until: num(r.old_secret_until),
      company_id: num(r.company_id),
      now: Number(r.now),
    }));
  });
}

/** One attempt's outcome as the sender records it. */
export interface AttemptOutcome {
  at: number;
  statusCode: number | null;
  durationMs: number;
  requestHeaders: Record<string, string>;
  response: string;
  error: string;
}

/** Records an attempt of held delivery `d`; `nextInMs` null: no next attempt (delivered, or given up). */
export const insertAttempt = (tx: Sql, deliveryId: number, o: AttemptOutcome, nextAt: number | null) =>
  tx.run(
    'INSERT INTO webhook_attempts (delivery_id, at, status_code, duration_ms, request_headers, response, error, next_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [deliveryId, o.at, o.statusCode, Math.round(o.durationMs), JSON.stringify(o.requestHeaders), o.response, o.error.slice(0, 500), nextAt],
  );

/** Settles held delivery `id`: delivered, pending again at `nextAt`, or failed. Resolves to 0 when the lease was lost meanwhile. */
export const settleDelivery = (tx: Sql, id: number, owner: string, status: 'delivered' | 'pending' | 'failed', nextAt: number, o: AttemptOutcome) =>
  tx.run(
    `UPDATE webhook_deliveries SET status = ?, next_at = ?, last_status = ?, last_error = ?, delivered_at = ${status === 'delivered' ? dbNow(tx) : 'delivered_at'},
     lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?`,
    [status, nextAt, o.statusCode, o.error.slice(0, 500), id, owner],
  );

/** An endpoint's state after a success: failing no more. */
export const endpointSucceeded = (tx: Sql, id: number) => tx.run("UPDATE webhooks SET failing_since = NULL, last_error = '' WHERE id = ?", [id]);
/** An endpoint's state after a failure: failing since its first failure after a success; resolves to that time (ms). */
export async function endpointFailed(tx: Sql, id: number, error: string): Promise<number | null> {
  await tx.run(`UPDATE webhooks SET failing_since = COALESCE(failing_since, ${dbNow(tx)}), last_error = ? WHERE id = ?`, [error.slice(0, 500), id]);
  return num((await tx.get<{ f: number }>('SELECT failing_since AS f FROM webhooks WHERE id = ?', [id]))?.f);
}
/** Disables endpoint `id` after failing too long; resolves to 1 when it was enabled until now. */
export const disableFailing = (tx: Sql, id: number) =>
  tx.run("UPDATE webhooks SET enabled = 0, disabled_reason = 'failing' WHERE id = ? AND enabled = 1", [id]);

/** Makes delivery `id` of endpoint `webhookId` due again at once (Redeliver); resolves to 0 or 1. */
export const redeliver = (tx: Sql, webhookId: number, id: number) =>
  tx.run(`UPDATE webhook_deliveries SET status = 'pending', next_at = ${dbNow(tx)}, lease_owner = NULL, lease_until = NULL WHERE id = ? AND webhook_id = ?`, [
    id,
    webhookId,
  ]);

/** Delivery `id` of endpoint `webhookId`, or undefined. */
export const deliveryOf = async (sql: Sql, webhookId: number, id: number) => {
  const r = await sql.get('SELECT * FROM webhook_deliveries WHERE id = ? AND webhook_id = ?', [id, webhookId]);
  return r ? deliveryRow(r) : undefined;
};
/** The attempts of delivery `id`, oldest first. */
export const attemptsOf = async (sql: Sql, id: number) =>
  (await sql.all('SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY id', [id])).map((r) => ({
    ...(r as unknown as AttemptRow),
    id: Number(r.id),
    at: Number(r.at),
    status_code: num(r.status_code),
    duration_ms: Number(r.duration_ms),
    next_at: num(r.next_at),
  }));

/** One page (`perPage`, newest first) of endpoint `webhookId`'s deliveries, filtered by type and status when given; with the total. */
export async function deliveriesPage(sql: Sql, webhookId: number, f: { type?: string; status?: string }, page: number, perPage: number) {
  const where = ['webhook_id = ?'];
  const params: (string | number)[] = [webhookId];
  if (f.type) where.push('type = ?') && params.push(f.type);
  if (f.status) where.push('status = ?') && params.push(f.status);
  const total = Number((await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE ${where.join(' AND ')}`, params))?.n ?? 0);
  const rows = await sql.all(`SELECT * FROM webhook_deliveries WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ? OFFSET ?`, [
    ...params,
    perPage,
    (page - 1) * perPage,
  ]);
  return { total, rows: rows.map(deliveryRow) };
}
