import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser } from './organiser-fixtures.ts';

// Edits that cannot overwrite each other (docs/live.md): every record answer
// carries its version as ETag; a PUT or DELETE with a stale If-Match answers 412 with the record
// as it is and who changed it, and changes nothing; without If-Match the last save wins, as before.
let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const etag = (r: { headers: Headers }) => r.headers.get('etag');

test('a page carries its version as ETag; a stale If-Match answers 412 with the current page and who changed it, and changes nothing', async () => {
  const id = (await api.call('POST', 'page', { token: admin, form: { title: 'Opening hours', content: 'Nine to five' } })).body.data.id;
  const read = await api.call('GET', `page/${id}`, { token: admin });
  assert.is(etag(read), '"1"');
  // B saves first, with the version both read.
  const b = await api.call('PUT', `page/${id}`, { token: admin, form: { title: 'Opening hours', content: 'Eight to six' }, headers: { 'If-Match': '"1"' } });
  assert.is(b.status, 200, JSON.stringify(b.body));
  assert.is(etag(b), '"2"', 'the answer carries the new version');
  // A saves with the version it read: refused, with B's page and B's name.
  const a = await api.call('PUT', `page/${id}`, { token: admin, form: { title: 'Hours', content: 'Ten to four' }, headers: { 'If-Match': '"1"' } });
  assert.is(a.status, 412, JSON.stringify(a.body));
  assert.is(a.body.status, 'stale');
  assert.is(a.body.data.version, 2);
  assert.equal({ title: a.body.data.record.title, content: a.body.data.record.content }, { title: 'Opening hours', content: 'Eight to six' });
  assert.is(a.body.data.changed_by.name, 'Administrator');
  assert.ok(a.body.data.changed_by.at > Date.now() - 60_000);
  const now = await api.call('GET', `page/${id}`, { token: admin });
  assert.equal(now.body.data, { id, title: 'Opening hours', content: 'Eight to six' }, "A's save changed nothing");
  assert.is(etag(now), '"2"');
  // With the version the 412 named, A's save goes through.
  const again = await api.call('PUT', `page/${id}`, { token: admin, form: { title: 'Hours', content: 'Ten to four' }, headers: { 'If-Match': '"2"' } });
  assert.is(again.status, 200);
  assert.is(etag(again), '"3"');
  // No If-Match: today's behaviour (the last save wins), and the version still moves.
  const old = await api.call('PUT', `page/${id}`, { token: admin, form: { title: 'Old client', content: 'x' } });
  assert.is(old.status, 200);
  assert.is(etag(await api.call('GET', `page/${id}`, { token: admin })), '"4"');
  // A malformed If-Match names no version: 412.
  assert.is((await api.call('PUT', `page/${id}`, { token: admin, form: { title: 'x', content: 'x' }, headers: { 'If-Match': 'bogus' } })).status, 412);
  // Deletes: a stale one is refused and the page stays; the current one deletes it.
  const del = await api.call('DELETE', `page/${id}`, { token: admin, headers: { 'If-Match': '"3"' } });
  assert.is(del.status, 412);
  assert.is(del.body.data.record.title, 'Old client');
  assert.is((await api.call('GET', `page/${id}`, { token: admin })).status, 200, 'still there');
  assert.is((await api.call('DELETE', `page/${id}`, { token: admin, headers: { 'If-Match': '"4"' } })).status, 200);
  assert.is((await api.call('GET', `page/${id}`, { token: admin })).status, 404);
});

test('two saves of the same version at the same time: exactly one wins, the other answers 412', async () => {
  const id = (await api.call('POST', 'page', { token: admin, form: { title: 'Race', content: 'start' } })).body.data.id;
  for (let round = 1; round <= 5; round++) {
    const v = etag(await api.call('GET', `page/${id}`, { token: admin }))!;
    const answers = await Promise.all(
      ['one', 'two', 'three'].map((who) =>
        api.call('PUT', `page/${id}`, { token: admin, form: { title: 'Race', content: `${who} ${round}` }, headers: { 'If-Match': v } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.equal(statuses, [200, 412, 412], `round ${round}: ${statuses}`);
    const winner = answers.find((a) => a.status === 200)!;
    const stored = await api.call('GET', `page/${id}`, { token: admin });
    assert.is(stored.body.data.content, winner.body.data.content, 'the stored page is the one answered 200');
  }
});

test('users: ETag on the record, a stale If-Match answers 412 without secrets and keeps the user as it was', async () => {
  const created = await api.call('POST', 'user', {
    token: admin,
    form: { name: 'Versioned Vera', email: 'vera@example.com', password: 'Vera-pass-12', password_confirmation: 'Vera-pass-12', role: '1' },
  });
  const id = created.body.data.id;
  const v = etag(await api.call('GET', `user/${id}`, { token: admin }));
  assert.ok(v);
  assert.is(
    (await api.call('PUT', `user/${id}`, { token: admin, form: { name: 'Vera B', email: 'vera@example.com', role: '1' }, headers: { 'If-Match': v! } })).status,
    200,
  );
  const stale = await api.call('PUT', `user/${id}`, {
    token: admin,
    form: { name: 'Vera A', email: 'vera@example.com', role: '1' },
    headers: { 'If-Match': v! },
  });
  assert.is(stale.status, 412);
  assert.is(stale.body.data.record.name, 'Vera B');
  assert.not.ok('password_hash' in stale.body.data.record, 'no secret in the answer');
  assert.is((await api.call('GET', `user/${id}`, { token: admin })).body.data.name, 'Vera B');
});

test("organiser records: an event's and a booking's stale If-Match answers 412; another organiser still gets 403, not the record", async () => {
  const A = await makeOrganiser(api, 'Vers');
  const B = await makeOrganiser(api, 'Other');
  const v = etag(await api.call('GET', `event/${A.eventId}`, { token: A.token }));
  assert.is(v, '"1"');
  assert.is(
    (await api.call('PUT', `event/${A.eventId}`, { token: A.token, form: { title: 'First', description: 'one' }, headers: { 'If-Match': v! } })).status,
    200,
  );
  const stale = await api.call('PUT', `event/${A.eventId}`, { token: A.token, form: { title: 'Second', description: 'two' }, headers: { 'If-Match': v! } });
  assert.is(stale.status, 412);
  assert.is(stale.body.data.record.title, 'First');
  const other = await api.call('PUT', `event/${A.eventId}`, { token: B.token, form: { title: 'Theirs', description: 'x' }, headers: { 'If-Match': '"1"' } });
  assert.is(other.status, 403, 'scope before versions: nothing of the record is shown');
  const bv = etag(await api.call('GET', `organiser/booking/${A.bookingId}`, { token: A.token }));
  assert.is(bv, '"1"');
  const booked = await api.call('PUT', `organiser/booking/${A.bookingId}`, { token: A.token, form: { status: '1' }, headers: { 'If-Match': '"7"' } });
  assert.is(booked.status, 412);
});

test.run();
