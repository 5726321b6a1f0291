/**
 * The mixed-load bench's workload (bench/mixed-load.ts), shaped like the product's users: pure,
 * shared by the capture (bench/statement-capture.ts), the reference server
 * (bench/minimal-server.ts) and the load client (bench/load-client.ts), which must agree on
 * every call.
 *
 * - Connection c signs in as KINDS[c % 3]: administrator, editor or organiser (20 connections:
 *   7, 7 and 6, so about a third are organiser reads).
 * - Reads come from each kind's catalogue (`readCatalogue`): READS_PER_KIND paths drawn once from
 *   a seeded generator, duplicates kept, so page 1 of a list without parameters comes up more
 *   often than page 27 sorted by e-mail, as on the screens. A connection picks uniformly from it.
 * - Writes are the screens' edits (WRITES): a page or user edit (administrator, editor), an event
 *   change or a booking decision (organiser). A booking can be decided once: each decision takes
 *   the next Requested booking of the pool (`Ids.bookings`), counted by the load client per side.
 */

export type Kind = 'admin' | 'editor' | 'organiser';
export const KINDS: readonly Kind[] = ['admin', 'editor', 'organiser'];
export const kindOf = (connection: number): Kind => KINDS[connection % KINDS.length];

/** Read paths drawn per kind; about 40 % of them repeat another. */
export const READS_PER_KIND = 400;

/** What the fill made, for the calls to name (bench/mixed-fill.ts). */
export interface Ids {
  pages: [number, number];
  pageCount: number;
  /** Users the editor may see and edit (first role support), their e-mails by id, and the support role. */
  users: number[];
  emails: Record<number, string>;
  supportRole: number;
  editorRole: number;
  userCount: number;
  roleCount: number;
  permissionCount: number;
  activityCount: number;
  /** The actors whose activity the log filters by: the administrator, the editor and the organiser's user. */
  actors: number[];
  companyId: number;
  events: number[];
  photoEvents: number[];
  participantEvents: number[];
  /** Requested bookings the load decides, in id order: [first, last]. */
  bookings: [number, number];
  /** Requested bookings the capture decides (two per decision kind), outside the load's pool. */
  captureBookings: number[];
}

/** A seeded generator (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
export function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];

/** A list screen's parameters: sorts, search terms and filters as the console sends them. */
interface ListShape {
  path: (ids: Ids, rng: Rng) => string;
  rows: (ids: Ids) => number;
  sorts: string[];
  terms: string[];
  filters: [string, string[]][];
  sizeParam?: string;
}

const LISTS: Record<string, ListShape> = {
  users: {
    path: () => '/api/user',
    rows: (i) => i.userCount,
    sorts: ['name', 'email', 'created_at', 'id'],
    terms: ['ada', 'person 12', 'bru person', 'user42', 'bench.example'],
    filters: [],
  },
  pages: { path: () => '/api/page', rows: (i) => i.pageCount, sorts: ['title'], terms: ['guide', 'guide eva', 'person 7', 'hours'], filters: [] },
  roles: { path: () => '/api/role', rows: (i) => i.roleCount, sorts: ['name', 'id'], terms: ['bench role 1', 'support', 'role 2'], filters: [] },
  permissions: {
    path: () => '/api/permission',
    rows: (i) => i.permissionCount,
    sorts: ['name', 'id'],
    terms: ['bench permission 2', 'users', 'permission 99'],
    filters: [],
  },
  activity: {
    path: () => '/api/activity',
    rows: (i) => i.activityCount,
    sorts: ['at', 'id'],
    terms: ['guide', 'person 3', 'run'],
    filters: [
      ['resource', ['pages', 'users', 'events', 'bookings']],
      ['action', ['update', 'status', 'create']],
    ],
  },
  events: {
    path: (i) => `/api/event?organizer_id=${i.companyId}`,
    rows: (i) => i.events.length,
    sorts: ['title', 'start_date', 'end_date'],
    terms: ['run', 'marathon', 'club'],
    filters: [['when', ['upcoming', 'past']]],
  },
  photos: {
    path: (i, rng) => `/api/getPhotosByEventId?event_id=${pick(rng, i.photoEvents)}`,
    rows: () => 2_000,
    sorts: ['bid_number', 'orientation'],
    terms: ['50', '1203', '77'],
    filters: [['orientation', ['portrait', 'landscape']]],
    sizeParam: 'pageCount',
  },
  participants: {
    path: (i, rng) => `/api/event/${pick(rng, i.participantEvents)}/participants`,
    rows: () => 500,
    sorts: ['name', 'bib_number', 'created_at'],
    terms: ['ada', 'runner', '10'],
    filters: [['stage', ['matched', 'unmatched', 'notified', 'viewed', 'bought']]],
  },
  bookings: {
    path: (i) => `/api/organiser/bookings?company_id=${i.companyId}`,
    rows: () => 3_000,
    sorts: ['date', 'name', 'status'],
    terms: ['ada', 'booking1', 'people'],
    filters: [['status', ['0', '1', '2']]],
  },
};

/** Which screens each kind reads, with weights (an event's detail is the organiser's one non-list read). */
const SCREENS: Record<Kind, [string, number][]> = {
  admin: [
    ['users', 3],
    ['pages', 2],
    ['roles', 1],
    ['permissions', 1],
    ['activity', 2],
  ],
  editor: [
    ['users', 1],
    ['pages', 1],
  ],
  organiser: [
    ['events', 2],
    ['event', 1],
    ['photos', 2],
    ['participants', 2],
    ['bookings', 2],
  ],
};

