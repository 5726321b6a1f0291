import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { makeUser, tokenFor } from './admin-helpers.ts';
import { loginFrom } from './source-address.ts';

// The sign-in limits count failed sign-ins only: a burst of good sign-ins from one address (an
// office behind one NAT at the start of a shift) all get in, also while their attempts are in
// flight together, and spend nothing of the address's or the account's allowance; failures are
// still limited exactly, good sign-ins running alongside or not.

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

const statuses = (answers: { status: number }[]) => answers.map((a) => a.status);
const tally = (xs: number[]) => xs.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

test(`[${testEngine}] 50 simultaneous correct sign-ins of one account from one address all answer 200`, async () => {
  const u = await makeUser(api, admin, roleId);
  const answers = await Promise.all(Array.from({ length: 50 }, () => loginFrom(api.url, '127.0.20.1', { email: u.email, password: u.password })));
  assert.equal(statuses(answers), Array(50).fill(200), JSON.stringify(tally(statuses(answers))));
  // They spent nothing: the account still has its 10 failures, the address its 20.
  for (let i = 0; i < 10; i++) assert.is((await loginFrom(api.url, '127.0.20.1', { email: u.email, password: 'bad' })).status, 401, `failure ${i + 1}`);
  assert.is((await loginFrom(api.url, '127.0.20.1', { email: u.email, password: 'bad' })).status, 429);
});

test(`[${testEngine}] 50 people signing in at once from one address all answer 200, and the address keeps its 20 failures`, async () => {
  const people = [];
  for (let i = 0; i < 50; i++) people.push(await makeUser(api, admin, roleId));
  const from = '127.0.20.2';
  const answers = await Promise.all(people.map((p) => loginFrom(api.url, from, { email: p.email, password: p.password })));
  assert.equal(statuses(answers), Array(50).fill(200), JSON.stringify(tally(statuses(answers))));
  const after = [];
  for (let i = 0; i < 21; i++) after.push((await loginFrom(api.url, from, { email: `burst-${i}@example.com`, password: 'bad' })).status);
  assert.equal(after, [...Array(20).fill(401), 429]);
});

test(`[${testEngine}] 40 wrong and 40 right sign-ins at once from one address: exactly 20 passwords are compared wrong`, async () => {
  const people = [];
  for (let i = 0; i < 40; i++) people.push(await makeUser(api, admin, roleId));
  const from = '127.0.20.3';
  const attempts = people.flatMap((p, i) => [
    loginFrom(api.url, from, { email: p.email, password: p.password }),
    loginFrom(api.url, from, { email: `mixed-${i}@example.com`, password: 'bad' }),
  ]);
  const t = tally(statuses(await Promise.all(attempts)));
  assert.is(t[401], 20, JSON.stringify(t));
  assert.is((t[200] ?? 0) + t[401] + (t[429] ?? 0), 80, `only 200, 401 and 429: ${JSON.stringify(t)}`);
});

test(`[${testEngine}] Change password counts wrong current passwords only: 5 changes pass under a limit of 3, then 3 wrong ones do`, async () => {
  api.config.linkLimits = { perAccount: 3, perAddress: 100, windowMs: 60_000 };
  try {
    const u = await makeUser(api, admin, roleId);
    const token = await api.login(u.email, u.password);
    const change = (current: string, next: string) =>
      api.call('PUT', 'account/password', { token, form: { current_password: current, password: next, password_confirmation: next } });
    let current = u.password;
    for (let i = 0; i < 5; i++) {
      const next = `Next-pass-${i}x`;
      const r = await change(current, next);
      assert.is(r.status, 200, `change ${i + 1}: ${JSON.stringify(r.body)}`);
      current = next;
    }
    for (let i = 0; i < 3; i++) assert.is((await change('wrong', 'Other-pass-1x')).status, 422, `wrong ${i + 1}`);
    const refused = await change(current, 'Other-pass-1x');
    assert.is(refused.status, 429);
    assert.is(refused.body.message, 'Too many requests. Please try again in 1 minute.');
  } finally {
    api.config.linkLimits = undefined;
  }
});

test.run();
