import type { Sql } from '../db/sql.ts';
import { Conflict, NotFound } from '../runtime/domain-errors.ts';
import * as q from '../db/queries/bookings.ts';
import { newBookingToken } from '../lib/auth/booking-token.ts';
import { answerBookingAndMail } from '../lib/mail/booking-mail.ts';
import { bulkAct } from './list-bulk.ts';
import type { Booking } from '../../src/common/contract/schemas.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { readRecord } from '../lib/activity/activity-records.ts';
import { checkVersion } from '../lib/activity/versions.ts';
import { closedBookings } from '../db/queries/closures.ts';

/**
 * What the booking calls do (organiser-console §2 "Booking Management", §4): list, read, and
 * answer Requested bookings — Allowed with a new random token (status 1) or Rejected (2) —
 * e-mailing the participant through the outbox in the same transaction (lib/mail/booking-mail.ts;
 * the caller wakes the mailer). Only a Requested booking changes: anything else is 409; a
 * booking on a date its organiser closed (services/closures.ts) cannot be accepted (409).
 * routes/bookings.ts checks who asks (the booking's organiser) and reads the input
 * (common/contract/organiser.ts BookingAnswer, BookingBulkStatus). A change records its activity
 * row (`who`, resource `bookings`) in its own transaction.
 */

/** The list whose sort, search and filters the bookings list, its export and bulk status accept. */
export const BOOKING_LIST = q.BOOKING_LIST;
/** The bookings of one organiser, as a list scope. */
export const bookingScope = q.bookingScope;
/** One page (10) of an organiser's bookings, newest first. */
export const listBookings = q.listBookings;

/** Booking `id` with its organiser's id; 404 "Booking not found." when there is none. */
/** What a booking read selects, and the row as answered (the scope check reads them: routes/bookings.ts). */
export const { BOOKING_COLUMNS, toBooking } = q;
export type { BookingRow } from '../db/queries/bookings.ts';

export async function findBooking(sql: Sql, id: number): Promise<{ companyId: number; booking: Booking }> {
  const found = await q.getBooking(sql, id);
  if (!found) throw new NotFound('Booking');
  return found;
}

/** A booking on a date its organiser closed (docs/extensions.md) cannot be accepted (409). */
export const CLOSED_DATE = 'This booking falls on a closed date and cannot be accepted.';
/** The same for a bulk accept naming one or more such bookings: nothing changes. */
export const CLOSED_DATES = 'Some of these bookings fall on a closed date and cannot be accepted.';

/**
 * Answers Requested booking `id` of organiser `organiserId` with `status` (1 accept, 2 reject) and mails it; 409 unless it
 * was Requested, and 409 CLOSED_DATE for an accept on a closed date. With the request's If-Match
 * (who.version) naming an older version, 412 first (docs/live.md): someone else answered or
 * changed it. Resolves to the booking after.
 */
export async function answerBooking(sql: Sql, who: Who, id: number, organiserId: number, status: 1 | 2): Promise<Booking> {
  const changed = await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'bookings', id, { lock: true });
    // A stale If-Match is 412 (who answered it, and how) before the 409 of an answered booking.
    await checkVersion(tx, who.version, 'bookings', id, before);
    if (before && status === 1 && (await closedBookings(tx, [id]))) throw new Conflict(CLOSED_DATE);
    if (!before || !(await answerBookingAndMail(tx, id, organiserId, status, status === 1 ? newBookingToken() : null))) return false;
    const after = await readRecord(tx, 'bookings', id);
    await recordActivity(tx, who, { resource: 'bookings', action: 'status', id, label: String(before.name ?? ''), before, after });
    return true;
  });
  if (!changed) throw new Conflict('Only a requested booking can be accepted or rejected.');
  return (await findBooking(sql, id)).booking;
}

/**
 * Answers the selected bookings of organiser `companyId` with `status` in one transaction: "all
 * matching" takes the Requested ones; named ids must all still be Requested (409, nothing changes).
 * `input` is the selection and the list filters (services/list-bulk.ts). Resolves to how many changed.
 */
export function answerBookings(sql: Sql, who: Who, companyId: number, input: Record<string, string | undefined>, status: 1 | 2): Promise<number> {
  const scope = q.bookingScope(companyId);
  return bulkAct(
    sql,
    q.BOOKING_LIST,
    input,
    input.all === '1' ? { where: `${scope.where} AND status = 0`, params: scope.params } : scope,
    async (tx, ids) => {
      if (status === 1 && (await closedBookings(tx, ids))) throw new Conflict(CLOSED_DATES);
      let changed = 0;
      for (const b of ids) changed += Number(await answerBookingAndMail(tx, b, companyId, status, status === 1 ? newBookingToken() : null));
      if (changed < ids.length) throw new Conflict('Only requested bookings can be accepted or rejected.');
      return changed;
    },
    { log: { who, resource: 'bookings', status, organiserId: companyId } },
  );
}
