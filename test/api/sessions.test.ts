import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';
import { makeUser, tokenFor } from './admin-helpers.ts';
import { passwordChecks } from '../../server/lib/auth/passwords.ts';
import { PASSWORD_MESSAGE } from '../../src/common/password.ts';

/** Sessions, the password rule and the sign-in throttle (DESIGN.md §3, docs/security.md). */
let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const me = (token: string) => api.call('GET', 'user/get', { token });

test('300 parallel wrong passwords make at most 10 password checks, and the right one then gets 429', async () => {
  const { email, password } = await makeUser(api, admin, (await tokenFor(api, admin, [])).roleId);
  const before = passwordChecks.count;
  const answers = await Promise.all(Array.from({ length: 300 }, () => api.call('POST', 'login', { form: { email, password: 'Wrong-pass-1' } })));
  const checks = passwordChecks.count - before;
  assert.ok(checks <= 10, `${checks} password checks`);
  assert.is(answers.filter((a) => a.status === 401).length, checks);
  assert.is(answers.filter((a) => a.status === 429).length, 300 - checks);
  const right = await api.call('POST', 'login', { form: { email, password } });
  assert.is(right.status, 429);
  assert.is(passwordChecks.count - before, checks);
});

test('a password change by an admin ends every session of that user', async () => {
  const u = await makeUser(api, admin, (await tokenFor(api, admin, [])).roleId);
  const [a, b] = [await api.login(u.email, u.password), await api.login(u.email, u.password)];
  const user = (await api.call('GET', `user/${u.id}`, { token: admin })).body.data;
  assert.is(
    (await api.call('PUT', `user/${u.id}`, { token: admin, form: { name: user.name, email: u.email, role: String(user.role), password: 'Changed-pass-2' } }))
      .status,
    200,
  );
  assert.is((await me(a)).status, 401);
  assert.is((await me(b)).status, 401);
  assert.is((await me(await api.login(u.email, 'Changed-pass-2'))).status, 200);
  assert.is((await me(admin)).status, 200);
});

test('a password change by the user keeps its own session and ends the others', async () => {
  const second = await api.login();
  const self = (await me(admin)).body.data;
  const r = await api.call('PUT', `user/${self.id}`, {
    token: admin,
    form: { name: self.name, email: self.email, role: String(self.role), password: 'Admin-pass-2' },
  });
  assert.is(r.status, 200);
  assert.is((await me(admin)).status, 200);
  assert.is((await me(second)).status, 401);
  await api.call('PUT', `user/${self.id}`, { token: admin, form: { name: self.name, email: self.email, role: String(self.role), password: ADMIN.password } });
});

test('an organiser changing its own password keeps this session and ends its others', async () => {
  const o = await api.call('POST', 'organiser', {
    token: admin,
    form: { name: 'Own Pw Org', email: 'ownpw@example.com', phone: '555', password: 'Organiser-1', status: '1' },
  });
  const [a, b] = [await api.login('ownpw@example.com', 'Organiser-1'), await api.login('ownpw@example.com', 'Organiser-1')];
  const r = await api.call('PUT', `organiser/${o.body.data.id}`, { token: a, form: { name: 'Own Pw Org', phone: '555', password: 'Organiser-2' } });
  assert.is(r.status, 200);
  assert.is((await me(a)).status, 200);
  assert.is((await me(b)).status, 401);
  await api.login('ownpw@example.com', 'Organiser-2');
});

test('an In-Active organiser cannot sign in and its open sessions stop; an admin still opens it', async () => {
  const o = await api.call('POST', 'organiser', {
    token: admin,
    form: { name: 'Paused Org', email: 'paused@example.com', phone: '555', password: 'Organiser-1', status: '1' },
  });
  assert.is(o.status, 200);
  const token = await api.login('paused@example.com', 'Organiser-1');
  assert.is((await me(token)).status, 200);
  const id = o.body.data.id;
  assert.is((await api.call('PUT', `organiser/${id}`, { token: admin, form: { name: 'Paused Org', phone: '555', status: '0' } })).status, 200);
  const gone = await me(token);
  assert.is(gone.status, 401);
  const login = await api.call('POST', 'login', { form: { email: 'paused@example.com', password: 'Organiser-1' } });
  assert.is(login.status, 403);
  assert.match(login.body.message, /not active/);
  assert.is((await api.call('GET', `organiser/${id}`, { token: admin })).status, 200);
  assert.is((await api.call('GET', `event?organizer_id=${id}`, { token: admin })).status, 200);
});

test('weak passwords are refused on user create, update and import, and on organisers, with the shared message', async () => {
  const role = (await tokenFor(api, admin, [])).roleId;
  for (const password of ['a', 'short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
    const r = await api.call('POST', 'user', { token: admin, form: { name: 'Weak', email: 'weak@example.com', password, role: String(role) } });
    assert.is(r.status, 422, password);
    assert.equal(r.body.errors.password, [PASSWORD_MESSAGE]);
  }
  const u = await makeUser(api, admin, role);
  const upd = await api.call('PUT', `user/${u.id}`, { token: admin, form: { name: 'U', email: u.email, role: String(role), password: 'weakpass' } });
  assert.is(upd.status, 422);
  const csv = new File(
    [`name,email,password,role\nWeak,weak-imp@example.com,abc,${(await api.call('GET', `role/${role}`, { token: admin })).body.data.name}\n`],
    'u.csv',
    { type: 'text/csv' },
  );
  const imp = await api.call('POST', 'user/import', { token: admin, form: { file: csv } });
  assert.is(imp.status, 422);
  assert.match(JSON.stringify(imp.body), /at least 8 characters/);
  const org = await api.call('POST', 'organiser', {
    token: admin,
    form: { name: 'Weak Org', email: 'weak-org@example.com', password: 'password', status: '1' },
  });
  assert.is(org.status, 422);
  assert.equal(org.body.errors.password, [PASSWORD_MESSAGE]);
});

test.run();
