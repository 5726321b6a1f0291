import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, notFound } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/envelope.ts';
import { oneOf, required, requiredId, recordId, str, validate } from '../lib/validate.ts';
import { assertOrganiserAccess, requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/bookings.ts';
import { newBookingToken } from '../lib/booking-token.ts';


/**
 * Bookings (organiser-console §2 "Booking Management", §4; admin-area §7 path quirk: on the
 * organiser path). Mounted at `organiser` BEFORE the organiser resource, so `organiser/bookings`
 * is never read as `organiser/{id}`:
 *
 * - GET organiser/bookings?company_id=&page=   -> paginator of Booking (10 a page, newest first)
 * - GET organiser/booking/{id}                 -> Booking
 * - PUT organiser/booking/{id}  form status=1  -> Allowed with a new random token
 *                               form status=2  -> Rejected
 *
 * Booking: { id, date, token (null unless Allowed), status: Requested|Allowed|Rejected, user { name, email, phone } }.
 * Only a Requested booking can change: anything else is 409. A company user reaches only its
 * own organiser's bookings (403).
 */
export const bookingRoutes = new Hono<AppEnv>()
  .use('/bookings', requireUser)
  .use('/booking/*', requireUser)
  .get('/bookings', async (c) => {
    const id = await assertOrganiserAccess(c.var.sql, c.var.user, requiredId(c.req.query('company_id'), 'company_id'));
    return ok(c, await q.listBookings(c.var.sql, id, pageOf(c.req.query('page'))));
  })
  .get('/booking/:id', async (c) => {
    const found = await q.getBooking(c.var.sql, toId(c.req.param('id')));
    if (!found) throw notFound('Booking');
    await assertOrganiserAccess(c.var.sql, c.var.user, found.companyId);
    return ok(c, found.booking);
  })
  .put('/booking/:id', async (c) => {
    const body = await readBody(c);
    const id = toId(c.req.param('id'));
    const found = await q.getBooking(c.var.sql, id);
    if (!found) throw notFound('Booking');
    await assertOrganiserAccess(c.var.sql, c.var.user, found.companyId);
    validate(body, { status: [required, oneOf(1, 2)] });
    const status = Number(str(body, 'status')) as 1 | 2;
    const changed = await c.var.sql.transaction((tx) => q.answerBooking(tx, id, status, status === 1 ? newBookingToken() : null));
    if (!changed) throw new ApiError(409, 'Only a requested booking can be accepted or rejected.');
    return ok(c, (await q.getBooking(c.var.sql, id))!.booking, status === 1 ? 'Booking accepted successfully.' : 'Booking rejected successfully.');
  });
