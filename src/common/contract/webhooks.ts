import { z } from 'zod';
import { Id, optionalText, paginator, says } from './base.ts';
import { DELIVERY_STATUSES, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from '../webhooks.ts';

/**
 * Webhooks' part of the wire contract (docs/webhooks.md): the bodies of
 * `/api/webhooks` and what it answers. WEBHOOKS_CONTRACT is spread into CONTRACT (./schemas.ts).
 * An endpoint belongs to the caller: an organiser's user's organiser, or the platform for an
 * administrator; nobody reaches another owner's endpoints (404).
 */

/** A list of event types as JSON sends it, or comma-separated text as a form does. */
const eventList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(z.string().max(60))
    .max(WEBHOOK_EVENTS.length * 2)
    .refine((a) => a.length > 0, says('Choose at least one event.'))
    .refine((a) => a.every((e) => (WEBHOOK_EVENTS as readonly string[]).includes(e)), says('The selected :attribute is invalid.')),
);
/** The endpoint's address: required, one line, at most WEBHOOK_URL_MAX (where it may point is the server's check, lib/webhooks). */
const url = z
  .string()
  .max(WEBHOOK_URL_MAX)
  .refine((s) => s.trim() !== '', { params: { rule: 'required' } })
  .refine((s) => !/[\s\u0000-\u001f]/.test(s.trim()), says('The :attribute must be a valid URL.'));

/** POST webhooks: url, events (list, or comma-separated text), description (optional, ≤ 200). */
export const WebhookInput = z.object({ url, events: eventList, description: optionalText(WEBHOOK_DESCRIPTION_MAX) });
export type WebhookInput = z.input<typeof WebhookInput>;
/** PUT webhooks/{id}: any of url, events, description, enabled (1/0, true/false), rotate_secret (1: a new secret, the old one signs 24 h more). */
export const WebhookUpdate = z.object({
  url: url.optional(),
  events: eventList.optional(),
  description: optionalText(WEBHOOK_DESCRIPTION_MAX),
  enabled: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === '1' || v === 'true')),
  rotate_secret: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
    .optional()
    .transform((v) => v === true || v === '1' || v === 'true'),
});
export type WebhookUpdate = z.input<typeof WebhookUpdate>;

/** One endpoint as the list and the detail answer it; never its secret. */
export const Webhook = z.object({
  id: Id,
  company_id: Id.nullable(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** '' while enabled; 'failing' (disabled by the sender) or 'owner'. */
  disabled_reason: z.string(),
  last_error: z.string(),
  /** Deliveries of the last 7 days: how many were delivered, how many failed or are retrying. */
  stats: z.object({ delivered: z.number().int(), failing: z.number().int(), pending: z.number().int() }),
  /** Ms since 1970 until which the previous secret still signs; null when none does. */
  old_secret_until: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Webhook = z.infer<typeof Webhook>;
/** What POST webhooks and a rotation answer: the endpoint and its new secret, this once. */
export const WebhookWithSecret = Webhook.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecret>;

/** One delivery: an event for one endpoint, with its state. */
export const WebhookDelivery = z.object({
  id: Id,
  webhook_id: Id,
  message_id: z.string(),
  type: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string(),
  next_at: z.number().nullable(),
  created_at: z.number(),
  delivered_at: z.number().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
/** One attempt: when, the answer's status (null: none came), how long (ms), what was sent and the answer's first 1 KB. */
export const WebhookAttempt = z.object({
  id: Id,
  at: z.number(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  request_headers: z.record(z.string(), z.string()),
  response: z.string(),
  error: z.string(),
  next_at: z.number().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;
/** GET webhooks/{id}/deliveries/{delivery}: the delivery, the body sent, and its attempts (oldest first). */
export const WebhookDeliveryDetail = WebhookDelivery.extend({ payload: z.string(), attempts_list: z.array(WebhookAttempt) });
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>;
/** GET webhooks/{id}/deliveries: ?page, ?event (a type), ?status (pending, delivered, failed). */
export const DeliveryListQuery = z.object({
  page: z.string().max(10).optional(),
  event: z.string().max(60).optional(),
  status: z.enum(DELIVERY_STATUSES).or(z.literal('')).optional(),
});

/** The routes of webhooks, keyed as CONTRACT is. */
export const WEBHOOKS_CONTRACT = {
  'GET /api/webhooks': { summary: "The caller's webhook endpoints (an organiser's, or the platform's for an administrator)", data: z.array(Webhook) },
  'POST /api/webhooks': { summary: 'Add a webhook endpoint; answers its signing secret (whsec_…) this once', body: WebhookInput, data: WebhookWithSecret },
  'GET /api/webhooks/{id}': { summary: 'One webhook endpoint', data: Webhook },
  'PUT /api/webhooks/{id}': {
    summary: 'Edit, enable, disable a webhook endpoint or rotate its secret (answered once; the old one signs 24 h more)',
    body: WebhookUpdate,
    data: WebhookWithSecret.partial({ secret: true }),
  },
  'DELETE /api/webhooks/{id}': { summary: 'Delete a webhook endpoint and its deliveries', data: z.null() },
  'GET /api/webhooks/{id}/deliveries': {
    summary: "An endpoint's deliveries, newest first (?event, ?status, ?page)",
    query: DeliveryListQuery,
    data: paginator(WebhookDelivery),
  },
  'GET /api/webhooks/{id}/deliveries/{delivery}': { summary: 'One delivery with its body and attempts', data: WebhookDeliveryDetail },
  'POST /api/webhooks/{id}/deliveries/{delivery}/replay': {
    summary: 'Redeliver: the same event id again, with a fresh timestamp and signature',
    data: WebhookDelivery,
  },
  'POST /api/webhooks/{id}/test': { summary: 'Send a test event (webhook.test) to the endpoint', data: WebhookDelivery },
};
