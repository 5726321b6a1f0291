import type { Param, Sql } from '../server/db/sql.ts';
import { openDatabase } from '../server/db/index.ts';
import { seedIfEmpty } from '../server/seed/index.ts';
import { createEvent } from '../server/db/queries/events.ts';
import { insertPhotoRows, insertDemoParticipants, roleId } from '../server/db/queries/demo-organiser.ts';
import { DEMO_ORGANISER, dayFromToday } from '../server/seed/demo-organiser.ts';
import type { Ids } from './mixed-workload.ts';

/** The administrator of the bench's database; the editor and organiser are the demo data's (README "Demo sign-ins"). */
export const ADMIN = { email: 'admin@example.com', password: 'Bench-pass-1' };
export const SIGN_INS = {
  admin: ADMIN,
  editor: { email: 'editor@example.com', password: 'Editor-demo-1' },
  organiser: { email: DEMO_ORGANISER.email, password: DEMO_ORGANISER.password },
} as const;

/** Rows added to the demo data. */
export const ROWS = {
  users: 3_000,
  pages: 3_000,
  permissions: 3_000,
  roles: 300,
  events: 200,
  photos: 20_000,
  participants: 5_000,
  bookings: 30_000,
  activity: 20_000,
};
const NAMES = 'AdaBruClaDmiEvaFelGreHamIslJunKofLenMarNooOsc';

/** The same INSERTs as the product's seed helpers, many rows at once (Sql.runMany batches them on PostgreSQL). */
const BOOKING_INSERT = 'INSERT INTO bookings (company_id, date, name, email, phone, token, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';
const ACTIVITY_INSERT = `INSERT INTO activity (at, at_text, actor_id, actor_name, actor_role, organizer_id, action, resource, resource_id, label, changes, ip, user_agent)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

const person = (i: number) => `${NAMES.slice((i % 15) * 3, (i % 15) * 3 + 3)} Person ${i}`;

/**
 * Fills a fresh database (`dataDir`'s SQLite, or `url`'s PostgreSQL) through the product's
 * migrations and seed with the demo data (its editor and organiser sign in), then adds ROWS: users
 * whose first role is support (the editor's to see and edit), pages, permissions, roles, the demo
 * organiser's events with photos and participants, bookings (ROWS.bookings of them Requested, for
 * the load to decide) and activity rows. Resolves to the ids the workload names.
 */
export async function fill(dataDir: string, url?: string): Promise<Ids> {
  const sql = await openDatabase(dataDir, url);
  try {
    await seedIfEmpty(sql, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, demo: true });
    const support = (await roleId(sql, 'support'))!,
      editor = (await roleId(sql, 'editor'))!;
    const actor = async (email: string) =>
      (await sql.get<{ id: number; company_id: number | null }>('SELECT id, company_id FROM users WHERE email = ?', [email]))!;
    const org = await actor(SIGN_INS.organiser.email);
    const companyId = Number(org.company_id);
    const actors = [(await actor(ADMIN.email)).id, (await actor(SIGN_INS.editor.email)).id, org.id];
    const series = (n: number) =>
      sql.engine === 'postgres'
        ? ['', `FROM generate_series(1, ${n}) AS s(i)`]
        : [`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) `, 'FROM s'];
    const name = `substr('${NAMES}', (i % 15) * 3 + 1, 3) || ' Person ' || CAST(i AS TEXT)`;
    await sql.transaction(async (tx) => {
      let [cte, from] = series(ROWS.users);
      await tx.run(
        `${cte}INSERT INTO users (name, email, password_hash, created_at) SELECT ${name}, 'user' || CAST(i AS TEXT) || '@bench.example', 'x', i ${from}`,
      );
      await tx.run(`INSERT INTO user_roles (user_id, role_id) SELECT id, ? FROM users WHERE email LIKE '%@bench.example'`, [support]);
      [cte, from] = series(ROWS.pages);
      await tx.run(
        `${cte}INSERT INTO pages (title, content) SELECT 'Guide ' || ${name}, 'Opening hours, directions and what to bring for the event day; page ' || CAST(i AS TEXT) || '.' ${from}`,
      );
      [cte, from] = series(ROWS.permissions);
      await tx.run(`${cte}INSERT INTO permissions (name) SELECT 'Bench permission ' || CAST(i AS TEXT) ${from}`);
      [cte, from] = series(ROWS.roles);
      await tx.run(`${cte}INSERT INTO roles (name) SELECT 'Bench role ' || CAST(i AS TEXT) ${from}`);
      for (let i = 0; i < ROWS.events; i++) {
        const start = dayFromToday(i * 3 - 300);
        await createEvent(tx, {
          organizer_id: companyId,
          title: `${['Club', 'Park', 'River', 'Hill', 'Coast'][i % 5]} Run ${i + 1}`,
          description: 'A race of the bench.',
          start_date: start,
          end_date: start,
          logo: '',
        });
      }
    });
    const events = (await sql.all<{ id: number }>('SELECT id FROM events WHERE company_id = ? ORDER BY id', [companyId])).map((r) => Number(r.id));
    const photoEvents = events.slice(-20),
      participantEvents = events.slice(-10);
    await sql.transaction(async (tx) => {
      const per = ROWS.photos / photoEvents.length;
      for (const e of photoEvents) {
        await insertPhotoRows(
          tx,
          Array.from({ length: per }, (_, i) => [
            e,
            String(1001 + i),
            `https://photos.example.com/${e}/${1001 + i}-low.jpg`,
            `https://photos.example.com/${e}/${1001 + i}-high.jpg`,
            1,
            '0',
            i % 3 ? 'portrait' : 'landscape',
          ]),
        );
      }
      for (const e of participantEvents) {
        await insertDemoParticipants(
          tx,
          e,
          Array.from({ length: ROWS.participants / participantEvents.length }, (_, i) => person(i)),
          Date.now(),
        );
      }
      const bookings: Param[][] = [];
      for (let i = 0; i < 3_000; i++)
        bookings.push([
          companyId,
          dayFromToday(-i),
          person(i),
          `booking${i}@people.example`,
          '5550100',
          i % 3 === 1 ? `B${String(i).padStart(7, '0')}` : null,
          i % 3,
          Date.now(),
        ]);
      for (let i = 0; i < ROWS.bookings + 4; i++)
        bookings.push([companyId, dayFromToday(i % 400), person(i), `request${i}@people.example`, '5550101', null, 0, Date.now()]);
      await tx.runMany(BOOKING_INSERT, bookings);
      const kinds = [
        ['pages', 'update'],
        ['users', 'update'],
        ['events', 'update'],
        ['bookings', 'status'],
        ['pages', 'create'],
      ] as const;
      const now = Date.now();
      await tx.runMany(
        ACTIVITY_INSERT,
        Array.from({ length: ROWS.activity }, (_, i) => {
          const [resource, action] = kinds[i % kinds.length],
            at = now - (ROWS.activity - i) * 60_000,
            who = i % 3;
          return [
            at,
            new Date(at).toISOString(),
            actors[who],
            ['Administrator', 'Edith Editor', 'Demo Organiser'][who],
            ['admin', 'editor', 'company'][who],
            who === 2 ? companyId : null,
            action,
            resource,
            1 + (i % 500),
            `Guide ${person(i)}`,
            '{"title":{"from":"Before","to":"After"}}',
            '127.0.0.1',
            'bench',
          ];
        }),
      );
    });
    // As autovacuum would have by then (bench/lists.ts does the same after its fill).
    await sql.run(sql.engine === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
    return await idsOf(sql, { support, editor, companyId, actors, events, photoEvents, participantEvents });
  } finally {
    await sql.close();
  }
}

