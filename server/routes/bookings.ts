import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, notFound } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/http/envelope.ts';
import { oneOf, required, requiredId, recordId, str, validate } from '../lib/http/validate.ts';
import { assertOrganiserAccess, requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/bookings.ts';
import { newBookingToken } from '../lib/auth/booking-token.ts';
import { answerBookingAndMail } from '../lib/mail/booking-mail.ts';
import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { readListQuery } from '../db/list-query.ts';
import { csvExport } from '../lib/http/list-export.ts';
import { bulkAct, listInput } from '../lib/http/list-bulk.ts';


/**
 * Bookings (organiser-console §2 "Booking Management", §4; admin-area §7 path quirk: on the
 * organiser path). Mounted at `organiser` BEFORE the organiser resource, so `organiser/bookings`
 * is never read as `organiser/{id}`:
 *
 * - GET organiser/bookings?company_id=&page=   -> paginator of Booking (10 a page, newest first)
 * - GET organiser/booking/{id}                 -> Booking
 * Accepting or rejecting e-mails the participant (issue 20 §5, through the outbox, lib/mail/booking-mail.ts).
 * - PUT organiser/booking/{id}  form status=1  -> Allowed with a new random token
 *                               form status=2  -> Rejected
 *
 * - GET organiser/bookings/export?company_id=&…  CSV of the filtered list
 * - POST organiser/bookings/bulk-status  form company_id, status (1|2), ids | all=1 (+ list filters
 *   q, …; the list's own `status` filter only in the query string): only Requested bookings
 *   change; naming another one is 409 and nothing changes. List params: db/list-query.ts.
 *
 * Booking: { id, date, token (null unless Allowed), status: Requested|Allowed|Rejected, user { name, email, phone } }.
 * Only a Requested booking can change: anything else is 409. A company user reaches only its
 * own organiser's bookings (403).
 */
/** The organiser named by `company_id` of a list call, after the access check (422, 403). */
const companyOf = (sql: Sql, user: AuthUser, input: Record<string, string | undefined>) =>
  assertOrganiserAccess(sql, user, requiredId(input.company_id, 'company_id'));

export const bookingRoutes = new Hono<AppEnv>()
  .use('/bookings', requireUser)
  .use('/bookings/*', requireUser)
  .use('/booking/*', requireUser)
  .get('/bookings', async (c) => {
    const id = await companyOf(c.var.sql, c.var.user, c.req.query());
    return ok(c, await q.listBookings(c.var.sql, id, pageOf(c.req.query('page')), readListQuery(q.BOOKING_LIST, c.req.query())));
  })
  .get('/bookings/export', async (c) => {
    const lq = readListQuery(q.BOOKING_LIST, c.req.query());
    const id = await companyOf(c.var.sql, c.var.user, c.req.query());
    return csvExport(c, c.var.sql, q.BOOKING_LIST, lq, q.bookingScope(id), 'bookings');
  })
  .post('/bookings/bulk-status', async (c) => {
    const { status: next, ...body } = await readBody(c);
    const input = listInput(c.req.query(), body);
    const id = await companyOf(c.var.sql, c.var.user, input);
    validate({ status: next }, { status: [required, oneOf(1, 2)] });
    const status = Number(next) as 1 | 2;
    const scope = q.bookingScope(id);
    // "All matching" takes the Requested ones; named ids must all still be Requested.
    const n = await bulkAct(c.var.sql, q.BOOKING_LIST, input, input.all === '1' ? { where: `${scope.where} AND status = 0`, params: scope.params } : scope,
      async (tx, ids) => {
        let changed = 0;
        for (const b of ids) changed += Number(await answerBookingAndMail(tx, b, status, status === 1 ? newBookingToken() : null));
        if (changed < ids.length) throw new ApiError(409, 'Only requested bookings can be accepted or rejected.');
        return changed;
      });
    c.var.mailer.wake();
    return ok(c, { updated: n }, `${n} bookings ${status === 1 ? 'accepted' : 'rejected'}.`);
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
    const changed = await c.var.sql.transaction((tx) => answerBookingAndMail(tx, id, status, status === 1 ? newBookingToken() : null));
    if (!changed) throw new ApiError(409, 'Only a requested booking can be accepted or rejected.');
    c.var.mailer.wake();
    return ok(c, (await q.getBooking(c.var.sql, id))!.booking, status === 1 ? 'Booking accepted successfully.' : 'Booking rejected successfully.');
  });
