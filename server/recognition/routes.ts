import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, notFound, validationError } from '../http-error.ts';
import { ok, readBody, toId } from '../lib/http/envelope.ts';
import { date, maxLength, oneOf, required, structured, validate, type Rule } from '../lib/http/validate.ts';
import { withinQuota } from '../lib/files/quota.ts';
import { EVENT_TYPES, SPONSORS_MAX_LENGTH } from '../../src/common/campaign-settings.ts';
import { requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/recognition.ts';
import { ownerOf, recognitionEventInScope, requireRecognitionUser } from './access.ts';
import { callUpstream, throwUnlessOk } from './upstream.ts';
import { SUBDOMAIN_MAX_LENGTH, isSubdomain } from '../../src/common/campaign-links.ts';
import { bibRangeProblems } from '../../src/common/bib-range.ts';
import { participantPaymentProblems } from '../../src/common/participant-payment.ts';

/** Payment slabs the reference service offers (organiser-console §3 "Payment slab"), keyed by id. */
export const PAYMENT_SLABS: Record<string, { name: string; description: string }> = {
  1: { name: 'Basic', description: 'Single photo download per participant' },
  2: { name: 'Standard', description: 'Up to 10 photos per participant' },
  3: { name: 'Premium', description: 'All photos of the participant, high resolution' },
};

const bool: Rule = (v, l) => (v === undefined || typeof v === 'boolean' ? null : `The ${l} field must be true or false.`);
const tolerance: Rule = (v, l) => (v === undefined || v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0 && Number(v) <= 1) ? null : `The ${l} must be between 0 and 1.`);
const slug: Rule = (v, l) => (isSubdomain(v) ? null : `The ${l} may only contain letters, numbers and dashes.`);
const text: Rule = (v, l) => (v === undefined || v === null || ['string', 'number'].includes(typeof v) ? null : `The ${l} must be text.`);
const bibRules = { is_bib_present: [bool], ...Object.fromEntries(['bib_start_range', 'bib_end_range', 'bib_prefix', 'bib_suffix', 'bib_length'].map((k) => [k, [text, maxLength(64)]])) };

/** Sponsors as the console sends them (a list of names) or as text; the names together at most SPONSORS_MAX_LENGTH characters. */
const sponsors: Rule = structured((v, l) => {
  if (v === undefined || v === null || v === '') return null;
  const names = Array.isArray(v) ? v : [v];
  if (names.length > SPONSORS_MAX_LENGTH || !names.every((n) => typeof n === 'string')) return `The ${l} must be a list of names.`;
  return names.reduce((n, s: string) => n + s.length, 0) > SPONSORS_MAX_LENGTH ? `The ${l} may not be greater than ${SPONSORS_MAX_LENGTH} characters.` : null;
});
/** Photo points: a list (the console sends an empty one; '' means none), at most PHOTO_POINTS_MAX characters as JSON. */
const PHOTO_POINTS_MAX = 2000;
const photoPoints: Rule = structured((v, l) => {
  // '' is "none", as clients before the list form sent it.
  if (v === undefined || v === null || v === '') return null;
  if (!Array.isArray(v)) return `The ${l} must be a list.`;
  return JSON.stringify(v).length > PHOTO_POINTS_MAX ? `The ${l} may not be greater than ${PHOTO_POINTS_MAX} characters.` : null;
});

/** The fields of an event body (organiser-console §7 "Create event"); any other field is dropped, not stored or forwarded. */
const EVENT_FIELDS = ['name', 'location', 'type', 'is_active', 'is_sales', 'from_date', 'to_date', 'organizer', 'sponsors', 'fr1', 'fr2', 'fr3',
  'slug', 'payment', 'is_sales_combined', 'is_date_filter_enabled', 'photo_points', 'is_dynamic_branding_enabled'] as const;

/**
 * A create or update body of an event, validated (422 naming each bad field) with the campaign
 * form's bounds (lib/rules/campaign-fields.ts): name 255, location and organizer 255, sponsors 1,000
 * characters in all, type one of the form's event types, payment a slab id; only EVENT_FIELDS kept.
 */