/** The ids and counts the workload names, read back from the filled database. */
async function idsOf(
  sql: Sql,
  known: { support: number; editor: number; companyId: number; actors: number[]; events: number[]; photoEvents: number[]; participantEvents: number[] },
): Promise<Ids> {
  const n = async (q: string) => Number((await sql.get<{ n: number }>(q))!.n);
  const range = (await sql.get<{ lo: number; hi: number }>('SELECT MIN(id) AS lo, MAX(id) AS hi FROM pages'))!;
  const users = await sql.all<{ id: number; email: string }>("SELECT id, email FROM users WHERE email LIKE '%@bench.example' ORDER BY id LIMIT 500");
  const requested = (await sql.all<{ id: number }>("SELECT id FROM bookings WHERE email LIKE 'request%' ORDER BY id")).map((r) => Number(r.id));
  // The load client counts through the pool by id: it must have no gaps.
  if (requested.at(-1)! - requested[4] !== requested.length - 5) throw new Error('the Requested bookings of the pool do not have consecutive ids');
  return {
    pages: [Number(range.lo), Number(range.hi)],
    pageCount: await n('SELECT COUNT(*) AS n FROM pages'),
    users: users.map((u) => Number(u.id)),
    emails: Object.fromEntries(users.map((u) => [Number(u.id), u.email])),
    supportRole: known.support,
    editorRole: known.editor,
    userCount: await n('SELECT COUNT(*) AS n FROM users'),
    roleCount: await n('SELECT COUNT(*) AS n FROM roles'),
    permissionCount: await n('SELECT COUNT(*) AS n FROM permissions'),
    activityCount: await n('SELECT COUNT(*) AS n FROM activity'),
    actors: known.actors,
    companyId: known.companyId,
    events: known.events,
    photoEvents: known.photoEvents,
    participantEvents: known.participantEvents,
    bookings: [requested[4], requested[requested.length - 1]],
    captureBookings: requested.slice(0, 4),
  };
}
