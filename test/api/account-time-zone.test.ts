import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';

// The user's time zone (docs/languages.md "Formats"): saved with the user, so a sign-in from any
// browser reads it; only names Intl knows, stored as Intl writes them; the change is in the activity log.
let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after(async () => {
  await api.stop();
});

const signIn = async () => (await api.call('POST', 'login', { form: { email: ADMIN.email, password: ADMIN.password } })).body.data;

test("a new user has no time zone: the browser's decides", async () => {
  const token = await api.login();
  const r = await api.call('GET', 'account/time-zone', { token });
  assert.is(r.status, 200);
  assert.equal(r.body.data, { time_zone: '' });
  assert.is((await api.call('GET', 'account/time-zone')).status, 401);
  assert.is((await signIn()).time_zone, '');
});

test('the chosen time zone is kept with the user as Intl names it and read by a later session (another browser)', async () => {
  const first = await api.login();
  const saved = await api.call('PUT', 'account/time-zone', { token: first, form: { time_zone: 'asia/tokyo' } });
  assert.is(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body.data, { time_zone: 'Asia/Tokyo' });
  const later = await signIn();
  assert.is(later.time_zone, 'Asia/Tokyo', 'the sign-in answer carries the saved time zone');
  assert.equal((await api.call('GET', 'account/time-zone', { token: later.token })).body.data, { time_zone: 'Asia/Tokyo' });
  const rows = await api.sql.all<{ changes: string }>("SELECT changes FROM activity WHERE resource = 'users' AND action = 'update' ORDER BY id DESC");
  assert.ok(rows[0]?.changes.includes('"time_zone"'), `the change is in the activity log: ${rows[0]?.changes}`);
  // '' forgets the choice.
  assert.equal((await api.call('PUT', 'account/time-zone', { token: later.token, form: { time_zone: '' } })).body.data, { time_zone: '' });
  assert.equal((await api.call('GET', 'account/time-zone', { token: first })).body.data, { time_zone: '' });
});

test("a name Intl does not know, an offset or an overlong value is refused in the caller's language; nothing is stored", async () => {
  const token = await api.login();
  await api.call('PUT', 'account/time-zone', { token, form: { time_zone: 'Europe/Paris' } });
  for (const time_zone of ['Mars/Olympus', '+05:00', 'x'.repeat(5000), '../etc/passwd']) {
    const r = await api.call('PUT', 'account/time-zone', { token, form: { time_zone } });
    assert.is(r.status, 422, time_zone);
    assert.ok(r.body.errors.time_zone, JSON.stringify(r.body));
  }
  const fr = await api.call('PUT', 'account/time-zone', { token, form: { time_zone: 'Mars/Olympus' }, headers: { 'Accept-Language': 'fr' } });
  assert.equal(fr.body.errors.time_zone, ['Le fuseau horaire doit être un nom de fuseau connu, comme Europe/London.']);
  assert.equal(fr.body.error_codes.time_zone, ['validation.timeZone']);
  assert.equal((await api.call('GET', 'account/time-zone', { token })).body.data, { time_zone: 'Europe/Paris' });
});

test.run();
