import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, notFound } from '../http-error.ts';
import { ok, readBody, toId } from '../lib/envelope.ts';
import { date, maxLength, required, validate, type Rule } from '../lib/validate.ts';
import * as q from '../db/queries/recognition.ts';
import { isSubdomain } from '../../src/common/campaign-links.ts';

/** Payment slabs the reference service offers (organiser-console §3 "Payment slab"), keyed by id. */
export const PAYMENT_SLABS: Record<string, { name: string; description: string }> = {
  1: { name: 'Basic', description: 'Single photo download per participant' },
  2: { name: 'Standard', description: 'Up to 10 photos per participant' },
  3: { name: 'Premium', description: 'All photos of the participant, high resolution' },
};

const bool: Rule = (v, l) => (v === undefined || typeof v === 'boolean' ? null : `The ${l} field must be true or false.`);
const tolerance: Rule = (v, l) => (v === undefined || v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0 && Number(v) <= 1) ? null : `The ${l} must be between 0 and 1.`);
const slug: Rule = (v, l) => (isSubdomain(v) ? null : `The ${l} may only contain letters, numbers and dashes.`);

/**
 * Reference photo-recognition API (DESIGN.md §4, organiser-console §7), same process, JSON
 * bodies, guarded by the static token in `X-Api-Key`. A wrong token answers 403, not 401: the
 * console treats 401 as "the session is gone" and a bad service token is not that.
 *
 * - POST /events: name, location, type, is_active, is_sales, from_date, to_date, organizer,
 *   sponsors, fr1..fr3, slug, payment, is_sales_combined, is_date_filter_enabled, photo_points,
 *   is_dynamic_branding_enabled -> data.id
 * - DELETE /events/{id}: removes an event the console created but could not finish (docs/campaigns.md)
 * - POST /events/{id}/bib_filter: bib_start_range, bib_end_range, bib_prefix, is_bib_present (+ bib_length, bib_suffix)
 * - POST /events/payment/participant: event_id plus the client app's payment details (kept as sent)
 * - GET /payment-slabs: { [id]: { name, description } }
 */
export const recognitionRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    if (c.req.header('x-api-key') !== c.var.config.recognitionToken) throw new ApiError(403, 'Invalid API token.');
    await next();
  })
  .get('/payment-slabs', (c) => ok(c, PAYMENT_SLABS))
  .post('/events', async (c) => {
    const body = await readBody(c);
    validate(body, {
      name: [required, maxLength(255)], slug: [required, slug, maxLength(63)], from_date: [required, date], to_date: [required, date],
      is_active: [bool], is_sales: [bool], is_sales_combined: [bool], is_date_filter_enabled: [bool], is_dynamic_branding_enabled: [bool],
      fr1: [tolerance], fr2: [tolerance], fr3: [tolerance],
    });
    if (String(body.to_date) < String(body.from_date)) throw new ApiError(422, 'The to date must be on or after the from date.', { to_date: ['The to date must be on or after the from date.'] });
    const id = await c.var.sql.transaction((tx) => q.insertRecognitionEvent(tx, body));
    return ok(c, { id }, 'Event created successfully.');
  })
  .delete('/events/:id', async (c) => {
    if (!(await q.deleteRecognitionEvent(c.var.sql, toId(c.req.param('id'))))) throw notFound('Event');
    return ok(c, null, 'Event deleted successfully.');
  })
  .post('/events/payment/participant', async (c) => {
    const body = await readBody(c);
    validate(body, { event_id: [required] });
    if (!(await q.getRecognitionEvent(c.var.sql, toId(String(body.event_id))))) throw notFound('Event');
    return ok(c, body, 'Payment saved successfully.');
  })
  .post('/events/:id/bib_filter', async (c) => {
    const id = toId(c.req.param('id'));
    const body = await readBody(c);
    validate(body, { is_bib_present: [bool] });
    const filter = {
      bib_start_range: String(body.bib_start_range ?? ''), bib_end_range: String(body.bib_end_range ?? ''),
      bib_prefix: String(body.bib_prefix ?? ''), bib_suffix: String(body.bib_suffix ?? ''), bib_length: String(body.bib_length ?? ''),
      is_bib_present: body.is_bib_present === true,
    };
    const changed = await c.var.sql.transaction((tx) => q.setBibFilter(tx, id, filter));
    if (!changed) throw notFound('Event');
    return ok(c, filter, 'BIB filter saved successfully.');
  });
