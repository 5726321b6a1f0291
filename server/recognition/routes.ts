import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { requireUser } from '../http/middleware/auth.ts';
import { scoped } from '../http/middleware/scope.ts';
import { ownerOf, recognitionEventInScope, requireRecognitionUser } from './access.ts';
import { forwarderFor } from './upstream.ts';
import { BibFilterInput, ParticipantPaymentInput, RecognitionEventInput } from '../../src/common/contract/recognition.ts';
import * as recognition from '../services/recognition.ts';
import { logs, whoOf } from '../http/logs.ts';

export { PAYMENT_SLABS } from '../services/recognition.ts';

/** The upstream service's base URL, or '' when the built-in emulation answers. */
const upstream = (c: Pick<Context<AppEnv>, 'get'>) => c.get('config').recognitionUpstreamUrl ?? '';
/** The call forwarding to the upstream service with the static token, or null for the emulation. */
const forwarder = (c: Pick<Context<AppEnv>, 'get'>): recognition.Forward | null => forwarderFor(upstream(c), c.get('config').recognitionToken);

/** The recognition event the path names, after the access check (404, 403). */
const eventOfPath = (c: Context<AppEnv>) => recognitionEventInScope(c.get('sql'), c.get('user'), toId(c.req.param('id')));

/**
 * The photo-recognition API as the console reaches it (DESIGN.md §4, organiser-console §7): JSON
 * bodies, the user's session (bearer token + XSRF, 401 without), and only the recognition events
 * its organiser created (403 for another organiser's; admins reach all). With
 * RECOGNITION_UPSTREAM_URL set each call is validated here, then forwarded with the static token
 * (upstream.ts); otherwise the built-in emulation answers. The token never reaches the browser.
 * Bodies and answers: the wire contract (common/contract/organiser.ts); what each call does:
 * services/recognition.ts.
 *
 * - POST /events: name, location, type, is_active, is_sales, from_date, to_date, organizer,
 *   sponsors, fr1..fr3, slug, payment, is_sales_combined, is_date_filter_enabled, photo_points,
 *   is_dynamic_branding_enabled (any other field is dropped, not stored or forwarded) -> data.id
 * - PUT /events/{id}: the same fields as POST; replaces the event's settings (a campaign edit, docs/campaigns.md)
 * - DELETE /events/{id}: removes an event the console created but could not finish (docs/campaigns.md)
 * - POST /events/{id}/bib_filter: bib_start_range, bib_end_range, bib_prefix, is_bib_present (+ bib_length, bib_suffix)
 * - POST /events/payment/participant: event_id, bib_number, email (optional), payment_slab — a
 *   participant's payment the organiser records for a sales event (src/common/participant-payment.ts;
 *   docs/campaigns.md); kept by the emulation, forwarded upstream
 * - GET /payment-slabs: { [id]: { name, description } }
 */
export const recognitionRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireRecognitionUser)
  .get('/payment-slabs', async (c) => ok(c, upstream(c) ? (await forwarder(c)!('GET', 'payment-slabs')).data : recognition.PAYMENT_SLABS))
  .post('/events', logs('recognition'), body(RecognitionEventInput, { photo_points: 'photo points' }), async (c) => {
    const { id, message } = await recognition.createEvent(c.get('sql'), whoOf(c), ownerOf(c.get('user')), c.req.valid('form'), forwarder(c));
    return ok(c, { id }, message);
  })
  .put('/events/:id', scoped(eventOfPath), logs('recognition'), body(RecognitionEventInput, { photo_points: 'photo points' }), async (c) => {
    await recognition.updateEvent(c.get('sql'), whoOf(c), c.get('scoped'), c.req.valid('form'), forwarder(c));
    return ok(c, { id: c.get('scoped').id }, 'Event updated successfully.');
  })
  .delete('/events/:id', logs('recognition'), async (c) => {
    const event = await recognitionEventInScope(c.get('sql'), c.get('user'), toId(c.req.param('id')));
    await recognition.deleteEvent(c.get('sql'), whoOf(c), event, forwarder(c));
    return ok(c, null, 'Event deleted successfully.');
  })
  .post('/events/payment/participant', logs('recognition'), body(ParticipantPaymentInput), async (c) => {
    const input = c.req.valid('form');
    const event = await recognitionEventInScope(c.get('sql'), c.get('user'), input.event_id);
    return ok(c, await recognition.recordPayment(c.get('sql'), whoOf(c), event, input, forwarder(c)), 'Payment saved successfully.');
  })
  .post('/events/:id/bib_filter', scoped(eventOfPath), logs('recognition'), body(BibFilterInput), async (c) =>
    ok(c, await recognition.saveBibFilter(c.get('sql'), whoOf(c), c.get('scoped'), c.req.valid('form'), forwarder(c)), 'BIB filter saved successfully.'),
  );
