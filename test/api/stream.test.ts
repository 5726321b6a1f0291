import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { tokenFor } from './admin-helpers.ts';
import { makeOrganiser } from './organiser-fixtures.ts';
import { openStream, type SseEvent } from './sse-client.ts';

// The change stream (docs/live.md): GET /api/stream sends what changed in what
// the signed-in user may read, with event ids, replays after Last-Event-ID, and closes when its
// session ends. Two processes on PostgreSQL: stream-two-processes.test.ts.
let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const isChange = (resource: string, id?: number) => (e: SseEvent) =>
  e.event === 'change' && e.data.resource === resource && (id === undefined || e.data.id === id);
const newPage = async (title: string) => (await api.call('POST', 'page', { token: admin, form: { title, content: 'x' } })).body.data.id as number;

test('a change arrives as an event with an id, the record, the action, its version and who made it; the stream starts with retry', async () => {
  const s = await openStream(api.url, admin);
  try {
    assert.is(s.res.status, 200);
    assert.ok(s.res.headers.get('content-type')?.startsWith('text/event-stream'));
    const id = await newPage('Streamed');
    const created = await s.next(isChange('pages', id));
    assert.equal(created.data, { resource: 'pages', id, action: 'create', version: 1, by: 'Administrator', organiser: null, parent: null });
    assert.match(created.id!, /^\d+$/);
    await api.call('PUT', `page/${id}`, { token: admin, form: { title: 'Streamed again', content: 'y' } });
    const updated = await s.next(isChange('pages', id));
    assert.equal(updated.data, { resource: 'pages', id, action: 'update', version: 2, by: 'Administrator', organiser: null, parent: null });
    assert.ok(Number(updated.id) > Number(created.id));
    assert.match(s.raw[0], /^retry: \d+$/);
  } finally {
    s.close();
  }
});

test('a user without the Users screen gets page events but no user events', async () => {
  const { token } = await tokenFor(api, admin, ['pages']);
  const staff = await openStream(api.url, token);
  const all = await openStream(api.url, admin);
  try {
    const user = await api.call('POST', 'user', {
      token: admin,
      form: { name: 'Hidden Hal', email: 'hal@example.com', password: 'Hal-pass-123', password_confirmation: 'Hal-pass-123', role: '1' },
    });
    await all.next(isChange('users', user.body.data.id));
    const page = await newPage('After the user');
    await staff.next(isChange('pages', page));
    assert.not.ok(
      staff.events.some((e) => e.data?.resource === 'users'),
      'no user event',
    );
  } finally {
    staff.close();
    all.close();
  }
});

test("an organiser gets its own bookings' events and none of another organiser's", async () => {
  const A = await makeOrganiser(api, 'StreamA', 0);
  const B = await makeOrganiser(api, 'StreamB', 0);
  const a = await openStream(api.url, A.token);
  const b = await openStream(api.url, B.token);
  const staff = await openStream(api.url, admin);
  try {
    assert.is((await api.call('PUT', `organiser/booking/${A.bookingId}`, { token: A.token, form: { status: '1' } })).status, 200);
    const mine = await a.next(isChange('bookings', A.bookingId));
    assert.equal({ action: mine.data.action, version: mine.data.version }, { action: 'status', version: 2 });
    await staff.next(isChange('bookings', A.bookingId));
    assert.is((await api.call('PUT', `organiser/booking/${B.bookingId}`, { token: B.token, form: { status: '1' } })).status, 200);
    await b.next(isChange('bookings', B.bookingId));
    assert.not.ok(
      b.events.some((e) => e.data?.id === A.bookingId && e.data?.resource === 'bookings'),
      "B saw nothing of A's booking",
    );
    assert.not.ok(
      a.events.some((e) => e.data?.id === B.bookingId && e.data?.resource === 'bookings'),
      "A saw nothing of B's booking",
    );
    // A participant's change names its event (parent) and organiser.
    const added = await api.call('POST', `event/${A.eventId}/participant`, {
      token: A.token,
      form: { bib_number: '17', name: 'Streamed Sam', face_consent: 'no' },
    });
    assert.is(added.status, 200, JSON.stringify(added.body));
    const joined = await a.next(isChange('participants', added.body.data.id));
    assert.equal(
      { action: joined.data.action, parent: joined.data.parent, organiser: joined.data.organiser },
      { action: 'create', parent: A.eventId, organiser: A.companyId },
    );
    const admins = await newPage('Not for organisers');
    await staff.next(isChange('pages', admins));
    await new Promise((r) => setTimeout(r, 1000));
    assert.not.ok(
      a.events.some((e) => e.data?.resource === 'pages'),
      'organisers get no admin screen events',
    );
  } finally {
    a.close();
    b.close();
    staff.close();
  }
});

test('a reconnect with Last-Event-ID gets what it missed; one too old gets reload', async () => {
  const s = await openStream(api.url, admin);
  const first = await newPage('Before the drop');
  const seen = await s.next(isChange('pages', first));
  s.close();
  await s.closed;
  const missed = [await newPage('Missed one'), await newPage('Missed two')];
  const again = await openStream(api.url, admin, seen.id);
  try {
    assert.equal((await again.next(isChange('pages', missed[0]))).data.action, 'create');
    await again.next(isChange('pages', missed[1]));
    const later = await newPage('Live again');
    await again.next(isChange('pages', later));
    assert.is(again.events.filter((e) => e.data?.id === first).length, 0, 'what it had is not sent again');
  } finally {
    again.close();
  }
  const unknown = await openStream(api.url, admin, '999999999');
  try {
    await unknown.next((e) => e.event === 'reload');
  } finally {
    unknown.close();
  }
});

test("a signed-out session's stream closes", async () => {
  const token = await api.login();
  const s = await openStream(api.url, token);
  await api.call('POST', 'logout', { token });
  const end = await s.next((e) => e.event === 'end', 10_000);
  assert.equal(end.data, { reason: 'signed-out' });
  await s.closed;
  assert.is((await openStream(api.url, token)).res.status, 401, 'and it cannot be opened again');
});

test('without a session: 401; a GET that does not accept events: 406 (an answer that ends)', async () => {
  const r = await fetch(`${api.url}/api/stream`, { headers: { Accept: 'text/event-stream' } });
  assert.is(r.status, 401);
  await r.body?.cancel();
  const json = await api.call('GET', 'stream', { token: admin });
  assert.is(json.status, 406);
  assert.ok(testEngine);
});

test.run();