/** One list read: page 1–5 mostly, now and then up to 30 or a far page; a page size, a sort, a search or a filter now and then. */
function listRead(shape: ListShape, ids: Ids, rng: Rng): string {
  const base = shape.path(ids, rng);
  const params = new URLSearchParams(base.includes('?') ? base.slice(base.indexOf('?') + 1) : '');
  const size = rng() < 0.7 ? 10 : pick(rng, [25, 50, 100]);
  if (size !== 10) params.set(shape.sizeParam ?? 'per_page', String(size));
  const roll = rng();
  const last = Math.max(1, Math.ceil(shape.rows(ids) / size));
  let page = roll < 0.45 ? 1 : roll < 0.75 ? 2 + Math.floor(rng() * 4) : roll < 0.95 ? 6 + Math.floor(rng() * 25) : 1 + Math.floor(rng() * last);
  if (rng() < 0.3) {
    params.set('sort', pick(rng, shape.sorts));
    params.set('dir', rng() < 0.5 ? 'asc' : 'desc');
  }
  if (rng() < 0.2) {
    params.set('q', pick(rng, shape.terms));
    page = 1 + Math.floor(rng() * 2);
  }
  if (shape.filters.length && rng() < 0.25) {
    const [name, values] = pick(rng, shape.filters);
    params.set(name, pick(rng, values));
  }
  params.set('page', String(Math.min(page, last)));
  return `${base.split('?')[0]}?${params}`;
}

/** READS_PER_KIND read paths of `kind` (with repeats), the same for the same ids and seed. */
export function readCatalogue(kind: Kind, ids: Ids, seed = 42): string[] {
  const rng = generator(seed * 7 + KINDS.indexOf(kind));
  const screens = SCREENS[kind];
  const total = screens.reduce((n, [, w]) => n + w, 0);
  return Array.from({ length: READS_PER_KIND }, () => {
    let r = rng() * total;
    const [screen] = screens.find(([, w]) => (r -= w) < 0) ?? screens[0];
    return screen === 'event' ? `/api/event/${pick(rng, ids.events)}` : listRead(LISTS[screen], ids, rng);
  });
}

/** A write the screens make: its route (`:id` the record), fixed form fields, and the varying ones. */
export interface WriteKind {
  name: string;
  kinds: Kind[];
  method: 'PUT';
  route: string;
  fixed: Record<string, string>;
  /** The record's id and the varying fields of write number `n`; `booking()` takes the next booking of the pool. */
  vary(ids: Ids, rng: Rng, n: number, booking: () => number): { id: number; fields: Record<string, string> };
}

export const WRITES: WriteKind[] = [
  {
    name: 'page edit',
    kinds: ['admin', 'editor'],
    method: 'PUT',
    route: '/api/page/:id',
    fixed: {},
    vary: (ids, rng, n) => {
      const id = ids.pages[0] + Math.floor(rng() * (ids.pages[1] - ids.pages[0] + 1));
      return { id, fields: { title: `Guide ${id} v${n}`, content: `Opening hours and directions, revision ${n}.` } };
    },
  },
  {
    name: 'user edit',
    kinds: ['admin', 'editor'],
    method: 'PUT',
    route: '/api/user/:id',
    fixed: {},
    vary: (ids, rng, n) => {
      const id = pick(rng, ids.users);
      return { id, fields: { name: `Bench Person ${id} v${n}`, email: ids.emails[id], role: String(ids.supportRole) } };
    },
  },
  {
    name: 'event change',
    kinds: ['organiser'],
    method: 'PUT',
    route: '/api/event/:id',
    fixed: {},
    vary: (ids, rng, n) => {
      const id = pick(rng, ids.events);
      return { id, fields: { title: `Club Run ${id} v${n}`, description: `Start at the harbour, revision ${n}.` } };
    },
  },
  {
    name: 'booking accept',
    kinds: ['organiser'],
    method: 'PUT',
    route: '/api/organiser/booking/:id',
    fixed: { status: '1' },
    vary: (_, __, ___, booking) => ({ id: booking(), fields: {} }),
  },
  {
    name: 'booking reject',
    kinds: ['organiser'],
    method: 'PUT',
    route: '/api/organiser/booking/:id',
    fixed: { status: '2' },
    vary: (_, __, ___, booking) => ({ id: booking(), fields: {} }),
  },
];

/** One call of the load. */
export interface Call {
  write: boolean;
  method: 'GET' | 'PUT';
  path: string;
  body?: string;
}

/** The path and form body of `write` on record `id` with `fields`. */
export const writeCall = (write: WriteKind, id: number, fields: Record<string, string>): Call => ({
  write: true,
  method: write.method,
  path: write.route.replace(':id', String(id)),
  body: new URLSearchParams({ ...fields, ...write.fixed }).toString(),
});

/**
 * The next call of a connection of `kind`: with probability `share` one of its kind's writes
 * (`nextBooking()` gives a booking decision its booking), else a read from `catalogue`.
 */
export function nextCall(kind: Kind, rng: Rng, share: number, ids: Ids, catalogue: readonly string[], n: number, nextBooking: () => number): Call {
  if (rng() < share) {
    const write = pick(
      rng,
      WRITES.filter((w) => w.kinds.includes(kind)),
    );
    const { id, fields } = write.vary(ids, rng, n, nextBooking);
    return writeCall(write, id, fields);
  }
  return { write: false, method: 'GET', path: pick(rng, catalogue) };
}
