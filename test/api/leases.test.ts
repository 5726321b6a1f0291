import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { tokenFor } from './admin-helpers.ts';
import { makeOrganiser } from './organiser-fixtures.ts';
import { openStream } from './sse-client.ts';

// Edit leases (docs/live.md "Who is editing"): an open edit form holds its record's lease; another
// editor sees who holds it and since when, may take it over (the first editor hears of it on the
// change stream at once, and their next renewal is refused), and a lease nobody renews ends on its
// own. Only those who may edit the record lease it or see who holds it.
let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const TOKEN_A = 'form-a-0123456789abcdef';
const TOKEN_B = 'form-b-0123456789abcdef';

async function newUser(name: string) {
  const r = await api.call('POST', 'user', {
    token: admin,
    form: {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      password: 'Lease-pass-123',
      password_confirmation: 'Lease-pass-123',
      role: '1',
    },
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body.data.id as number;
}

test('a lease is taken and renewed; another editor sees who holds it and since when, and cannot take it without taking over', async () => {
  const id = await newUser('Leased Lena');
  const editor = await tokenFor(api, admin, ['users']);
  const before = Date.now();
  const a = await api.call('PUT', `leases/users/${id}`, { token: admin, form: { token: TOKEN_A } });
  assert.is(a.status, 200, JSON.stringify(a.body));
  assert.is(a.body.data.lease.name, 'Administrator');
  assert.is(a.body.data.lease.own_user, true);
  assert.is(a.body.data.taken_from, null);
  const since = a.body.data.lease.since as number;
  assert.ok(since >= before - 5_000 && since <= Date.now() + 5_000, 'since is now');
  assert.ok(a.body.data.lease.expires_at - since >= 100_000 && a.body.data.lease.expires_at - since <= 130_000, 'about two minutes');

  // B sees A's name and since when.
  const seen = await api.call('GET', `leases/users/${id}`, { token: editor.token });
  assert.is(seen.status, 200);
  assert.equal(
    { name: seen.body.data.holder.name, since: seen.body.data.holder.since, own: seen.body.data.holder.own_user },
    { name: 'Administrator', since, own: false },
  );
  // B's own take is refused with the holder.
  const refused = await api.call('PUT', `leases/users/${id}`, { token: editor.token, form: { token: TOKEN_B } });
  assert.is(refused.status, 409, JSON.stringify(refused.body));
  assert.is(refused.body.data.holder.name, 'Administrator');
  assert.not.match(JSON.stringify(refused.body), TOKEN_A, "the holder's token is never told");
  assert.is(refused.body.code, 'error.leaseHeld');
  assert.is(refused.body.message, 'Being edited by Administrator.');
  // The refusal in the reader's language, with the same code.
  const fr = await api.call('PUT', `leases/users/${id}`, { token: editor.token, form: { token: TOKEN_B }, headers: { 'accept-language': 'fr' } });
  assert.is(fr.status, 409);
  assert.is(fr.body.code, 'error.leaseHeld');
  assert.is(fr.body.message, 'En cours de modification par Administrator.');

  // A renews: same since, later expiry.
  await api.sql.run('UPDATE record_leases SET expires_at = expires_at - 60000 WHERE record_id = ?', [id]);
  const renewed = await api.call('PUT', `leases/users/${id}`, { token: admin, form: { token: TOKEN_A } });
  assert.is(renewed.status, 200);
  assert.is(renewed.body.data.lease.since, since, 'a renewal keeps since');
  assert.ok(renewed.body.data.lease.expires_at > Date.now() + 100_000, 'renewed for two minutes');
  // The lease changes no version: the record's ETag stays.
  assert.is((await api.call('GET', `user/${id}`, { token: admin })).headers.get('etag'), '"1"');

  // A closes the form: the lease is free, and B takes it.
  assert.is((await api.call('DELETE', `leases/users/${id}?token=${TOKEN_A}`, { token: admin })).status, 200);
  assert.is((await api.call('GET', `leases/users/${id}`, { token: editor.token })).body.data.holder, null);
  assert.is((await api.call('PUT', `leases/users/${id}`, { token: editor.token, form: { token: TOKEN_B } })).status, 200);
  // Someone else's token releases nothing.
  await api.call('DELETE', `leases/users/${id}?token=${TOKEN_A}`, { token: admin });
  assert.is((await api.call('GET', `leases/users/${id}`, { token: admin })).body.data.holder.name, await userName(editor.userId));
});

const userName = async (id: number) => String((await api.sql.get<{ name: string }>('SELECT name FROM users WHERE id = ?', [id]))!.name);

test('a take-over tells the first editor at once on the change stream, and their next renewal is refused with the new holder', async () => {
  const id = await newUser('Taken Tom');
  const editor = await tokenFor(api, admin, ['users']);
  const editorName = await userName(editor.userId);
  assert.is((await api.call('PUT', `leases/users/${id}`, { token: admin, form: { token: TOKEN_A } })).status, 200);
  const stream = await openStream(api.url, admin);
  try {
    await new Promise((r) => setTimeout(r, 600)); // the feed knows where it reads from
    const took = await api.call('PUT', `leases/users/${id}`, { token: editor.token, form: { token: TOKEN_B, take_over: '1' } });
    assert.is(took.status, 200, JSON.stringify(took.body));
    assert.is(took.body.data.taken_from, 'Administrator');
    assert.is(took.body.data.lease.name, editorName);
    const heard = await stream.next((e) => e.event === 'change' && e.data.resource === 'users' && e.data.id === id, 5_000);
    assert.equal({ action: heard.data.action, by: heard.data.by }, { action: 'take_over', by: editorName });
    // A's renewal: refused, naming who took it.
    const renew = await api.call('PUT', `leases/users/${id}`, { token: admin, form: { token: TOKEN_A } });
    assert.is(renew.status, 409);
    assert.is(renew.body.data.holder.name, editorName);
    // The take-over is in the record's history, and the record's version did not move.
    const row = await api.sql.get<{ changes: string }>("SELECT changes FROM activity WHERE resource = 'users' AND resource_id = ? AND action = 'take_over'", [
      id,
    ]);
    assert.equal(JSON.parse(row!.changes), { editor: { from: 'Administrator', to: editorName } });
    assert.is((await api.call('GET', `user/${id}`, { token: admin })).headers.get('etag'), '"1"');
  } finally {
    stream.close();
  }
});

test('a lease nobody renews ends on its own: the holder is gone and another editor takes it without taking over', async () => {
  const id = await newUser('Expired Eva');
  const editor = await tokenFor(api, admin, ['users']);
  assert.is((await api.call('PUT', `leases/users/${id}`, { token: admin, form: { token: TOKEN_A } })).status, 200);
  // Two minutes and more pass without a renewal (the tab closed, its process died).
  await api.sql.run('UPDATE record_leases SET since = since - 200000, expires_at = expires_at - 200000 WHERE record_id = ?', [id]);
  assert.is((await api.call('GET', `leases/users/${id}`, { token: editor.token })).body.data.holder, null);
  const b = await api.call('PUT', `leases/users/${id}`, { token: editor.token, form: { token: TOKEN_B } });
  assert.is(b.status, 200);
  assert.is(b.body.data.taken_from, null, 'an expired lease is no take-over');
  assert.ok(b.body.data.lease.since > Date.now() - 10_000, 'a new lease');
  assert.not.ok(await api.sql.get("SELECT id FROM activity WHERE resource = 'users' AND resource_id = ? AND action = 'take_over'", [id]));
  // The late renewal of the expired one is refused.
  assert.is((await api.call('PUT', `leases/users/${id}`, { token: admin, form: { token: TOKEN_A } })).status, 409);
});

test('two editors taking a free record at once: exactly one holds it, the other is told who', async () => {
  const id = await newUser('Raced Rita');
  const editor = await tokenFor(api, admin, ['users']);
  for (let round = 0; round < 3; round++) {
    await api.sql.run('DELETE FROM record_leases WHERE record_id = ?', [id]);
    const answers = await Promise.all([
      api.call('PUT', `leases/users/${id}`, { token: admin, form: { token: TOKEN_A } }),
      api.call('PUT', `leases/users/${id}`, { token: editor.token, form: { token: TOKEN_B } }),
    ]);
    assert.equal(answers.map((a) => a.status).sort(), [200, 409], `round ${round}`);
    const won = answers.find((a) => a.status === 200)!;
    const lost = answers.find((a) => a.status === 409)!;
    assert.is(lost.body.data.holder.name, won.body.data.lease.name);
  }
});

test('only those who may edit the record lease it or see who holds it', async () => {
  const id = await newUser('Guarded Gus');
  assert.is((await api.call('PUT', `leases/users/${id}`, { token: admin, form: { token: TOKEN_A } })).status, 200);
  // Pages staff (no Users screen), and Users staff who may only view: 403 for both, nothing told.
  const pagesOnly = await tokenFor(api, admin, ['pages']);
  const viewer = await tokenFor(api, admin, ['users'], [], ['users.view']);
  for (const who of [pagesOnly, viewer]) {
    const seen = await api.call('GET', `leases/users/${id}`, { token: who.token });
    assert.is(seen.status, 403, JSON.stringify(seen.body));
    assert.not.match(JSON.stringify(seen.body), 'Administrator');
    assert.is((await api.call('PUT', `leases/users/${id}`, { token: who.token, form: { token: TOKEN_B, take_over: '1' } })).status, 403);
  }
  // An organiser's user: no admin records at all.
  const org = await makeOrganiser(api, 'LeaseOrgA', 0);
  assert.is((await api.call('GET', `leases/users/${id}`, { token: org.token })).status, 403);
  assert.is(
    (await api.sql.get<{ user_name: string }>('SELECT user_name FROM record_leases WHERE record_id = ? AND resource = ?', [id, 'users']))!.user_name,
    'Administrator',
  );
  // Not a leased resource, or no such record: 404. A malformed token: 422.
  assert.is((await api.call('GET', 'leases/settings/1', { token: admin })).status, 404);
  assert.is((await api.call('GET', 'leases/users/99999', { token: admin })).status, 404);
  assert.is((await api.call('PUT', `leases/users/${id}`, { token: admin, form: { token: 'short' } })).status, 422);
});

test("an organiser's records: its team leases them; another organiser gets 403 and learns nothing, its stream hears nothing", async () => {
  const a = await makeOrganiser(api, 'LeaseOrgB', 0);
  const b = await makeOrganiser(api, 'LeaseOrgC', 0);
  const taken = await api.call('PUT', `leases/events/${a.eventId}`, { token: a.token, form: { token: TOKEN_A } });
  assert.is(taken.status, 200, JSON.stringify(taken.body));
  const otherStream = await openStream(api.url, b.token);
  const ownStream = await openStream(api.url, a.token);
  try {
    await new Promise((r) => setTimeout(r, 600));
    for (const [method, path] of [
      ['GET', `leases/events/${a.eventId}`],
      ['PUT', `leases/events/${a.eventId}`],
      ['DELETE', `leases/events/${a.eventId}?token=${TOKEN_A}`],
      ['GET', `leases/bookings/${a.bookingId}`],
    ] as const) {
      const r = await api.call(method, path, { token: b.token, form: method === 'PUT' ? { token: TOKEN_B, take_over: '1' } : undefined });
      assert.is(r.status, 403, `${method} ${path}: ${JSON.stringify(r.body)}`);
      assert.not.match(JSON.stringify(r.body), 'LeaseOrgB');
    }
    assert.ok((await api.call('GET', `leases/events/${a.eventId}`, { token: a.token })).body.data.holder, "A's lease stands");
    // Staff with the Organizers screen take it over: A's stream hears it, B's does not.
    const took = await api.call('PUT', `leases/events/${a.eventId}`, { token: admin, form: { token: TOKEN_B, take_over: '1' } });
    assert.is(took.status, 200);
    const heard = await ownStream.next((e) => e.event === 'change' && e.data.resource === 'events' && e.data.action === 'take_over', 5_000);
    assert.is(heard.data.id, a.eventId);
    await new Promise((r) => setTimeout(r, 1_000));
    assert.not.ok(
      otherStream.events.some((e) => e.event === 'change' && e.data.resource === 'events'),
      'another organiser hears nothing',
    );
  } finally {
    otherStream.close();
    ownStream.close();
  }
});

test.run();
