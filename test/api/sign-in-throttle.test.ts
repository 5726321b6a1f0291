import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, startTestApi, testEngine, type TestApi } from './harness.ts';
import { makeUser, tokenFor } from './admin-helpers.ts';
import { loginFrom, loopbackRange } from './source-address.ts';
import { assertThrottled, guessOneAccountFrom60, manyEmailsFromOne } from './throttle-scenarios.ts';
import { passwordChecks, sha256 } from '../../server/lib/auth/passwords.ts';
import { dbNow } from '../../server/db/clock.ts';

// Sign-in guessing is limited per account (10 in 15 minutes, from any number of
// addresses) and per client address (20 a minute, across accounts), counted in the database
// before any work. Each test uses its own loopback addresses (127.0.x.y): an address's window
// lasts a minute. The same runs against two processes: sign-in-throttle-two-nodes.test.ts.

let api: TestApi;
let admin: string;
let roleId: number;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  roleId = (await tokenFor(api, admin, [])).roleId;
});
test.after(async () => {
  await api.stop();
});

test('120 wrong passwords at one account from 60 addresses compare 10; the right one is then refused too', async () => {
  const u = await makeUser(api, admin, roleId);
  const before = passwordChecks.count;
  const t = await guessOneAccountFrom60([api.url], u.email);
  console.log(`  [${testEngine}] one account, 60 addresses: ${t.checked} compared, ${t.throttled} × 429`);
  assertThrottled(t, 120, 10, 15 * 60);
  assert.is(passwordChecks.count - before, 10);
  // Locked for every address, the owner's too, whatever the password and the e-mail's case.
  const right = await loginFrom(api.url, '127.0.3.1', { email: ` ${u.email.toUpperCase()} `, password: u.password });
  assert.is(right.status, 429);
  assert.match(right.body.message, /^Too many login attempts\. Please try again in 1[45] minutes\.$/);
  assert.is(passwordChecks.count - before, 10);
  // The 60 addresses are not locked: each spent at most 2 attempts, refused ones given back.
  assert.is((await loginFrom(api.url, '127.0.2.1', { email: ADMIN.email, password: ADMIN.password })).status, 200);
});

test('100 e-mails from one address compare 20; the address is then refused for any account, others are not', async () => {
  const before = passwordChecks.count;
  const t = await manyEmailsFromOne([api.url], '127.0.4.1', 'stuffing');
  console.log(`  [${testEngine}] 100 e-mails, one address: ${t.checked} compared, ${t.throttled} × 429`);
  assertThrottled(t, 100, 20, 60);
  assert.is(passwordChecks.count - before, 20);
  assert.is((await loginFrom(api.url, '127.0.4.1', { email: ADMIN.email, password: ADMIN.password })).status, 429);
  assert.is((await loginFrom(api.url, '127.0.4.2', { email: ADMIN.email, password: ADMIN.password })).status, 200);
});

test('a throttled client is refused before its body is read for rules: 429, not 422', async () => {
  const from = '127.0.5.1';
  for (let i = 0; i < 20; i++) assert.is((await loginFrom(api.url, from, { email: `x${i}@example.com`, password: 'bad' })).status, 401);
  const r = await loginFrom(api.url, from, { email: 'not an e-mail' });
  assert.is(r.status, 429);
  assert.ok(r.retryAfter! > 0 && r.retryAfter! <= 60, `Retry-After ${r.retryAfter}`);
  // Under a minute in seconds, a whole minute as "1 minute" (Retry-After stays exact).
  const wait = r.retryAfter! < 60 ? `${r.retryAfter} second${r.retryAfter === 1 ? '' : 's'}` : '1 minute';
  assert.is(r.body.message, `Too many login attempts. Please try again in ${wait}.`);
  // From another address the same body is a 422 (and counts as a failed attempt).
  assert.is((await loginFrom(api.url, '127.0.5.2', { email: 'not an e-mail' })).status, 422);
});

