import type { Sql } from '../../db/sql.ts';
import { insertDelivery, subscribersOf } from '../../db/queries/webhooks.ts';
import { PLATFORM_ONLY_WEBHOOK_EVENTS, type WebhookEventType } from '../../../src/common/webhooks.ts';
import { newMessageId } from './signing.ts';

/**
 * Queues one event for every endpoint subscribed to it (docs/webhooks.md "Events"), **through
 * `tx`, the transaction of the change that causes it** (as the e-mail outbox is written): a change
 * rolled back leaves no delivery, and a committed change always has its deliveries. The sender
 * (lib/webhooks/sender.ts) sends them later.
 *
 * Who receives it: for an event of organiser `organiserId`, that organiser's endpoints and the
 * platform's; for a platform event (user.created, user.deleted, organiser.created,
 * settings.changed; `organiserId` ignored) the platform's only. `data` carries ids and the fields
 * the endpoint's owner may read (every caller passes only its owner's record, never secrets).
 * The body sent is `{ type, timestamp, data }`; every endpoint gets the same message id.
 */
export async function queueWebhookEvent(tx: Sql, type: WebhookEventType, organiserId: number | null, data: Record<string, unknown>): Promise<void> {
  const platformOnly = (PLATFORM_ONLY_WEBHOOK_EVENTS as readonly string[]).includes(type);
  const subscribers = (await subscribersOf(tx, platformOnly ? null : organiserId)).filter((w) => subscribed(w.events, type));
  if (!subscribers.length) return;
  const id = newMessageId();
  const payload = JSON.stringify({ type, timestamp: new Date().toISOString(), data: { ...data, organiser_id: platformOnly ? undefined : organiserId } });
  for (const w of subscribers) await insertDelivery(tx, w.id, id, type, payload);
}

/** Whether an endpoint's stored event list (JSON) names `type`. */
function subscribed(events: string, type: string): boolean {
  try {
    const list = JSON.parse(events);
    return Array.isArray(list) && list.includes(type);
  } catch {
    return false;
  }
}
