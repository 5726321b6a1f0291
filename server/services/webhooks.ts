import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/webhooks.ts';
import { Invalid, NotFound, Refused } from '../runtime/domain-errors.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { open, seal } from '../lib/auth/two-step-key.ts';
import type { EgressPolicy } from '../lib/mail/egress.ts';
import { vetUrl } from '../lib/webhooks/deliver.ts';
import { newMessageId, newSecret } from '../lib/webhooks/signing.ts';
import { wakeWebhookSenders } from '../lib/webhooks/sender.ts';
import { eventsFor, OLD_SECRET_VALID_MS, TEST_EVENT, WEBHOOKS_PER_OWNER } from '../../src/common/webhooks.ts';
import type { Webhook, WebhookAttempt, WebhookDelivery, WebhookDeliveryDetail, WebhookWithSecret } from '../../src/common/contract/webhooks.ts';

/**
 * Webhook endpoints and their deliveries (docs/webhooks.md). `owner` is the caller's:
 * an organiser's id for its users, null (the platform) for an administrator; every call reads and
 * writes that owner's endpoints only, so another owner's answer 404 "Webhook not found.".
 * An endpoint's URL is checked when saved (lib/webhooks/deliver.ts vetUrl: https, or http to an
 * allowed host; its address under the outgoing-connection rules) and again before every attempt.
 * Its secret is sealed with the two-step key and answered once, at creation and at a rotation.
 * Changes record their activity (resource webhooks) in their own transaction.
 */

/** What the service needs of the server: the key that seals secrets, the webhook address policy. */
export interface WebhookEnv {
  key?: Buffer | null;
  egress: EgressPolicy;
}

/** Refusal when this server has no key to seal a secret with (PostgreSQL without TWO_STEP_KEY). */
export const WEBHOOK_KEY_MISSING = 'Webhooks need TWO_STEP_KEY set on this server (docs/configuration.md). Ask your administrator.';

/** Refusal when the endpoint's secret was sealed under another key than this server's (TWO_STEP_KEY changed): rotate it. */
export const WEBHOOK_KEY_CHANGED = "This endpoint's signing secret cannot be read with this server's TWO_STEP_KEY: rotate the secret.";

const DAY_MS = 86_400_000;

/** Endpoint row -> wire shape, with its last 7 days' counts. */
function shape(w: q.WebhookRow, stats = { delivered: 0, failing: 0, pending: 0 }): Webhook {
  let events: string[] = [];
  try {
    events = JSON.parse(w.events);
  } catch {
    /* stored by this module: always JSON */
  }
  return {
    id: w.id,
    company_id: w.company_id,
    url: w.url,
    description: w.description,
    events,
    enabled: w.enabled === 1,
    disabled_reason: w.disabled_reason,
    last_error: w.last_error,
    stats,
    old_secret_until: w.old_secret_until,
    created_at: w.created_at,
    updated_at: w.updated_at,
  };
}
const deliveryShape = (d: q.DeliveryRow): WebhookDelivery => ({
  id: d.id,
  webhook_id: d.webhook_id,
  message_id: d.message_id,
  type: d.type,
  status: d.status,
  attempts: d.attempts,
  last_status: d.last_status,
  last_error: d.last_error,
  next_at: d.status === 'pending' ? d.next_at : null,
  created_at: d.created_at,
  delivered_at: d.delivered_at,
});

/** The events `owner` may subscribe to, checked: 422 on `events` for one it may not. */
function checkEvents(owner: number | null, events: string[]) {
  const allowed = eventsFor(owner === null) as readonly string[];
  if (events.some((e) => !allowed.includes(e)))
    throw new Invalid({ events: ['Organisers receive the events of their own events only: choose among those listed.'] });
  return [...new Set(events)];
}
/** The URL, trimmed and checked against the rules (422 on `url`). */
async function checkUrl(url: string, env: WebhookEnv) {
  const u = url.trim();
  const vetted = await vetUrl(u, env.egress);
  if ('error' in vetted) throw new Invalid({ url: [vetted.error] });
  return u;
}
const requireKey = (env: WebhookEnv): Buffer => {
  if (!env.key) throw new Refused(WEBHOOK_KEY_MISSING);
  return env.key;
};

