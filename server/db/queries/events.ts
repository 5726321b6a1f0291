import type { Sql } from '../sql.ts';
import type { Paginator } from '../index.ts';
import type { ListFilter, ListQuery, ListSpec } from '../list-query.ts';
import { listPage } from '../list-page.ts';

export type { Event } from '../../../src/common/contract/schemas.ts';
import type { Event } from '../../../src/common/contract/schemas.ts';
import { ownedRowCondition, ownedScope } from '../tenancy.ts';

/** An event's columns as answered (company_id as organizer_id). */
export const EVENT_COLUMNS = 'id, title, description, start_date, end_date, company_id AS organizer_id, logo, language';
const COLS = EVENT_COLUMNS;

const today = () => new Date().toISOString().slice(0, 10);
/** The `when` filter judged from `day` (YYYY-MM-DD): upcoming ends on it or later, past ended before it. */
const whenOn = (day: () => string): ListFilter => ({
  values: ['upcoming', 'past'],
  where: (v) => [v === 'upcoming' ? 'end_date >= ?' : 'end_date < ?', [day()]],
});

/** The Events list (organiser-console §2): search title, sort, `when` upcoming (ends today or later, UTC) | past; eventListOn for an organiser's day. */
export const EVENT_LIST: ListSpec = {
  from: 'events',
  idCol: 'id',
  columns: COLS,
  search: ['title'],
  sort: { id: 'id', title: 'lower(title)', start_date: 'start_date', end_date: 'end_date' },
  defaultOrder: 'start_date DESC, id DESC',
  seek: ['default', 'title', 'start_date', 'end_date'],
  filters: { when: whenOn(today) },
  csv: [
    ['id', 'id'],
    ['title', 'title'],
    ['start_date', 'start_date'],
    ['end_date', 'end_date'],
  ],
  csvDates: ['start_date', 'end_date'],
};
/** The Events list with `when` judged from `day` (YYYY-MM-DD, the organiser's today: services/organiser-day.ts). */
export const eventListOn = (day: string): ListSpec => ({ ...EVENT_LIST, filters: { when: whenOn(() => day) } });
/** The rows of one organiser. */
export const eventScope = (companyId: number) => ownedScope('events', companyId);

/** One page of an organiser's events, latest start first unless sorted; `spec` judges `when` (eventListOn for the organiser's day). */
export const listEvents = (sql: Sql, companyId: number, page: number, lq: ListQuery, perPage = 10, spec: ListSpec = EVENT_LIST): Promise<Paginator<Event>> =>
  listPage<Event>(sql, spec, lq, eventScope(companyId), page, perPage);

/** The event asked for, or undefined when there is none. */
export const getEvent = (sql: Sql, id: number) => sql.get<Event>(`SELECT ${COLS} FROM events WHERE id = ?`, [id]);

/** Inserts an event (`language` '' when absent); resolves to its new id. Call inside a transaction when it is one write among several. */
export const createEvent = async (sql: Sql, e: Omit<Event, 'id' | 'language'> & { language?: string }) =>
  (await sql.get<{ id: number }>(
    'INSERT INTO events (company_id, title, description, start_date, end_date, logo, language, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
    [e.organizer_id, e.title, e.description, e.start_date, e.end_date, e.logo, e.language ?? '', Date.now()],
  ))!.id;

/** Writes an event edit of organiser `organiserId`: title, description, dates (YYYY-MM-DD), logo URL and default language (kept when absent); resolves to the rows changed (0: not its event). */
export const updateEvent = (sql: Sql, organiserId: number, id: number, e: Omit<Event, 'id' | 'organizer_id' | 'language'> & { language?: string }) => {
  const [where, params] = ownedRowCondition('events', id, organiserId);
  return sql.run(`UPDATE events SET title = ?, description = ?, start_date = ?, end_date = ?, logo = ?, language = COALESCE(?, language) WHERE ${where}`, [
    e.title,
    e.description,
    e.start_date,
    e.end_date,
    e.logo,
    e.language ?? null,
    ...params,
  ]);
};

/** Deletes an event; its photos, campaigns and their data go with it (ON DELETE CASCADE). */
export const deleteEvent = (sql: Sql, id: number, organiserId: number) => {
  const [where, params] = ownedRowCondition('events', id, organiserId);
  return sql.run(`DELETE FROM events WHERE ${where}`, params);
};
