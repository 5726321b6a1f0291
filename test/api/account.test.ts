import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';
import { PASSWORD_MESSAGE } from '../../src/common/password.ts';

// My account — name, change password, sessions.
let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after(async () => {
  await api.stop();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** Signs in as `email` and makes one call from `ua`, so the session learns its browser. */
async function signedIn(ua: string, email = ADMIN.email, password = ADMIN.password) {
  const token = await api.login(email, password);
  assert.is((await api.call('GET', 'user/get', { token, headers: { 'user-agent': ua } })).status, 200);
  return token;
}

test('GET/PUT account: name editable, e-mail read-only, no line breaks; needs a session', async () => {
  const token = await api.login();
  assert.equal((await api.call('GET', 'account', { token })).body.data, { id: 1, name: 'Administrator', email: ADMIN.email, organiser: false });
  const r = await api.call('PUT', 'account', { token, form: { name: 'Ada Admin', email: 'other@example.com' } });
  assert.is(r.status, 200);
  assert.equal(r.body.data, { id: 1, name: 'Ada Admin', email: ADMIN.email, organiser: false });
  assert.equal((await api.call('PUT', 'account', { token, form: { name: 'Ada\r\nBcc: x@example.org' } })).body.errors, {
    name: ['The name may not contain line breaks.'],
  });
  assert.equal((await api.call('PUT', 'account', { token, form: { name: ' ' } })).body.errors, { name: ['The name field is required.'] });
  assert.is((await api.call('GET', 'user/get', { token })).body.data.name, 'Ada Admin');
  assert.is((await api.call('GET', 'account')).status, 401);
  assert.is((await api.call('GET', 'account/sessions')).status, 401);
  await api.call('PUT', 'account', { token, form: { name: 'Administrator' } });
});

test('Sessions: each browser with its browser, OS, address and last use, this one marked; Sign out one; Sign out all other sessions', async () => {
  const a = await signedIn(FIREFOX);
  const b = await signedIn(CHROME_WIN);
  const c = await signedIn(CHROME_WIN);
  const list = (await api.call('GET', 'account/sessions', { token: a, headers: { 'user-agent': FIREFOX } })).body.data as {
    id: number;
    browser: string;
    os: string;
    ip: string;
    current: boolean;
    last_used_at: number;
  }[];
  const mine = list.filter((s) => s.current);
  assert.is(mine.length, 1);
  assert.equal([mine[0].browser, mine[0].os], ['Firefox 128', 'Linux']);
  assert.ok(list.some((s) => !s.current && s.browser === 'Chrome 126' && s.os === 'Windows'));
  assert.match(mine[0].ip, /127\.0\.0\.1/);
  assert.ok(Math.abs(mine[0].last_used_at - Date.now()) < 60_000);

  // One other session out: b. Someone else's or an unknown id: 404.
  const bId = (await api.call('GET', 'account/sessions', { token: b })).body.data.find((s: { current: boolean }) => s.current).id;
  assert.is((await api.call('DELETE', `account/sessions/${bId}`, { token: a })).status, 200);
  assert.is((await api.call('GET', 'user/get', { token: b })).status, 401);
  assert.is((await api.call('DELETE', `account/sessions/${bId}`, { token: a })).status, 404);
  assert.is((await api.call('DELETE', 'account/sessions/999999', { token: a })).status, 404);

  const r = await api.call('POST', 'account/sessions/others', { token: a });
  assert.is(r.status, 200);
  assert.ok(r.body.data.ended >= 1);
  assert.is((await api.call('GET', 'user/get', { token: c })).status, 401);
  assert.is((await api.call('GET', 'user/get', { token: a })).status, 200, 'this browser stays signed in');
  assert.equal(
    (await api.call('GET', 'account/sessions', { token: a })).body.data.map((s: { current: boolean }) => s.current),
    [true],
  );
});

test('Change password: asks for the current one, applies the rule, signs the other sessions out', async () => {
  const a = await signedIn(FIREFOX);
  const other = await signedIn(CHROME_WIN);
  const change = (form: Record<string, string>) => api.call('PUT', 'account/password', { token: a, form });
  assert.equal((await change({ current_password: 'wrong', password: 'Next-pass-123', password_confirmation: 'Next-pass-123' })).body.errors, {
    current_password: ['The current password is not right.'],
  });
  assert.equal((await change({ current_password: ADMIN.password, password: 'short', password_confirmation: 'short' })).body.errors, {
    password: [PASSWORD_MESSAGE],
  });
  assert.equal((await change({ current_password: ADMIN.password, password: 'Next-pass-123', password_confirmation: 'Next-pass-12' })).body.errors, {
    password_confirmation: ['The password confirmation does not match.'],
  });
  const ok = await change({ current_password: ADMIN.password, password: 'Next-pass-123', password_confirmation: 'Next-pass-123' });
  assert.is(ok.status, 200, JSON.stringify(ok.body));
  assert.is(ok.body.message, 'Your password was changed. Your other sessions were signed out.');
  assert.is((await api.call('GET', 'user/get', { token: other })).status, 401);
  assert.is((await api.call('GET', 'user/get', { token: a })).status, 200);
  assert.is((await api.call('POST', 'login', { form: { email: ADMIN.email, password: ADMIN.password } })).status, 401);
  assert.is((await change({ current_password: 'Next-pass-123', password: ADMIN.password, password_confirmation: ADMIN.password })).status, 200);
});

test('Change password is throttled per account', async () => {
  await api.sql.run('DELETE FROM login_throttle');
  api.config.linkLimits = { perAccount: 3, perAddress: 100, windowMs: 60_000 };
  try {
    const a = await api.login();
    const wrong = () =>
      api.call('PUT', 'account/password', { token: a, form: { current_password: 'wrong', password: 'Next-pass-123', password_confirmation: 'Next-pass-123' } });
    for (let i = 0; i < 3; i++) assert.is((await wrong()).status, 422);
    const r = await wrong();
    assert.is(r.status, 429);
    assert.is(r.body.message, 'Too many requests. Please try again in 1 minute.');
  } finally {
    api.config.linkLimits = undefined;
    await api.sql.run('DELETE FROM login_throttle');
  }
});

test('an organiser has My account too', async () => {
  const admin = await api.login();
  assert.is(
    (await api.call('POST', 'organiser', { token: admin, form: { name: 'Org Mine', email: 'org-mine@example.com', password: 'Passw0rd!x', status: '1' } }))
      .status,
    200,
  );
  const org = await signedIn(FIREFOX, 'org-mine@example.com', 'Passw0rd!x');
  const me = (await api.call('GET', 'account', { token: org })).body.data;
  assert.equal([me.email, me.organiser], ['org-mine@example.com', true]);
  assert.is((await api.call('GET', 'account/sessions', { token: org })).body.data.length, 1);
});

test.run();