/** Every endpoint of `owner` with its counts. */
export async function listWebhooks(sql: Sql, owner: number | null): Promise<Webhook[]> {
  const stats = await q.deliveryStats(sql, owner, 7 * DAY_MS);
  return (await q.webhooksOf(sql, owner)).map((w) => shape(w, stats.get(w.id)));
}

/** Endpoint `id` of `owner`; 404 otherwise. */
export async function getWebhook(sql: Sql, owner: number | null, id: number): Promise<Webhook> {
  const w = await q.webhookOf(sql, owner, id);
  if (!w) throw new NotFound('Webhook');
  return shape(w, (await q.deliveryStats(sql, owner, 7 * DAY_MS)).get(id));
}

/** Adds an endpoint of `owner`; answers it with its secret (this once). 422 for a URL or event refused, or past WEBHOOKS_PER_OWNER; 403 without a key. */
export async function createWebhook(
  sql: Sql,
  who: Who,
  owner: number | null,
  input: { url: string; events: string[]; description?: string },
  env: WebhookEnv,
): Promise<WebhookWithSecret> {
  const key = requireKey(env);
  const events = checkEvents(owner, input.events);
  const url = await checkUrl(input.url, env);
  const secret = newSecret();
  return sql.transaction(async (tx) => {
    if ((await q.countWebhooks(tx, owner)) >= WEBHOOKS_PER_OWNER) throw new Invalid({ url: [`At most ${WEBHOOKS_PER_OWNER} webhook endpoints.`] });
    const description = (input.description ?? '').trim();
    const id = await q.insertWebhook(tx, { company_id: owner, url, description, events, secret: seal(key, secret) });
    await recordActivity(tx, who, {
      resource: 'webhooks',
      action: 'create',
      id,
      label: url,
      organiserId: owner,
      changes: { url: { from: null, to: url }, events: { from: null, to: events }, description: { from: null, to: description }, secret: 'changed' },
    });
    return { ...shape((await q.webhookOf(tx, owner, id))!), secret };
  });
}

/**
 * Changes endpoint `id` of `owner`: url, events, description, enabled (enabling resumes its
 * pending deliveries), rotate (a new secret answered once; the previous one signs 24 h more).
 */
export async function updateWebhook(
  sql: Sql,
  who: Who,
  owner: number | null,
  id: number,
  input: { url?: string; events?: string[]; description?: string; enabled?: boolean; rotate_secret?: boolean },
  env: WebhookEnv,
): Promise<Webhook & { secret?: string }> {
  const events = input.events === undefined ? undefined : checkEvents(owner, input.events);
  const url = input.url === undefined ? undefined : await checkUrl(input.url, env);
  const key = input.rotate_secret ? requireKey(env) : null;
  const secret = key ? newSecret() : undefined;
  const answer = await sql.transaction(async (tx) => {
    const before = await q.webhookOf(tx, owner, id);
    if (!before) throw new NotFound('Webhook');
    const description = input.description === undefined ? undefined : input.description.trim();
    const rotate = key && secret ? { secret: seal(key, secret), old: before.secret, validMs: OLD_SECRET_VALID_MS } : undefined;
    await q.updateWebhook(tx, owner, id, { url, events, description, enabled: input.enabled, rotate });
    const after = (await q.webhookOf(tx, owner, id))!;
    const changes: Record<string, { from: unknown; to: unknown } | 'changed'> = {};
    if (after.url !== before.url) changes.url = { from: before.url, to: after.url };
    if (after.events !== before.events) changes.events = { from: JSON.parse(before.events), to: JSON.parse(after.events) };
    if (after.description !== before.description) changes.description = { from: before.description, to: after.description };
    if (after.enabled !== before.enabled) changes.enabled = { from: before.enabled === 1, to: after.enabled === 1 };
    if (rotate) changes.secret = 'changed';
    await recordActivity(tx, who, { resource: 'webhooks', action: 'update', id, label: after.url, organiserId: owner, changes });
    return { ...shape(after, (await q.deliveryStats(tx, owner, 7 * DAY_MS)).get(id)), ...(secret ? { secret } : {}) };
  });
  if (input.enabled) wakeWebhookSenders();
  return answer;
}

