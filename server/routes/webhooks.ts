import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, pageOf, toId } from '../http/envelope.ts';
import { body, query } from '../http/input.ts';
import { requireUser } from '../http/middleware/auth.ts';
import { forbidden } from '../http/http-error.ts';
import { logs, whoOf } from '../http/logs.ts';
import { DeliveryListQuery, WebhookInput, WebhookUpdate } from '../../src/common/contract/webhooks.ts';
import { DEFAULT_EGRESS } from '../lib/mail/egress.ts';
import * as webhooks from '../services/webhooks.ts';

/**
 * Signed webhooks (docs/webhooks.md), for an organiser's users (their organiser's
 * endpoints) and administrators (the platform's):
 *
 * - GET    webhooks                      -> data [endpoint] (never a secret)
 * - POST   webhooks                      url, events (list or comma-separated), description
 *                                         -> data endpoint + secret (whsec_…, this once); 422 on url/events
 * - GET    webhooks/{id}                 -> data endpoint
 * - PUT    webhooks/{id}                 url, events, description, enabled, rotate_secret -> data endpoint (+ secret after a rotation)
 * - DELETE webhooks/{id}                 -> data null
 * - GET    webhooks/{id}/deliveries      ?event, ?status, ?page -> data paginator of deliveries
 * - GET    webhooks/{id}/deliveries/{delivery}          -> data delivery + payload + attempts_list
 * - POST   webhooks/{id}/deliveries/{delivery}/replay   -> data delivery (Redeliver: same webhook-id, new timestamp and signature)
 * - POST   webhooks/{id}/test            -> data the webhook.test delivery
 *
 * Anyone else (a staff role that is not admin) is refused 403; another owner's endpoint is 404.
 */

/** The caller's endpoints' owner: its organiser, or null (the platform) for an administrator; 403 for anyone else. */
function ownerOf(c: Context<AppEnv>): number | null {
  const user = c.get('user');
  if (user.isCompany && user.companyId !== null) return user.companyId;
  if (user.isAdmin) return null;
  throw forbidden('Only organisers and administrators have webhooks.');
}
const envOf = (c: Context<AppEnv>): webhooks.WebhookEnv => ({
  key: c.get('config').twoStepKey,
  egress: c.get('config').webhookEgress ?? { ...DEFAULT_EGRESS, denyPrivate: true },
});
const idOf = (c: Context<AppEnv>, name = 'id') => toId(c.req.param(name));

export const webhookRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', async (c) => ok(c, await webhooks.listWebhooks(c.get('sql'), ownerOf(c))))
  .post('/', logs('webhooks'), body(WebhookInput), async (c) => {
    const owner = ownerOf(c);
    return ok(c, await webhooks.createWebhook(c.get('sql'), whoOf(c), owner, c.req.valid('form'), envOf(c)), 'Webhook created successfully.');
  })
  .get('/:id', async (c) => ok(c, await webhooks.getWebhook(c.get('sql'), ownerOf(c), idOf(c))))
  .put('/:id', logs('webhooks'), body(WebhookUpdate), async (c) => {
    const owner = ownerOf(c);
    return ok(c, await webhooks.updateWebhook(c.get('sql'), whoOf(c), owner, idOf(c), c.req.valid('form'), envOf(c)), 'Webhook updated successfully.');
  })
  .delete('/:id', logs('webhooks'), async (c) => {
    await webhooks.deleteWebhook(c.get('sql'), whoOf(c), ownerOf(c), idOf(c));
    return ok(c, null, 'Webhook deleted successfully.');
  })
  .get('/:id/deliveries', query(DeliveryListQuery), async (c) => {
    const f = c.req.valid('query');
    return ok(c, await webhooks.listDeliveries(c.get('sql'), ownerOf(c), idOf(c), { event: f.event, status: f.status }, pageOf(f.page)));
  })
  .get('/:id/deliveries/:delivery', async (c) => ok(c, await webhooks.getDelivery(c.get('sql'), ownerOf(c), idOf(c), idOf(c, 'delivery'))))
  .post('/:id/deliveries/:delivery/replay', async (c) =>
    ok(c, await webhooks.replayDelivery(c.get('sql'), ownerOf(c), idOf(c), idOf(c, 'delivery')), 'The delivery will be sent again.'),
  )
  .post('/:id/test', async (c) => ok(c, await webhooks.sendTestEvent(c.get('sql'), ownerOf(c), idOf(c), envOf(c)), 'Test event queued.'));
