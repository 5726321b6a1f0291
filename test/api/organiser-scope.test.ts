import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';

let api: TestApi;
let A: TestOrganiser, B: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  A = await makeOrganiser(api, 'Alpha');
  B = await makeOrganiser(api, 'Bravo');
});
test.after(async () => {
  await api.stop();
});

/** Refused, and nothing of B in the answer. */
function refused(r: { status: number; body: any }, what: string) {
  assert.ok(r.status === 403 || r.status === 404, `${what}: expected 403/404, got ${r.status} ${JSON.stringify(r.body)}`);
  assert.is(r.body.data, null, what);
  assert.not.match(JSON.stringify(r.body), /Bravo/, `${what} leaks B's data`);
}
const count = async (q: string, p: number[]) => Number((await api.sql.get<{ n: number }>(q, p))!.n);

test('organiser A can read its own resources (the scope check is not a blanket refusal)', async () => {
  const t = A.token;
  assert.is((await api.call('GET', `holiday/${A.companyId}`, { token: t })).status, 200);
  assert.is((await api.call('GET', `organiser/bookings?company_id=${A.companyId}`, { token: t })).status, 200);
  assert.is((await api.call('GET', `organiser/booking/${A.bookingId}`, { token: t })).status, 200);
  assert.is((await api.call('GET', `event?organizer_id=${A.companyId}`, { token: t })).status, 200);
  assert.is((await api.call('GET', `event/${A.eventId}`, { token: t })).status, 200);
  assert.is((await api.call('GET', `getPhotosByEventId?event_id=${A.eventId}&page=1&pageCount=10`, { token: t })).status, 200);
  assert.is((await api.call('GET', `organiser-dashboard/${A.companyId}`, { token: t })).status, 200);
});

test('A reading B by a company id in the path or query is refused without B data', async () => {
  const t = A.token;
  refused(await api.call('GET', `holiday/${B.companyId}`, { token: t }), 'holiday/{B}');
  refused(await api.call('GET', `organiser/holiday/${B.companyId}`, { token: t }), 'organiser/holiday/{B}');
  refused(await api.call('GET', `organiser/bookings?company_id=${B.companyId}`, { token: t }), 'bookings?company_id=B');
  refused(await api.call('GET', `event?organizer_id=${B.companyId}&page=1`, { token: t }), 'event?organizer_id=B');
  refused(await api.call('GET', `organiser-dashboard/${B.companyId}`, { token: t }), 'dashboard/{B}');
});

test('A reading B by a booking, event or event_id is refused without B data', async () => {
  const t = A.token;
  refused(await api.call('GET', `organiser/booking/${B.bookingId}`, { token: t }), 'booking/{B}');
  refused(await api.call('GET', `event/${B.eventId}`, { token: t }), 'event/{B}');
  refused(await api.call('GET', `getPhotosByEventId?event_id=${B.eventId}&page=1&pageCount=10`, { token: t }), 'photos of B');
});

test('A changing B by any id in path or body is refused and B is unchanged', async () => {
  const t = A.token;
  refused(await api.call('PUT', 'holiday', { token: t, form: { company_id: String(B.companyId), days: '[1,2,3]' } }), 'PUT holiday B');
  refused(await api.call('POST', 'organiser/holiday', { token: t, form: { company_id: String(B.companyId), days: '[1]' } }), 'POST organiser/holiday B');
  assert.is(await count('SELECT COUNT(*) AS n FROM company_days WHERE company_id = ?', [B.companyId]), 0);

  refused(await api.call('PUT', `organiser/booking/${B.bookingId}`, { token: t, form: { status: '1' } }), 'accept B booking');
  assert.is(await count('SELECT status AS n FROM bookings WHERE id = ?', [B.bookingId]), 0);

  refused(
    await api.call('POST', 'event', {
      token: t,
      form: { title: 'Planted', description: '', start_date: '2030-01-01', end_date: '2030-01-01', organizer_id: String(B.companyId), event_logo: ' ' },
    }),
    'create event for B',
  );
  assert.is(await count("SELECT COUNT(*) AS n FROM events WHERE title = 'Planted'", []), 0);

  refused(await api.call('PUT', `event/${B.eventId}`, { token: t, form: { title: 'Hijacked', description: '' } }), 'edit B event');
  refused(await api.call('PUT', 'deleteEvent', { token: t, form: { event_id: String(B.eventId) } }), 'delete B event');
  refused(await api.call('POST', 'deleteEvent', { token: t, form: { event_id: String(B.eventId) } }), 'delete B event (POST)');
  assert.is((await api.sql.get<{ title: string }>('SELECT title FROM events WHERE id = ?', [B.eventId]))!.title, 'Event of Bravo');

  const before = await count('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [B.eventId]);
  refused(
    await api.call('POST', 'uploadExcel', {
      token: t,
      form: { event_id: String(B.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv([goodRow(1)])) },
    }),
    'upload to B',
  );
  refused(await api.call('POST', 'deleteEventPhotos', { token: t, form: { event_id: String(B.eventId) } }), 'clear B photos');
  assert.is(await count('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [B.eventId]), before);
});

test('an admin reaches any organiser', async () => {
  const admin = await api.login();
  const r = await api.call('GET', `event?organizer_id=${B.companyId}`, { token: admin });
  assert.is(r.status, 200);
  assert.is(r.body.data.data[0].title, 'Event of Bravo');
  assert.is((await api.call('GET', `organiser/bookings?company_id=${B.companyId}`, { token: admin })).body.data.total, 1);
});

test('every organiser call needs a signed-in user', async () => {
  for (const [m, p] of [
    ['GET', `holiday/${A.companyId}`],
    ['GET', `organiser/bookings?company_id=${A.companyId}`],
    ['GET', `event?organizer_id=${A.companyId}`],
    ['GET', `getPhotosByEventId?event_id=${A.eventId}`],
    ['POST', 'deleteEventPhotos'],
    ['GET', `organiser-dashboard/${A.companyId}`],
  ] as const) {
    assert.is((await api.call(m, p)).status, 401, `${m} ${p}`);
  }
});

test.run();
