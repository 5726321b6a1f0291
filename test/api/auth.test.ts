import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';
import { sha256 } from '../../server/lib/auth/passwords.ts';

let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after(async () => {
  await api.stop();
});

test('login with the seeded admin answers the envelope with token, role and id', async () => {
  const r = await api.call('POST', 'login', { form: { email: ADMIN.email, password: ADMIN.password } });
  assert.is(r.status, 200);
  assert.is(r.body.status, 'success');
  assert.type(r.body.data.token, 'string');
  assert.is(r.body.data.role, 'admin');
  assert.type(r.body.data.id, 'number');
});

test('a wrong password is refused with 401 and no token', async () => {
  const r = await api.call('POST', 'login', { form: { email: ADMIN.email, password: 'nope' } });
  assert.is(r.status, 401);
  assert.is(r.body.status, 'error');
  assert.is(r.body.data, null);
});

test('missing email and password answer validation_error with the errors map', async () => {
  const r = await api.call('POST', 'login', { form: {} });
  assert.is(r.status, 422);
  assert.is(r.body.status, 'validation_error');
  assert.equal(Object.keys(r.body.errors).sort(), ['email', 'password']);
  assert.ok(Array.isArray(r.body.errors.email) && r.body.errors.email[0].includes('required'));
});

test('the eleventh failed attempt at one account is answered 429 with Retry-After, even with the right password', async () => {
  const email = 'throttle@example.com';
  for (let i = 0; i < 10; i++) assert.is((await api.call('POST', 'login', { form: { email, password: 'bad' } })).status, 401);
  const eleventh = await api.call('POST', 'login', { form: { email, password: 'bad' } });
  assert.is(eleventh.status, 429);
  assert.is(eleventh.body.status, 'throttled');
  // The account's window is 15 minutes from its first failure.
  const wait = Number(eleventh.headers.get('retry-after'));
  assert.ok(wait > 14 * 60 && wait <= 15 * 60, `Retry-After ${wait}`);
  assert.is(eleventh.body.message, `Too many login attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`);
  // Throttling is per account (and per address, whose 20 a minute this stays under): the admin can still sign in.
  assert.is((await api.call('POST', 'login', { form: { email: ADMIN.email, password: ADMIN.password } })).status, 200);
});

test('a call without a token is 401 with status error', async () => {
  const r = await api.call('GET', 'user/get');
  assert.is(r.status, 401);
  assert.is(r.body.status, 'error');
});

test('an expired token is 401', async () => {
  const token = await api.login();
  await api.sql.run('UPDATE tokens SET expires_at = ? WHERE token_hash = ?', [Date.now() - 1000, sha256(token)]);
  assert.is((await api.call('GET', 'user/get', { token })).status, 401);
});

test('logout revokes the token: the same token is then 401', async () => {
  const token = await api.login();
  assert.is((await api.call('GET', 'user/get', { token })).status, 200);
  const out = await api.call('POST', 'logout', { token });
  assert.is(out.body.status, 'success');
  assert.is((await api.call('GET', 'user/get', { token })).status, 401);
});

test('tokens are stored only as SHA-256 hashes', async () => {
  const token = await api.login();
  const rows = await api.sql.all<{ token_hash: string }>('SELECT token_hash FROM tokens');
  assert.ok(rows.some((r) => r.token_hash === sha256(token)));
  assert.not.ok(rows.some((r) => r.token_hash === token));
});

test('a change without the XSRF header is refused with 419 and nothing is written', async () => {
  const token = await api.login();
  const r = await api.call('POST', 'permission', { token, form: { name: 'sneaky' }, xsrf: false });
  assert.is(r.status, 419);
  const mismatch = await api.call('POST', 'permission', { token, form: { name: 'sneaky' }, headers: { 'X-XSRF-TOKEN': 'other' } });
  assert.is(mismatch.status, 419);
  const list = await api.call('GET', 'permission', { token });
  assert.not.ok(list.body.data.some((p: { name: string }) => p.name === 'sneaky'));
});

test("user/get and user/getmenu answer the admin and its eight menus (the spec's seven and Activity)", async () => {
  const token = await api.login();
  const me = await api.call('GET', 'user/get', { token });
  assert.is(me.body.data.email, ADMIN.email);
  const menu = await api.call('GET', 'user/getmenu', { token });
  assert.equal(
    menu.body.data.live_adminmenus.map((m: { title: string }) => m.title),
    ['Permissions', 'Roles', 'Users', 'Pages', 'Menus', 'Settings', 'Organizers', 'Activity'],
  );
});

test('route/check answers true for the admin on every admin screen', async () => {
  const token = await api.login();
  for (const route of ['permissions', '/admin/users', 'organizers']) {
    const r = await api.call('GET', `route/check?route=${encodeURIComponent(route)}`, { token });
    assert.is(r.body.data, true, route);
  }
});

test('responses carry the strict security headers', async () => {
  const r = await api.call('GET', '/login');
  const csp = r.headers.get('content-security-policy') ?? '';
  assert.match(csp, /script-src 'self'/);
  assert.not.match(csp, /unsafe-inline/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.is(r.headers.get('x-content-type-options'), 'nosniff');
  assert.is(r.headers.get('x-frame-options'), 'DENY');
  // The policy as it was before hono/secure-headers took it over, word for word, plus HSTS.
  assert.is(
    csp,
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: https:; " +
      "media-src 'self' blob: https:; font-src 'self'; connect-src 'self'; " +
      'frame-src https://www.youtube.com https://www.youtube-nocookie.com; ' +
      "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
  );
  assert.is(r.headers.get('referrer-policy'), 'same-origin');
  assert.is(r.headers.get('cross-origin-opener-policy'), 'same-origin');
  assert.is(r.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
  assert.is(r.headers.get('cross-origin-resource-policy'), null, 'stored photos stay embeddable elsewhere');
  const apiAnswer = await api.call('GET', 'ping');
  assert.is(apiAnswer.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
  assert.is(apiAnswer.headers.get('x-frame-options'), 'DENY');
});

test.run();