const readEventBody = async (c: Context<AppEnv>) => {
  const body = await readBody(c);
  validate(body, {
    name: [required, maxLength(255)], slug: [required, slug, maxLength(SUBDOMAIN_MAX_LENGTH)], from_date: [required, date], to_date: [required, date],
    is_active: [bool], is_sales: [bool], is_sales_combined: [bool], is_date_filter_enabled: [bool], is_dynamic_branding_enabled: [bool],
    fr1: [tolerance], fr2: [tolerance], fr3: [tolerance], location: [text, maxLength(255)], organizer: [text, maxLength(255)],
    type: [text, oneOf(...EVENT_TYPES)], sponsors: [sponsors], payment: [text, maxLength(9)], photo_points: [photoPoints],
  }, { photo_points: 'photo points' });
  if (String(body.to_date) < String(body.from_date)) throw new ApiError(422, 'The to date must be on or after the from date.', { to_date: ['The to date must be on or after the from date.'] });
  return Object.fromEntries(EVENT_FIELDS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
};

/** The upstream service's base URL, or '' when the built-in emulation answers. */
const upstream = (c: Context<AppEnv>) => c.var.config.recognitionUpstreamUrl ?? '';
const forward = async (c: Context<AppEnv>, method: string, path: string, body?: unknown) => {
  const a = await callUpstream(upstream(c), c.var.config.recognitionToken, method, path, body);
  throwUnlessOk(a);
  return a.body;
};

/**
 * The photo-recognition API as the console reaches it (DESIGN.md §4, organiser-console §7): JSON
 * bodies, the user's session (bearer token + XSRF, 401 without), and only the recognition events
 * its organiser created (403 for another organiser's; admins reach all). With
 * RECOGNITION_UPSTREAM_URL set each call is validated here, then forwarded with the static token
 * (upstream.ts); otherwise the built-in emulation answers. The token never reaches the browser.
 *
 * - POST /events: name, location, type, is_active, is_sales, from_date, to_date, organizer,
 *   sponsors, fr1..fr3, slug, payment, is_sales_combined, is_date_filter_enabled, photo_points,
 *   is_dynamic_branding_enabled -> data.id
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
  .get('/payment-slabs', async (c) => ok(c, upstream(c) ? (await forward(c, 'GET', 'payment-slabs')).data : PAYMENT_SLABS))
  .post('/events', async (c) => {
    const body = await readEventBody(c);
    const owner = ownerOf(c.var.user);
    if (!upstream(c)) return ok(c, { id: await c.var.sql.transaction((tx) => withinQuota(tx, owner, 'name', () => q.insertRecognitionEvent(tx, body, owner))) }, 'Event created successfully.');
    const answer = await forward(c, 'POST', 'events', body);
    const id = Number((answer.data as { id?: unknown } | null)?.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(502, 'The photo-recognition service answered without an event id.');
    await c.var.sql.transaction((tx) => withinQuota(tx, owner, 'name', () => q.recordUpstreamEvent(tx, id, body, owner)));
    return ok(c, { id }, answer.message || 'Event created successfully.');
  })
  .put('/events/:id', async (c) => {
    const event = await recognitionEventInScope(c.var.sql, c.var.user, toId(c.req.param('id')));
    const body = await readEventBody(c);
    if (upstream(c)) await forward(c, 'PUT', `events/${event.id}`, body);
    await c.var.sql.transaction((tx) => withinQuota(tx, event.company_id, 'name', () => q.setPayload(tx, event.id, body)));
    return ok(c, { id: event.id }, 'Event updated successfully.');
  })
  .delete('/events/:id', async (c) => {
    const event = await recognitionEventInScope(c.var.sql, c.var.user, toId(c.req.param('id')));
    if (upstream(c)) await forward(c, 'DELETE', `events/${event.id}`);
    await q.deleteRecognitionEvent(c.var.sql, event.id);
    return ok(c, null, 'Event deleted successfully.');
  })
  .post('/events/payment/participant', async (c) => {
    const body = await readBody(c);
    validate(body, { event_id: [required], bib_number: [text, maxLength(64)], email: [text, maxLength(300)], payment_slab: [text, maxLength(16)] });
    const event = await recognitionEventInScope(c.var.sql, c.var.user, toId(String(body.event_id)));
    const problems = participantPaymentProblems(body, upstream(c) ? undefined : Object.keys(PAYMENT_SLABS));
    if (Object.keys(problems).length) throw validationError(Object.fromEntries(Object.entries(problems).map(([k, m]) => [k, [m]])));
    const payment = {
      event_id: event.id, bib_number: String(body.bib_number).trim(), email: String(body.email ?? '').trim(), payment_slab: String(body.payment_slab).trim(),
    };
    if (upstream(c)) return ok(c, (await forward(c, 'POST', 'events/payment/participant', payment)).data, 'Payment saved successfully.');
    const id = await c.var.sql.transaction((tx) => q.insertParticipantPayment(tx, event.id, payment));
    return ok(c, { id, ...payment }, 'Payment saved successfully.');
  })
  .post('/events/:id/bib_filter', async (c) => {
    const event = await recognitionEventInScope(c.var.sql, c.var.user, toId(c.req.param('id')));
    const body = await readBody(c);
    validate(body, bibRules);
    const range = bibRangeProblems(body.bib_start_range, body.bib_end_range, body.bib_length);
    if (Object.keys(range).length) throw validationError(Object.fromEntries(Object.entries(range).map(([k, m]) => [k, [m]])));
    const filter = {
      bib_start_range: String(body.bib_start_range ?? ''), bib_end_range: String(body.bib_end_range ?? ''),
      bib_prefix: String(body.bib_prefix ?? ''), bib_suffix: String(body.bib_suffix ?? ''), bib_length: String(body.bib_length ?? ''),
      is_bib_present: body.is_bib_present === true,
    };
    if (upstream(c)) await forward(c, 'POST', `events/${event.id}/bib_filter`, filter);
    if (!(await c.var.sql.transaction((tx) => withinQuota(tx, event.company_id, 'bib_start_range', () => q.setBibFilter(tx, event.id, filter))))) throw notFound('Event');
    return ok(c, filter, 'BIB filter saved successfully.');
  });
