import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, type TestOrganiser } from './organiser-fixtures.ts';

let api: TestApi;
let A: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  A = await makeOrganiser(api, 'Evt', 2);
});
test.after(async () => {
  await api.stop();
});

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const form = (o: Record<string, string> = {}) => ({
  title: 'Spring Run',
  description: 'Ten km',
  start_date: '2031-04-01',
  end_date: '2031-04-02',
  organizer_id: String(A.companyId),
  event_logo: ' ',
  ...o,
});

test('creating an event without a logo (a single space) stores it and lists it', async () => {
  const r = await api.call('POST', 'event', { token: A.token, form: form() });
  assert.is(r.status, 200);
  assert.is(r.body.data.logo, '');
  const list = await api.call('GET', `event?organizer_id=${A.companyId}&page=1`, { token: A.token });
  assert.ok(list.body.data.data.some((e: { id: number; title: string }) => e.id === r.body.data.id && e.title === 'Spring Run'));
  assert.equal(Object.keys(list.body.data).sort(), ['current_page', 'data', 'last_page', 'per_page', 'total']);
});

test('a PNG logo is stored under uploads and served back', async () => {
  const r = await api.call('POST', 'event', { token: A.token, form: form({ event_logo: PNG }) });
  assert.match(r.body.data.logo, /^\/uploads\/events\/[\w-]+\.png$/);
  const file = await fetch(`${api.url}${r.body.data.logo}`);
  assert.is(file.status, 200);
  assert.is(file.headers.get('content-type'), 'image/png');
  assert.is(file.headers.get('cache-control'), 'public, max-age=86400');
});

test('a logo that is not an image by content is refused and no event is written', async () => {
  const before = (await api.call('GET', `event?organizer_id=${A.companyId}`, { token: A.token })).body.data.total;
  const fake = `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`;
  const r = await api.call('POST', 'event', { token: A.token, form: form({ event_logo: fake }) });
  assert.is(r.status, 422);
  assert.ok(r.body.errors.event_logo);
  assert.is((await api.call('GET', `event?organizer_id=${A.companyId}`, { token: A.token })).body.data.total, before);
});

test('title and dates are validated: empty title, bad date, end before start', async () => {
  const t = A.token;
  assert.ok((await api.call('POST', 'event', { token: t, form: form({ title: ' ' }) })).body.errors.title);
  assert.ok((await api.call('POST', 'event', { token: t, form: form({ start_date: '2031-02-30' }) })).body.errors.start_date);
  assert.ok((await api.call('POST', 'event', { token: t, form: form({ start_date: '2031-05-02', end_date: '2031-05-01' }) })).body.errors.end_date);
});

test('GET event/{id} answers the detail and PUT updates title and description', async () => {
  const g = await api.call('GET', `event/${A.eventId}`, { token: A.token });
  assert.is(g.body.data.title, 'Event of Evt');
  const u = await api.call('PUT', `event/${A.eventId}`, { token: A.token, form: { title: 'Renamed', description: 'New words' } });
  assert.is(u.status, 200);
  const after = (await api.call('GET', `event/${A.eventId}`, { token: A.token })).body.data;
  assert.is(after.title, 'Renamed');
  assert.is(after.description, 'New words');
});

test('PUT event/{id} changes the dates and the logo; the old logo file goes; bad dates change nothing', async () => {
  const made = await api.call('POST', 'event', { token: A.token, form: form({ title: 'Dated Run', event_logo: PNG }) });
  const id = made.body.data.id;
  const oldLogo = made.body.data.logo;
  const u = await api.call('PUT', `event/${id}`, {
    token: A.token,
    form: { title: 'Dated Run', description: '', start_date: '2031-05-10', end_date: '2031-05-12', event_logo: PNG },
  });
  assert.is(u.status, 200, JSON.stringify(u.body));
  const after = (await api.call('GET', `event/${id}`, { token: A.token })).body.data;
  assert.equal([after.start_date, after.end_date], ['2031-05-10', '2031-05-12']);
  assert.is.not(after.logo, oldLogo);
  assert.is((await fetch(`${api.url}${after.logo}`)).status, 200);
  assert.is((await fetch(`${api.url}${oldLogo}`)).status, 404, 'the old logo is gone');
  const kept = await api.call('PUT', `event/${id}`, { token: A.token, form: { title: 'Dated Run', event_logo: ' ' } });
  assert.equal([kept.body.data.start_date, kept.body.data.logo], ['2031-05-10', after.logo], 'no dates and a blank logo keep both');
  const bad = await api.call('PUT', `event/${id}`, { token: A.token, form: { title: 'Dated Run', start_date: '2031-05-10', end_date: '2031-05-01' } });
  assert.is(bad.status, 422);
  assert.ok(bad.body.errors.end_date);
  const half = await api.call('PUT', `event/${id}`, { token: A.token, form: { title: 'Dated Run', start_date: '2031-05-10' } });
  assert.ok(half.body.errors?.end_date, 'a start without an end is refused');
  assert.is((await api.call('GET', `event/${id}`, { token: A.token })).body.data.end_date, '2031-05-12');
});

test('deleteEvent removes the event and its photos with the spec message', async () => {
  const { id } = (await api.call('POST', 'event', { token: A.token, form: form({ title: 'Doomed' }) })).body.data;
  await api.sql.run(
    "INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, orientation) VALUES (?, '1', 'https://a/1', 'https://a/2', 'portrait')",
    [id],
  );
  const r = await api.call('PUT', 'deleteEvent', { token: A.token, form: { event_id: String(id) } });
  assert.is(r.body.message, 'Event deleted successfully');
  assert.is((await api.call('GET', `event/${id}`, { token: A.token })).status, 404);
  assert.is(Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [id]))!.n), 0);
});

test('events are 10 a page', async () => {
  for (let i = 0; i < 12; i++) await api.call('POST', 'event', { token: A.token, form: form({ title: `Bulk ${i}` }) });
  const p1 = (await api.call('GET', `event?organizer_id=${A.companyId}&page=1`, { token: A.token })).body.data;
  assert.is(p1.data.length, 10);
  assert.is(p1.last_page, Math.ceil(p1.total / 10));
});

test.run();
