import type { Sql } from '../sql.ts';
import type { Paginator } from '../index.ts';
import { type ListQuery, type ListSpec } from '../list-query.ts';
import { listPage } from '../list-page.ts';

/** Stored booking status codes; the API words them (organiser-console §3–§4). */
export const BOOKING_STATUS = { 0: 'Requested', 1: 'Allowed', 2: 'Rejected' } as const;
/** A booking status as the API words it: Requested, Allowed or Rejected. */
export type BookingStatus = (typeof BOOKING_STATUS)[keyof typeof BOOKING_STATUS];

/** A booking as the API answers it: token only when Allowed (wire contract, src/common/contract/schemas.ts). */
export type { Booking } from '../../../src/common/contract/schemas.ts';
import type { Booking } from '../../../src/common/contract/schemas.ts';
import { ownedRowCondition, ownedScope } from '../tenancy.ts';
/** A bookings row as read (BOOKING_COLUMNS). */
export interface BookingRow {
  id: number;
  company_id: number;
  date: string;
  token: string | null;
  status: number;
  name: string;
  email: string;
  phone: string;
  version: number;
}

/** What a booking read selects. */
export const BOOKING_COLUMNS = 'id, company_id, date, token, status, name, email, phone, version';
const COLS = BOOKING_COLUMNS;
/** A bookings row as the API answers it (token only when Allowed). */
export const toBooking = (r: BookingRow): Booking => {
  const status = BOOKING_STATUS[Number(r.status) as 0 | 1 | 2] ?? 'Requested';
  return {
    id: r.id,
    date: r.date,
    token: status === 'Allowed' ? r.token : null,
    status,
    user: { name: r.name, email: r.email, phone: r.phone },
    version: Number(r.version),
  };
};

const STATUS_CODE: Record<string, number> = { 0: 0, 1: 1, 2: 2, Requested: 0, Allowed: 1, Rejected: 2 };

/** The Bookings list: search customer name/e-mail, sort, `status` 0|1|2 or Requested|Allowed|Rejected. */
export const BOOKING_LIST: ListSpec = {
  from: 'bookings',
  idCol: 'id',
  columns: COLS,
  search: ['name', 'email'],
  sort: { id: 'id', date: 'date', name: 'lower(name)', email: 'lower(email)', status: 'status' },
  defaultOrder: 'date DESC, id DESC',
  seek: ['default', 'date', 'name', 'email', 'status'],
  filters: { status: { values: Object.keys(STATUS_CODE), where: 'status = ?', param: (v) => STATUS_CODE[v] } },
  csv: [
    ['id', 'id'],
    ['date', 'date'],
    ['name', 'name'],
    ['email', 'email'],
    ['phone', 'phone'],
    ['status', "CASE status WHEN 1 THEN 'Allowed' WHEN 2 THEN 'Rejected' ELSE 'Requested' END"],
    ['token', "CASE status WHEN 1 THEN token ELSE '' END"],
  ],
  csvDates: ['date'],
};
/** The list Scope of one organiser's bookings (`company_id = ?`). */
export const bookingScope = (companyId: number) => ownedScope('bookings', companyId);

/** One page of an organiser's bookings, newest first unless sorted. */
export async function listBookings(sql: Sql, companyId: number, page: number, lq: ListQuery, perPage = 10): Promise<Paginator<Booking>> {
  const p = await listPage<BookingRow>(sql, BOOKING_LIST, lq, bookingScope(companyId), page, perPage);
  return { ...p, data: p.data.map(toBooking) };
}

/** A booking with its organiser id (for the access check), or undefined. */
export async function getBooking(sql: Sql, id: number): Promise<{ companyId: number; booking: Booking } | undefined> {
  const r = await sql.get<BookingRow>(`SELECT ${COLS} FROM bookings WHERE id = ?`, [id]);
  return r && { companyId: Number(r.company_id), booking: toBooking(r) };
}

/**
 * Answers a Requested booking: status 1 (Allowed, with `token`) or 2 (Rejected, no token).
 * Resolves to false when the booking is no longer Requested or is not organiser `organiserId`'s
 * (the declared owner is in the statement): nothing changed.
 */
export const answerBooking = async (sql: Sql, id: number, organiserId: number, status: 1 | 2, token: string | null) => {
  const [where, params] = ownedRowCondition('bookings', id, organiserId);
  return (await sql.run(`UPDATE bookings SET status = ?, token = ? WHERE ${where} AND status = 0`, [status, token, ...params])) > 0;
};

/** Inserts a booking (demo data and tests; bookings come from the client app, DESIGN.md §4). */
export const insertBooking = async (
  sql: Sql,
  b: { companyId: number; date: string; name: string; email: string; phone: string; status: 0 | 1 | 2; token: string | null },
) =>
  (await sql.get<{ id: number }>(
    'INSERT INTO bookings (company_id, date, name, email, phone, token, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
    [b.companyId, b.date, b.name, b.email, b.phone, b.token, b.status, Date.now()],
  ))!.id;
