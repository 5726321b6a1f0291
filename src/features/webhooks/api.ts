import { http } from '../../lib/http.ts';
import type { Paginator } from '../../lib/types.ts';
import type { Webhook, WebhookDelivery, WebhookDeliveryDetail, WebhookInput, WebhookUpdate, WebhookWithSecret } from '../../common/contract/webhooks.ts';

/**
 * The calls of the Webhooks screens (docs/webhooks.md "The API"): the caller's own endpoints
 * (an organiser's, or the platform's for an administrator), their deliveries and attempts.
 *
 * - listWebhooks()                      GET webhooks -> endpoints with their 7-day counts
 * - createWebhook(url, events, note)    POST webhooks -> the endpoint and its secret (shown once)
 * - updateWebhook(id, changes)          PUT webhooks/{id} -> the endpoint (+ secret after rotate_secret)
 * - deleteWebhook(id)                   DELETE webhooks/{id}
 * - listDeliveries(id, filters, page)   GET webhooks/{id}/deliveries?event&status&page -> a page of 10
 * - getDelivery(id, delivery)           GET webhooks/{id}/deliveries/{delivery} -> body and attempts
 * - redeliver(id, delivery)             POST webhooks/{id}/deliveries/{delivery}/replay
 * - sendTestEvent(id)                   POST webhooks/{id}/test
 */
export const listWebhooks = async () => (await http.get<Webhook[]>('webhooks')).data;
export const createWebhook = (url: string, events: string[], description: string) =>
  http.post<WebhookWithSecret>('webhooks', { url, events: events.join(','), description } satisfies WebhookInput);
export const updateWebhook = (id: number, changes: { url?: string; events?: string[]; description?: string; enabled?: boolean; rotate_secret?: boolean }) =>
  http.put<Webhook & { secret?: string }>(`webhooks/${id}`, {
    ...(changes.url === undefined ? {} : { url: changes.url }),
    ...(changes.events === undefined ? {} : { events: changes.events.join(',') }),
    ...(changes.description === undefined ? {} : { description: changes.description }),
    ...(changes.enabled === undefined ? {} : { enabled: changes.enabled ? '1' : '0' }),
    ...(changes.rotate_secret ? { rotate_secret: '1' } : {}),
  } satisfies WebhookUpdate);
export const deleteWebhook = (id: number) => http.del(`webhooks/${id}`);
export const listDeliveries = async (id: number, f: { event: string; status: string }, page: number) => {
  const q = new URLSearchParams({ page: String(page), ...(f.event ? { event: f.event } : {}), ...(f.status ? { status: f.status } : {}) });
  return (await http.get<Paginator<WebhookDelivery>>(`webhooks/${id}/deliveries?${q}`)).data;
};
export const getDelivery = async (id: number, delivery: number) => (await http.get<WebhookDeliveryDetail>(`webhooks/${id}/deliveries/${delivery}`)).data;
export const redeliver = (id: number, delivery: number) => http.post<WebhookDelivery>(`webhooks/${id}/deliveries/${delivery}/replay`);
export const sendTestEvent = (id: number) => http.post<WebhookDelivery>(`webhooks/${id}/test`);
