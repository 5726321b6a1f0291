import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, pageOf, toId } from '../http/envelope.ts';
import { body, query } from '../http/input.ts';
import { assertOrganiserAccess, organiserNamed, requireUserOn } from '../http/middleware/auth.ts';
import { readListQuery } from '../db/list-query.ts';
import { inScope, scoped } from '../http/middleware/scope.ts';
import { scopedExport } from '../http/list-export.ts';
import { listInput } from '../http/list-bulk.ts';
import { BookingAnswer, BookingBulkStatus, BookingListQuery } from '../../src/common/contract/organiser.ts';
import * as bookings from '../services/bookings.ts';
import { logs, whoOf } from '../http/logs.ts';

/**
 * Bookings (organiser-console §2 "Booking Management", §4; admin-area §7 path quirk: on the
 * organiser path). Mounted at `organiser` BEFORE the organiser resource, so `organiser/bookings`
 * is never read as `organiser/{id}`. Bodies and answers: the wire contract (Booking,
 * common/contract/organiser.ts BookingAnswer, BookingBulkStatus); what each call does:
 * services/bookings.ts (accepting or rejecting e-mails the participant):
 *
 * - GET organiser/bookings?company_id=&page=   -> paginator of Booking (10 a page, newest first)
 * - GET organiser/booking/{id}                 -> Booking
 * - PUT organiser/booking/{id}  status=1 -> Allowed with a new random token; status=2 -> Rejected
 * - GET organiser/bookings/export?company_id=&…  CSV of the filtered list
 * - POST organiser/bookings/bulk-status  company_id, status (1|2), ids | all=1 (+ list filters
 *   q, …; the list's own `status` filter only in the query string): only Requested bookings
 *   change; naming another one is 409 and nothing changes. List params: db/list-query.ts.
 *
 * Only a Requested booking can change: anything else is 409. A company user reaches only its
 * own organiser's bookings (403).
 */
/** The booking the path names and its organiser's id, after the organiser's access check (404, 403). */
async function bookingInScope(c: Context<AppEnv>) {
  const row = await inScope<bookings.BookingRow>(c.get('sql'), c.get('user'), 'bookings', toId(c.req.param('id')), bookings.BOOKING_COLUMNS);
  return { booking: bookings.toBooking(row), organiserId: row.tenant_owner! };
}

export const bookingRoutes = requireUserOn(new Hono<AppEnv>(), '/bookings', '/bookings/*', '/booking/*')
  .get('/bookings', query(BookingListQuery, { company_id: 'company id' }), async (c) => {
    const id = await assertOrganiserAccess(c.get('sql'), c.get('user'), c.req.valid('query').company_id);
    return ok(c, await bookings.listBookings(c.get('sql'), id, pageOf(c.req.query('page')), readListQuery(bookings.BOOKING_LIST, c.req.query())));
  })
  .get('/bookings/export', (c) =>
    scopedExport(c, bookings.BOOKING_LIST, 'bookings', async (q) => bookings.bookingScope(await organiserNamed(c.get('sql'), c.get('user'), q, 'company_id'))),
  )
  .post('/bookings/bulk-status', logs('bookings'), body(BookingBulkStatus, { company_id: 'company id' }), async (c) => {
    const { status, ...selection } = c.req.valid('form');
    const input = listInput(c.req.query(), selection);
    const n = await bookings.answerBookings(c.get('sql'), whoOf(c), await organiserNamed(c.get('sql'), c.get('user'), input, 'company_id'), input, status);
    c.get('mailer').wake();
    return ok(c, { updated: n }, `${n} bookings ${status === 1 ? 'accepted' : 'rejected'}.`);
  })
  .get('/booking/:id', async (c) => ok(c, (await bookingInScope(c)).booking))
  .put('/booking/:id', scoped(bookingInScope), logs('bookings'), body(BookingAnswer), async (c) => {
    const { status } = c.req.valid('form');
    const booking = await bookings.answerBooking(c.get('sql'), whoOf(c), c.get('scoped').booking.id, c.get('scoped').organiserId, status);
    c.get('mailer').wake();
    return ok(c, booking, status === 1 ? 'Booking accepted successfully.' : 'Booking rejected successfully.');
  });
