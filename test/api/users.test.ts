import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';
import { isPaginator, makeRole, makeUser, roleId, tokenFor } from './admin-helpers.ts';

let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const CALLS: [string, string][] = [
  ['GET', 'user?page=1'],
  ['GET', 'user/1'],
  ['POST', 'user'],
  ['PUT', 'user/1'],
  ['DELETE', 'user/1'],
  ['POST', 'user/import'],
];

test('every user call is 401 without a token', async () => {
  for (const [m, p] of CALLS) assert.is((await api.call(m, p)).status, 401, `${m} ${p}`);
});

test('a role without the Users menu gets 403 on every user call; a company user too', async () => {
  const { token } = await tokenFor(api, admin, ['pages']);
  await api.call('POST', 'organiser', { token: admin, form: { name: 'Org U', email: 'org-u@example.com', password: 'Passw0rd!', status: '1' } });
  const company = await api.login('org-u@example.com', 'Passw0rd!');
  for (const t of [token, company])
    for (const [m, p] of CALLS) {
      const r = await api.call(m, p, { token: t, form: m === 'GET' ? undefined : { name: 'x' } });
      assert.is(r.status, 403, `${m} ${p}`);
    }
});

test('GET user?page answers the paginator with the first role', async () => {
  const r = await api.call('GET', 'user?page=1', { token: admin });
  assert.ok(isPaginator(r.body.data));
  const me = r.body.data.data.find((u: { email: string }) => u.email === ADMIN.email);
  assert.is(me.roles[0].name, 'admin');
  assert.is(me.role, me.roles[0].id);
  assert.equal(me.roles, [{ id: me.role, name: 'admin' }]);
  assert.not.ok('password' in me || 'password_hash' in me || 'roles_json' in me);
});

test('POST user creates a user that can sign in; GET user/{id} reads it back', async () => {
  const editor = await makeRole(api, admin, { name: 'editor-u' });
  const r = await api.call('POST', 'user', { token: admin, form: { name: 'Eve', email: 'eve@example.com', password: 'Secret123', role: String(editor) } });
  assert.is(r.status, 200);
  assert.is(r.body.message, 'User created successfully.');
  const got = await api.call('GET', `user/${r.body.data.id}`, { token: admin });
  assert.equal({ name: got.body.data.name, email: got.body.data.email, role: got.body.data.role }, { name: 'Eve', email: 'eve@example.com', role: editor });
  await api.login('eve@example.com', 'Secret123');
});

test('POST user validation: name, valid email, password rule and a chosen role (not 0); unique email; no company role', async () => {
  // A blank password is an invitation; a given one must follow the rule.
  const r = await api.call('POST', 'user', { token: admin, form: { name: '', email: 'nope', password: 'weak', role: '0' } });
  assert.is(r.status, 422);
  assert.equal(Object.keys(r.body.errors).sort(), ['email', 'name', 'password', 'role']);
  assert.equal(r.body.errors.role, ['The role field is required.']);
  const dup = await api.call('POST', 'user', { token: admin, form: { name: 'A', email: ADMIN.email.toUpperCase(), password: 'Passw0rd!x', role: '1' } });
  assert.equal(dup.body.errors, { email: ['The email has already been taken.'] });
  const unknown = await api.call('POST', 'user', { token: admin, form: { name: 'A', email: 'a1@example.com', password: 'Passw0rd!x', role: '9999' } });
  assert.equal(unknown.body.errors, { role: ['The selected role is invalid.'] });
  const company = await api.call('POST', 'user', {
    token: admin,
    form: { name: 'A', email: 'a2@example.com', password: 'Passw0rd!x', role: String(await roleId(api, admin, 'company')) },
  });
  assert.is(company.status, 422);
});

test('PUT user keeps the password when it is empty and changes it when given', async () => {
  const role = await makeRole(api, admin);
  const u = await makeUser(api, admin, role, 'pw@example.com', 'First-pass1');
  const keep = await api.call('PUT', `user/${u.id}`, { token: admin, form: { name: 'Renamed', email: 'pw@example.com', role: String(role), password: '' } });
  assert.is(keep.body.message, 'User updated successfully.');
  await api.login('pw@example.com', 'First-pass1');
  await api.call('PUT', `user/${u.id}`, { token: admin, form: { name: 'Renamed', email: 'pw2@example.com', role: String(role), password: 'Second-pass2' } });
  await api.login('pw2@example.com', 'Second-pass2');
  assert.is((await api.call('GET', `user/${u.id}`, { token: admin })).body.data.name, 'Renamed');
});

test('DELETE user removes it; deleting yourself is refused; unknown ids are 404', async () => {
  const u = await makeUser(api, admin, await makeRole(api, admin));
  const r = await api.call('DELETE', `user/${u.id}`, { token: admin });
  assert.is(r.body.message, 'User deleted successfully.');
  assert.is((await api.call('GET', `user/${u.id}`, { token: admin })).status, 404);
  const me = (await api.call('GET', 'user/get', { token: admin })).body.data.id;
  assert.is((await api.call('DELETE', `user/${me}`, { token: admin })).status, 409);
  assert.is((await api.call('PUT', 'user/99999', { token: admin, form: { name: 'x', email: 'x@x.io', role: '1' } })).status, 404);
});

test('"Role can access to" limits which users a role sees, creates and edits', async () => {
  const support = await makeRole(api, admin, { name: 'support-scope' });
  const other = await makeRole(api, admin, { name: 'other-scope' });
  const { token } = await tokenFor(api, admin, ['users'], [support]);
  const mine = await makeUser(api, admin, support);
  const theirs = await makeUser(api, admin, other);

  const list = await api.call('GET', 'user?page=1', { token });
  const roles = new Set(list.body.data.data.map((u: { role: number }) => u.role));
  assert.equal([...roles], [support]);
  assert.is((await api.call('GET', `user/${mine.id}`, { token })).status, 200);
  assert.is((await api.call('GET', `user/${theirs.id}`, { token })).status, 404);
  assert.is((await api.call('PUT', `user/${theirs.id}`, { token, form: { name: 'x', email: theirs.email, role: String(other) } })).status, 404);
  assert.is((await api.call('DELETE', `user/${theirs.id}`, { token })).status, 404);
  const create = await api.call('POST', 'user', { token, form: { name: 'N', email: 'scoped@example.com', password: 'Passw0rd!x', role: String(other) } });
  assert.is(create.status, 403);
  const ok = await api.call('POST', 'user', { token, form: { name: 'N', email: 'scoped@example.com', password: 'Passw0rd!x', role: String(support) } });
  assert.is(ok.status, 200);
  // Moving a user out of the access list is refused too.
  assert.is((await api.call('PUT', `user/${mine.id}`, { token, form: { name: 'x', email: mine.email, role: String(other) } })).status, 403);
});

test.run();