test('a good sign-in starts its account count again and does not spend its address', async () => {
  const u = await makeUser(api, admin, roleId);
  const from = '127.0.6.1';
  // 9 failures, a success, 10 more failures: all compared (the count started again).
  for (let i = 0; i < 9; i++) assert.is((await loginFrom(api.url, from, { email: u.email, password: 'bad' })).status, 401);
  assert.is((await loginFrom(api.url, from, { email: u.email, password: u.password })).status, 200);
  for (let i = 0; i < 10; i++)
    assert.is((await loginFrom(api.url, from, { email: u.email, password: 'bad' })).status, 401, `failure ${i + 1} after the success`);
  assert.is((await loginFrom(api.url, from, { email: u.email, password: 'bad' })).status, 429);
  // The address spent 19 (the success and the attempt the account refused were given back): one more is compared.
  const other = await loginFrom(api.url, from, { email: 'someone-else@example.com', password: 'bad' });
  assert.is(other.status, 401, 'the address has spent 19 of its 20');
});

test("without TRUST_PROXY, X-Forwarded-For is ignored: the socket's address is throttled", async () => {
  const from = '127.0.7.1';
  const answers = [];
  for (let i = 0; i < 21; i++)
    answers.push((await loginFrom(api.url, from, { email: `xff${i}@example.com`, password: 'bad' }, { 'X-Forwarded-For': `203.0.113.${i + 1}` })).status);
  assert.equal(answers.slice(0, 20), Array(20).fill(401));
  assert.is(answers[20], 429);
});

test('with TRUST_PROXY, the client named by a trusted proxy is throttled, and a client cannot name itself', async () => {
  const proxied = await startTestApi({ trustProxy: '127.0.8.0/24' });
  try {
    // 21 clients through the trusted proxy 127.0.8.1: each its own address, none throttled.
    for (let i = 0; i < 21; i++) {
      const r = await loginFrom(
        proxied.url,
        '127.0.8.1',
        { email: `p${i}@example.com`, password: 'bad' },
        { 'X-Forwarded-For': `198.51.100.7, 203.0.113.${i + 1}` },
      );
      assert.is(r.status, 401, `client ${i + 1}`);
    }
    // One client through the proxy: its 21st attempt is refused, though the proxy is not.
    const one = [];
    for (let i = 0; i < 21; i++)
      one.push((await loginFrom(proxied.url, '127.0.8.1', { email: `q${i}@example.com`, password: 'bad' }, { 'X-Forwarded-For': '203.0.113.200' })).status);
    assert.is(one[20], 429);
    // Not through the proxy: the header is the client's own word and is ignored.
    const direct = [];
    for (let i = 0; i < 21; i++)
      direct.push(
        (await loginFrom(proxied.url, '127.0.9.1', { email: `d${i}@example.com`, password: 'bad' }, { 'X-Forwarded-For': `203.0.114.${i + 1}` })).status,
      );
    assert.is(direct[20], 429);
  } finally {
    await proxied.stop();
  }
});

test("windows and token expiry follow the database's clock: a step of this process's clock neither frees, locks out, nor revives", async () => {
  const u = await makeUser(api, admin, roleId);
  const token = await api.login(u.email, u.password);
  const from = '127.0.10.1';
  for (let i = 0; i < 10; i++) assert.is((await loginFrom(api.url, from, { email: u.email, password: 'bad' })).status, 401);
  const realNow = Date.now;
  try {
    Date.now = () => realNow() + 86_400_000; // a day ahead
    const locked = await loginFrom(api.url, from, { email: u.email, password: u.password });
    assert.is(locked.status, 429, 'a day ahead does not free the account');
    assert.ok(locked.retryAfter! <= 15 * 60);
    assert.is((await api.call('GET', 'user/get', { token })).status, 200, 'a day ahead does not end a 12 h session');
    Date.now = () => realNow() - 365 * 86_400_000; // a year behind
    assert.is((await loginFrom(api.url, '127.0.10.2', { email: ADMIN.email, password: ADMIN.password })).status, 200, 'a year behind locks nobody out');
    await api.sql.run(`UPDATE tokens SET expires_at = ${dbNow(api.sql)} - 1000 WHERE token_hash = ?`, [sha256(token)]);
    assert.is((await api.call('GET', 'user/get', { token })).status, 401, 'a year behind does not revive an expired token');
  } finally {
    Date.now = realNow;
  }
});

test.run();
