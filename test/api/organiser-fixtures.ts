import type { TestApi } from './harness.ts';
import { hashPassword } from '../../server/lib/auth/passwords.ts';
import { createOrganiser } from '../../server/db/queries/organisers.ts';
import { createEvent } from '../../server/db/queries/events.ts';
import { insertBooking } from '../../server/db/queries/bookings.ts';
import { insertPhotoRows, roleId } from '../../server/db/queries/demo-organiser.ts';

/** YYYY-MM-DD `days` from today (UTC). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** `n` photo rows of an event, bid numbers `{tag}-1…`. */
const photoRowsOf = (eventId: number, n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => [
    eventId,
    `${tag}-${i + 1}`,
    `https://photos.example.com/${tag}-${i + 1}-low.jpg`,
    `https://photos.example.com/${tag}-${i + 1}-high.jpg`,
    1,
    '0',
    'portrait',
  ]);

/** One organiser of a test: its ids, a signed-in company user's token, one event, one requested booking. */
export interface TestOrganiser {
  companyId: number;
  token: string;
  eventId: number;
  bookingId: number;
  email: string;
}

/**
 * Makes an organiser with a sign-in user (role company), an event with `photos` photos and one
 * Requested booking, and signs the user in. Names carry `tag` so another organiser's data is easy to spot.
 */
export async function makeOrganiser(api: TestApi, tag: string, photos = 3): Promise<TestOrganiser> {
  const email = `${tag.toLowerCase()}@example.com`;
  const password = 'Organiser-pass-1';
  const companyId = await createOrganiser(api.sql, {
    name: `Organiser ${tag}`,
    email,
    phone: '5550100',
    status: 1,
    description: `About ${tag}`,
    passwordHash: await hashPassword(password),
    companyRoleId: (await roleId(api.sql, 'company'))!,
  });
  const eventId = await createEvent(api.sql, {
    organizer_id: companyId,
    title: `Event of ${tag}`,
    description: `Secret ${tag}`,
    start_date: dayFromToday(10),
    end_date: dayFromToday(10),
    logo: '',
  });
  if (photos) await insertPhotoRows(api.sql, photoRowsOf(eventId, photos, tag));
  const bookingId = await insertBooking(api.sql, {
    companyId,
    date: dayFromToday(5),
    name: `Guest of ${tag}`,
    email: `guest-${email}`,
    phone: '5550000',
    status: 0,
    token: null,
  });
  return { companyId, eventId, bookingId, email, token: await api.login(email, password) };
}

/** A small CSV body with the template's columns. */
export const photoCsv = (rows: string[][], header = 'bid_number,low_res_image,high_res_image,orientation') =>
  [header, ...rows.map((r) => r.join(','))].join('\n') + '\n';
export const goodRow = (bib: string | number, orientation = 'portrait') => [
  String(bib),
  `https://cdn.example.com/${bib}-low.jpg`,
  `https://cdn.example.com/${bib}-high.jpg`,
  orientation,
];
export const csvFile = (text: string, name = 'photos.csv') => new File([text], name, { type: 'text/csv' });
