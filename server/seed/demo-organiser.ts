import type { Sql } from '../db/sql.ts';
import { demoHash } from './demo-hashes.ts';
import { createOrganiser } from '../db/queries/organisers.ts';
import { demoPhotoRows, insertDemoParticipants, insertPhotoRows, roleId } from '../db/queries/demo-organiser.ts';
import { replaceWorkingDays } from '../db/queries/working-days.ts';
import { createEvent } from '../db/queries/events.ts';
import { insertBooking } from '../db/queries/bookings.ts';
import { newBookingToken } from '../lib/auth/booking-token.ts';

/** The demo organiser's sign-in (role company), printed in the README. */
export const DEMO_ORGANISER = { name: 'Demo Organiser', email: 'organiser@example.com', password: 'Organiser123!' };
/** A second organiser, to show that one organiser never sees another's data. */
export const SECOND_ORGANISER = { name: 'Harbour Races', email: 'harbour@example.com', password: 'Organiser123!' };

/** YYYY-MM-DD `days` from today (UTC). */
/** The date `days` from today as YYYY-MM-DD (demo dates stay relative to the day of seeding). */
export const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An active organiser as the admin area makes it (DESIGN.md §4): company, description, sign-in user with role company. */
async function addOrganiser(sql: Sql, o: { name: string; email: string; password: string; phone: string; description: string }) {
  const companyRoleId = await roleId(sql, 'company');
  if (!companyRoleId) throw new Error('addOrganiser: role company is missing');
  const companyId = await createOrganiser(sql, { ...o, status: 1, passwordHash: await demoHash(o.password), companyRoleId });
  return { companyId };
}

const EVENTS: [title: string, startIn: number, days: number, description: string][] = [
  ['City Marathon', 21, 1, 'The annual city marathon: 42 km through the old town and along the river.'],
  ['Night Run 10K', 45, 1, 'A 10 km evening run with lights along the harbour.'],
  ['Winter Skating Cup', 80, 2, 'Two days of speed skating on the lake rink.'],
  ['Spring Half Marathon', 120, 1, 'Half marathon through the parks.'],
  ['Trail Weekend', 150, 3, 'Three days of mountain trails.'],
  ['Schools Relay', 7, 1, 'Relay race for school teams.'],
  ['Charity Fun Run', -14, 1, 'A 5 km run for the children\u2019s hospital.'],
  ['Autumn Marathon', -60, 1, 'Last autumn\u2019s marathon.'],
  ['Harbour Swim', -90, 1, 'Open water swim across the harbour.'],
  ['Inline Skating Tour', -120, 2, 'A two-day inline skating tour.'],
  ['New Year Run', -200, 1, 'Five kilometres on the first morning of the year.'],
  ['Kids Dash', -240, 1, 'Short races for children under 12.'],
];
const PEOPLE = [
  'Asha Raman',
  'Ben Okafor',
  'Chloe Martin',
  'Dev Patel',
  'Elena Rossi',
  'Farid Haddad',
  'Grace Kim',
  'Hugo Silva',
  'Ines Duarte',
  'Jonas Berg',
  'Keiko Tanaka',
  'Liam Walsh',
  'Maya Cohen',
  'Nina Petrova',
  'Omar Aziz',
];

/**
 * Organiser demo data: "Demo Organiser" (organiser@example.com / Organiser123!) with
 * working days Monday–Friday, events past and upcoming, bookings in each status, a few hundred
 * photos and 15 participants on its first event; and a second organiser with a couple of events. Inside the seed transaction.
 */
export async function seedDemoOrganisers(sql: Sql): Promise<void> {
  const { companyId } = await addOrganiser(sql, { ...DEMO_ORGANISER, phone: '5550100', description: 'Runs city races, night runs and skating cups.' });
  await replaceWorkingDays(sql, companyId, [2, 3, 4, 5, 6]);
  const ids: number[] = [];
  for (const [title, startIn, days, description] of EVENTS) {
    ids.push(
      await createEvent(sql, {
        organizer_id: companyId,
        title,
        description,
        start_date: dayFromToday(startIn),
        end_date: dayFromToday(startIn + days - 1),
        logo: '',
      }),
    );
  }
  await insertPhotoRows(sql, demoPhotoRows(ids[0], 320));
  // The first event's Participants tab shows a funnel: 11 matched, 10 notified, 6 viewed, 2 bought.
  await insertDemoParticipants(sql, ids[0], PEOPLE, Date.now());
  await insertPhotoRows(sql, demoPhotoRows(ids[6], 40, '4.50', 2));
  for (const [i, name] of PEOPLE.entries()) {
    const status = ([0, 0, 1, 2, 0, 1] as const)[i % 6];
    await insertBooking(sql, {
      companyId,
      date: dayFromToday(i * 3 - 20),
      name,
      email: `${name.split(' ')[0].toLowerCase()}@example.com`,
      phone: `55501${String(i).padStart(2, '0')}`,
      status,
      token: status === 1 ? newBookingToken() : null,
    });
  }

  const second = await addOrganiser(sql, { ...SECOND_ORGANISER, phone: '5550200', description: 'Sailing and swimming races.' });
  await createEvent(sql, {
    organizer_id: second.companyId,
    title: 'Regatta Sprint',
    description: 'Sailing sprint.',
    start_date: dayFromToday(30),
    end_date: dayFromToday(30),
    logo: '',
  });
  await createEvent(sql, {
    organizer_id: second.companyId,
    title: 'Bay Swim',
    description: 'Open water swim.',
    start_date: dayFromToday(-30),
    end_date: dayFromToday(-30),
    logo: '',
  });
}
