import { http } from '../../lib/http.ts';
import { listEndpoints } from '../../components/list-endpoints.ts';

/** A booking (organiser-console §3), declared in the wire contract; `token` is null unless Allowed. */
export type { Booking } from '../../common/contract/schemas.ts';
import type { Booking } from '../../common/contract/schemas.ts';
import type { BookingAnswerBody } from '../../common/contract/organiser.ts';

// The bookings resource sits on the organiser path (admin-area §7 path quirk).
/** GET organiser/bookings?company_id= (search customer name or email, filter status), bulk-status (1 accept, 2 reject), export. */
export const bookings = (companyId: string) => listEndpoints<Booking>('organiser/bookings', 'bookings', { company_id: companyId });
/** Sortable columns and filters this list may put in the address (list wire contract). */
export const BOOKING_LIST = { sortable: ['id', 'date', 'name', 'email', 'status'], filters: ['status'], defaultSort: { sort: 'date', dir: 'desc' } } as const;
/** GET organiser/booking/{id} (organiser-console §7): resolves to the envelope's data (Booking); rejects with HttpError. */
export const getBooking = async (id: number) => (await http.get<Booking>(`organiser/booking/${id}`)).data;
/**
 * Accept (1) or reject (2) a Requested booking (organiser-console §4). `version`: the one the reader saw (a list row's);
 * without it the version of the last GET organiser/booking/{id} goes as If-Match. Someone else's answer since: 412
 * (staleBooking, docs/live.md).
 */
export const answerBooking = (id: number, status: 1 | 2, version?: number) =>
  http.put<Booking>(`organiser/booking/${id}`, { status } satisfies BookingAnswerBody, { version });
