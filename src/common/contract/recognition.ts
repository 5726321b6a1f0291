import { z } from 'zod';
import { Id, checked, dateField, fieldIssue, recordIdField, says, textWith } from './base.ts';
import { atMost, isRequired, subdomainPattern, type Check } from './checks.ts';
import { isIsoDate } from '../dates.ts';
import { SUBDOMAIN_MAX_LENGTH } from '../campaign-links.ts';
import { bibRangeProblems } from '../bib-range.ts';
import { EVENT_TYPES, SPONSORS_MAX_LENGTH } from '../campaign-settings.ts';

/**
 * The photo-recognition API's part of the wire contract (organiser-console §7: /recognition,
 * JSON bodies the server checks and forwards to the recognition service): its events, BIB
 * filter, participant payments and payment slabs. RECOGNITION_CONTRACT is part of
 * ORGANISER_CONTRACT (./organiser.ts), so the console checks its calls with the same `BodyOf`.
 */

const flag = z.boolean().optional();
const tolerance = checked(z.union([z.string(), z.number()]), [
  (s) => (s === '' || (Number.isFinite(Number(s)) && Number(s) >= 0 && Number(s) <= 1) ? null : 'The :attribute must be between 0 and 1.'),
]).optional();
/** Text or a number, kept as sent (forwarded to the recognition service unchanged), with `checks` and at most `max` characters. */
const recognitionText = (max: number, ...checks: Check[]) =>
  checked(z.union([z.string(), z.number()]), [...checks, atMost(max)])
    .nullable()
    .optional();
/** Sponsors as the console sends them (a list of names) or as text; the names together at most SPONSORS_MAX_LENGTH characters. */
const sponsorNames = z
  .union([z.string(), z.array(z.string()).max(SPONSORS_MAX_LENGTH)])
  .superRefine((v, ctx) => {
    const n = (Array.isArray(v) ? v : [v]).reduce((sum, s) => sum + s.length, 0);
    if (n > SPONSORS_MAX_LENGTH) {
      const m = `The :attribute may not be greater than ${SPONSORS_MAX_LENGTH} characters.`;
      ctx.addIssue({ code: 'custom', message: m, ...says(m) });
    }
  })
  .nullable()
  .optional();
/** Photo points: a list (as JSON at most 2000 characters); '' means none. */
const PHOTO_POINTS_MAX = 2000;
const photoPoints = z
  .union([z.literal(''), z.array(z.unknown())])
  .superRefine((v, ctx) => {
    if (Array.isArray(v) && JSON.stringify(v).length > PHOTO_POINTS_MAX) {
      const m = `The :attribute may not be greater than ${PHOTO_POINTS_MAX} characters.`;
      ctx.addIssue({ code: 'custom', message: m, ...says(m) });
    }
  })
  .nullable()
  .optional();
/** POST /recognition/events, PUT /recognition/events/{id}: the campaign form's recognition settings; any other field is dropped. */
export const RecognitionEventInput = z
  .object({
    name: textWith(isRequired, atMost(255)),
    slug: textWith(isRequired, subdomainPattern, atMost(SUBDOMAIN_MAX_LENGTH)),
    from_date: dateField,
    to_date: dateField,
    is_active: flag,
    is_sales: flag,
    is_sales_combined: flag,
    is_date_filter_enabled: flag,
    is_dynamic_branding_enabled: flag,
    fr1: tolerance,
    fr2: tolerance,
    fr3: tolerance,
    location: recognitionText(255),
    organizer: recognitionText(255),
    type: recognitionText(64, (s) => (s === '' || (EVENT_TYPES as readonly string[]).includes(s) ? null : 'The selected :attribute is invalid.')),
    sponsors: sponsorNames,
    payment: recognitionText(9),
    photo_points: photoPoints,
  })
  .superRefine((v, ctx) => {
    if (isIsoDate(v.from_date) && isIsoDate(v.to_date) && v.to_date < v.from_date) fieldIssue(ctx, 'to_date', 'The to date must be on or after the from date.');
  });
export type RecognitionEventInput = z.output<typeof RecognitionEventInput>;
/** POST /recognition/events/{id}/bib_filter: the BIB filter (common/bib-range.ts). */
export const BibFilterInput = z
  .object({
    is_bib_present: flag,
    bib_start_range: recognitionText(64),
    bib_end_range: recognitionText(64),
    bib_prefix: recognitionText(64),
    bib_suffix: recognitionText(64),
    bib_length: recognitionText(64),
  })
  .superRefine((v, ctx) => {
    for (const [k, m] of Object.entries(bibRangeProblems(v.bib_start_range, v.bib_end_range, v.bib_length))) fieldIssue(ctx, k, m);
  });
/** The stored BIB filter, as bib_filter answers it. */
export const BibFilter = z.object({
  bib_start_range: z.string(),
  bib_end_range: z.string(),
  bib_prefix: z.string(),
  bib_suffix: z.string(),
  bib_length: z.string(),
  is_bib_present: z.boolean(),
});
/** POST /recognition/events/payment/participant: event_id, bib_number, email (optional), payment_slab (common/participant-payment.ts checks them). */
export const ParticipantPaymentInput = z.object({
  event_id: recordIdField,
  bib_number: recognitionText(64),
  email: recognitionText(300),
  payment_slab: recognitionText(16),
  amount: recognitionText(16),
});
/** A recorded participant payment. */
export const ParticipantPaymentRecord = z.object({ id: Id, event_id: Id, bib_number: z.string(), email: z.string(), payment_slab: z.string() });
/** GET /recognition/payment-slabs: slab id -> name and description. */
export const PaymentSlabs = z.record(z.string(), z.object({ name: z.string(), description: z.string() }));
export type PaymentSlabs = z.infer<typeof PaymentSlabs>;

const anId = z.object({ id: Id });

/** The /recognition routes in the contract (keyed as CONTRACT). */
export const RECOGNITION_CONTRACT = {
  'GET /recognition/payment-slabs': { summary: 'Payment slabs of the photo-recognition service', data: PaymentSlabs },
  'POST /recognition/events': { summary: 'Add a photo-recognition event', body: RecognitionEventInput, data: anId },
  'PUT /recognition/events/{id}': { summary: "Replace a photo-recognition event's settings", body: RecognitionEventInput, data: anId },
  'DELETE /recognition/events/{id}': { summary: 'Delete a photo-recognition event', data: z.null() },
  'POST /recognition/events/{id}/bib_filter': { summary: "Save a photo-recognition event's BIB filter", body: BibFilterInput, data: BibFilter },
  'POST /recognition/events/payment/participant': {
    summary: "Record a participant's payment",
    body: ParticipantPaymentInput,
    data: z.union([ParticipantPaymentRecord, z.unknown()]),
  },
} satisfies Record<string, { summary: string; body?: z.ZodType; data?: z.ZodType }>;
