import type { Sql } from '../db/sql.ts';
import { nextTurn } from '../runtime/next-turn.ts';
import { demoHash } from './demo-hashes.ts';
import { insertUser } from '../db/queries/users.ts';
import { insertPhotoRows, roleId } from '../db/queries/demo-organiser.ts';
import { eventsOfCompany, listCampaigns } from '../db/queries/campaigns.ts';
import { createEvent } from '../db/queries/events.ts';
import { insertBooking } from '../db/queries/bookings.ts';
import { insertVideo } from '../db/queries/participant-videos.ts';
import { DEMO_ORGANISER, dayFromToday } from './demo-organiser.ts';

const FIRST = [
  'Ada',
  'Bruno',
  'Clara',
  'Dmitri',
  'Eva',
  'Felix',
  'Greta',
  'Hamid',
  'Isla',
  'Jun',
  'Kofi',
  'Lena',
  'Marco',
  'Noor',
  'Oscar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
];
const LAST = ['Müller', 'Okoye', 'Santos', 'Nguyen', "O'Brien", 'Kowalski', 'Dubois', 'Haddad', 'Larsen', 'Ito', 'Moreau', 'Costa', 'Singh', 'Weber', 'Ruiz'];

/**
 * Demo data big enough to show the lists (search, sort, filters, counts, pages), added after the
 * other demo parts so their first pages stay as they were: 300 users across the editor and
 * support roles (password Demo-user-1, one hash for all), 3,000 more photos on the Demo
 * Organiser's first event (bib numbers 5001–8000), 30 past events and 40 past bookings (they
 * sort to the last pages), and 25 more pending videos on its video campaign. Inside the seed
 * transaction; plain inserts so `npm start` stays quick on first start.
 */
export async function seedDemoLists(sql: Sql): Promise<void> {
  const roles = [await roleId(sql, 'editor'), await roleId(sql, 'support')].filter((r): r is number => !!r);
  if (roles.length) {
    const hash = await demoHash('Demo-user-1');
    for (let i = 0; i < 300; i++) {
      if (i > 0 && i % 50 === 0) await nextTurn(); // a listen-first start answers meanwhile (demo.ts)
      const first = FIRST[i % FIRST.length],
        last = LAST[Math.floor(i / FIRST.length) % LAST.length];
      const email = `${first}.${last}.${i}`.toLowerCase().replace(/[^a-z0-9.]/g, '') + '@people.example';
      await insertUser(sql, { name: `${first} ${last}`, email, passwordHash: hash, roleId: roles[i % 5 === 0 ? 0 : roles.length - 1] });
    }
  }
  const [first] = await eventsOfCompany(sql, DEMO_ORGANISER.email);
  if (!first) return;
  const company = first.company_id;
  await insertPhotoRows(
    sql,
    Array.from({ length: 3000 }, (_, i) => {
      const bib = String(5001 + i);
      return [
        first.id,
        bib,
        `https://photos.example.com/${first.id}/${bib}-low.jpg`,
        `https://photos.example.com/${first.id}/${bib}-high.jpg`,
        1,
        '0',
        i % 4 === 0 ? 'landscape' : 'portrait',
      ];
    }),
  );
  for (let i = 0; i < 30; i++) {
    const start = dayFromToday(-300 - i * 11);
    await createEvent(sql, {
      organizer_id: company,
      title: `${['Club', 'Park', 'River', 'Hill', 'Coast'][i % 5]} Run ${2020 + (i % 5)} #${i + 1}`,
      description: 'An earlier race.',
      start_date: start,
      end_date: start,
      logo: '',
    });
  }
  for (let i = 0; i < 40; i++) {
    const name = `${FIRST[(i * 3) % FIRST.length]} ${LAST[i % LAST.length]}`;
    await insertBooking(sql, {
      companyId: company,
      date: dayFromToday(-400 - i),
      name,
      email: `booking${i}@people.example`,
      phone: `5551${String(i).padStart(3, '0')}`,
      status: ([0, 1, 2] as const)[i % 3],
      token: i % 3 === 1 ? `DEMO${String(1000 + i)}` : null,
    });
  }
  const video = (await listCampaigns(sql, first.id)).find((c) => c.type === 2);
  for (let i = 0; video && i < 25; i++) {
    await insertVideo(sql, {
      campaign_id: video.id,
      name: `${FIRST[(i * 7) % FIRST.length]} ${LAST[(i * 2) % LAST.length]}`,
      age: 8 + (i % 10),
      district: ['North', 'South', 'East'][i % 3],
      school_name: ['Hill School', 'River Academy', 'Park College'][i % 3],
      dropbox_shareable_link: `https://www.dropbox.com/s/list${i}/clip-${i + 1}.mp4?dl=0`,
      video_url: '',
      status: 1,
    });
  }
}
