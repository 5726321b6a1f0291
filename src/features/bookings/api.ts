import { http, qs } from '../../lib/http.ts';
import type { Paginator } from '../../lib/types.ts';

/** A booking (organiser-console §3); `token` is null unless Allowed. */
export interface Booking { id: number; date: string; token: string | null; status: 'Requested' | 'Allowed' | 'Rejected'; user: { name: string; email: string; phone: string } }

// The bookings resource sits on the organiser path (admin-area §7 path quirk).
/** GET organiser/bookings?company_id=&page= (organiser-console §7): resolves to the envelope's data (Paginator<Booking>); rejects with HttpError. */
export const listBookings = async (companyId: string, page: number) =>
  (await http.get<Paginator<Booking>>(`organiser/bookings${qs({ company_id: companyId, page })}`)).data;
/** GET organiser/booking/{id} (organiser-console §7): resolves to the envelope's data (Booking); rejects with HttpError. */
export const getBooking = async (id: number) => (await http.get<Booking>(`organiser/booking/${id}`)).data;
/** Accept (1) or reject (2) a Requested booking (organiser-console §4). */
export const answerBooking = (id: number, status: 1 | 2) => http.put<Booking>(`organiser/booking/${id}`, { status });