/** Deletes endpoint `id` of `owner` with its deliveries; 404 otherwise. */
export async function deleteWebhook(sql: Sql, who: Who, owner: number | null, id: number): Promise<void> {
  await sql.transaction(async (tx) => {
    const before = await q.webhookOf(tx, owner, id);
    if (!before || !(await q.deleteWebhook(tx, owner, id))) throw new NotFound('Webhook');
    await recordActivity(tx, who, {
      resource: 'webhooks',
      action: 'delete',
      id,
      label: before.url,
      organiserId: owner,
      changes: { url: { from: before.url, to: null } },
    });
  });
}

/** One page (10, newest first) of endpoint `id`'s deliveries, filtered by event type and status. */
export async function listDeliveries(sql: Sql, owner: number | null, id: number, f: { event?: string; status?: string }, page: number) {
  if (!(await q.webhookOf(sql, owner, id))) throw new NotFound('Webhook');
  const perPage = 10;
  const { total, rows } = await q.deliveriesPage(sql, id, { type: f.event || undefined, status: f.status || undefined }, page, perPage);
  return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)), data: rows.map(deliveryShape) };
}

/** Delivery `deliveryId` of endpoint `id`, with the body sent and its attempts. */
export async function getDelivery(sql: Sql, owner: number | null, id: number, deliveryId: number): Promise<WebhookDeliveryDetail> {
  if (!(await q.webhookOf(sql, owner, id))) throw new NotFound('Webhook');
  const d = await q.deliveryOf(sql, id, deliveryId);
  if (!d) throw new NotFound('Delivery');
  const attempts: WebhookAttempt[] = (await q.attemptsOf(sql, d.id)).map((a) => {
    let headers: Record<string, string> = {};
    try {
      headers = JSON.parse(a.request_headers);
    } catch {
      /* written by the sender: always JSON */
    }
    return {
      id: a.id,
      at: a.at,
      status_code: a.status_code,
      duration_ms: a.duration_ms,
      request_headers: headers,
      response: a.response,
      error: a.error,
      next_at: a.next_at,
    };
  });
  return { ...deliveryShape(d), payload: d.payload, attempts_list: attempts };
}

/** Redeliver: delivery `deliveryId` due again at once, the same message id; its next attempt is signed afresh. */
export async function replayDelivery(sql: Sql, owner: number | null, id: number, deliveryId: number): Promise<WebhookDelivery> {
  const d = await sql.transaction(async (tx) => {
    if (!(await q.webhookOf(tx, owner, id))) throw new NotFound('Webhook');
    if (!(await q.redeliver(tx, id, deliveryId))) throw new NotFound('Delivery');
    return (await q.deliveryOf(tx, id, deliveryId))!;
  });
  wakeWebhookSenders();
  return deliveryShape(d);
}

/** Send test event: a `webhook.test` delivery to endpoint `id`, due at once. */
export async function sendTestEvent(sql: Sql, owner: number | null, id: number, env: WebhookEnv): Promise<WebhookDelivery> {
  const d = await sql.transaction(async (tx) => {
    const w = await q.webhookOf(tx, owner, id);
    if (!w) throw new NotFound('Webhook');
    // The secret must open with this server's key, or no attempt can be signed.
    try {
      open(requireKey(env), w.secret);
    } catch (err) {
      if (err instanceof Refused) throw err;
      throw new Refused(WEBHOOK_KEY_CHANGED);
    }
    const payload = JSON.stringify({ type: TEST_EVENT, timestamp: new Date().toISOString(), data: { webhook_id: id } });
    const did = await q.insertDelivery(tx, id, newMessageId(), TEST_EVENT, payload);
    return (await q.deliveryOf(tx, id, did))!;
  });
  wakeWebhookSenders();
  return deliveryShape(d);
}
