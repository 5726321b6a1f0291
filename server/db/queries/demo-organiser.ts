import type { Param, Sql } from '../sql.ts';

/*
 * Seed- and test-time reads and writes of the organiser demo data that no API route makes:
 * a role's id by name, photos and participants in bulk.
 */

/** The id of the role called `name`, or undefined. */
export const roleId = async (sql: Sql, name: string) => (await sql.get<{ id: number }>('SELECT id FROM roles WHERE name = ?', [name]))?.id;

/** Photos in bulk: rows of [event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation]. */
export const insertPhotoRows = (sql: Sql, rows: Param[][]) =>
  sql.runMany(
    'INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation) VALUES (?, ?, ?, ?, ?, ?, ?)',
    rows,
  );

/** `n` photo rows for an event: bib numbers from 1001, alternating orientation. */
export const demoPhotoRows = (eventId: number, n: number, price = '0', priceType = 1) =>
  Array.from({ length: n }, (_, i) => {
    const bib = String(1001 + i);
    return [
      eventId,
      bib,
      `https://photos.example.com/${eventId}/${bib}-low.jpg`,
      `https://photos.example.com/${eventId}/${bib}-high.jpg`,
      priceType,
      price,
      i % 3 === 0 ? 'landscape' : 'portrait',
    ];
  });

/**
 * Participants of an event in bulk, for the Participants tab's demo: BIBs 1001… (the demo photos'
 * BIBs, so most are matched) then four BIBs without photos; a share notified, viewed and bought
 * (`at` ms since 1970). No gallery tokens (a demo participant has no link to follow) and no face
 * consent (the demo event's face search is off).
 */
export const insertDemoParticipants = (sql: Sql, eventId: number, people: readonly string[], at: number) =>
  sql.runMany(
    'INSERT INTO participants (event_id, bib_number, name, email, face_consent, consent_date, notified_at, viewed_at, bought_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    people.map((name, i) => {
      const bib = i < people.length - 4 ? String(1001 + i) : String(1401 + i);
      const notified = i < 10 ? at : null,
        viewed = i < 6 ? at : null,
        bought = i < 2 ? at : null;
      return [eventId, bib, name, `${name.split(' ')[0].toLowerCase()}.runner@example.com`, 0, '', notified, viewed, bought, at];
    }),
  );
