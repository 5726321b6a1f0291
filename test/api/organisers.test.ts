import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { isPaginator, tokenFor } from './admin-helpers.ts';

let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

let n = 0;
async function addOrganiser(extra: Record<string, string> = {}) {
  const email = `org${++n}@example.com`;
  const r = await api.call('POST', 'organiser', {
    token: admin,
    form: { name: `Org ${n}`, email, phone: '5550100', password: 'Org-pass1', description: 'Runs races', status: '1', ...extra },
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return { id: r.body.data.id as number, email, data: r.body.data };
}

test('organiser calls are 401 without a token and 403 for a role without the Organizers menu', async () => {
  const { token } = await tokenFor(api, admin, ['users']);
  const calls: [string, string][] = [
    ['GET', 'organiser?page=1'],
    ['GET', 'organiser/1'],
    ['POST', 'organiser'],
    ['PUT', 'organiser/1'],
    ['POST', 'organiser/deleteOrganizer'],
    ['PUT', 'organiser/deleteOrganizer'],
  ];
  for (const [m, p] of calls) {
    assert.is((await api.call(m, p)).status, 401, `${m} ${p}`);
    assert.is((await api.call(m, p, { token, form: m === 'GET' ? undefined : { organizer_id: '1', name: 'x' } })).status, 403, `${m} ${p}`);
  }
});

test('POST organiser writes the company, its company-role sign-in user and the description', async () => {
  const o = await addOrganiser();
  assert.equal(
    { ...o.data, id: 0, user_id: 0 },
    { id: 0, name: `Org ${n}`, email: o.email, phone: '5550100', status: 1, description: 'Runs races', user_id: 0, storage_quota_mb: 2048, invited: 0 },
  );
  assert.type(o.data.user_id, 'number');
  const login = await api.call('POST', 'login', { form: { email: o.email, password: 'Org-pass1' } });
  assert.is(login.body.data.role, 'company');
  assert.is(login.body.data.companyid, o.id);
});

test('a new organiser defaults to status 2; the list is a paginator', async () => {
  const o = await addOrganiser({ status: '' });
  assert.is(o.data.status, 2);
  const list = await api.call('GET', 'organiser?page=1', { token: admin });
  assert.ok(isPaginator(list.body.data));
  assert.ok(list.body.data.data.some((x: { id: number }) => x.id === o.id));
});

test('POST organiser validation: name, valid unique email, password rule; a failed create writes nothing', async () => {
  const before = (await api.call('GET', 'organiser?page=1', { token: admin })).body.data.total;
  // A blank password is an invitation; a given one must follow the rule.
  const r = await api.call('POST', 'organiser', { token: admin, form: { name: ' ', email: 'bad', password: 'weak' } });
  assert.is(r.status, 422);
  assert.equal(Object.keys(r.body.errors).sort(), ['email', 'name', 'password']);
  const dup = await api.call('POST', 'organiser', { token: admin, form: { name: 'Dup', email: 'ADMIN@example.com', password: 'Org-pass1' } });
  assert.equal(dup.body.errors, { email: ['The email has already been taken.'] });
  assert.is((await api.call('GET', 'organiser?page=1', { token: admin })).body.data.total, before);
});

test('GET organiser/{id} answers the description flat and as companydetails.description', async () => {
  const o = await addOrganiser({ description: 'Trail races' });
  const got = (await api.call('GET', `organiser/${o.id}`, { token: admin })).body.data;
  assert.is(got.description, 'Trail races');
  assert.equal(got.companydetails, { description: 'Trail races' });
});

test('PUT organiser changes name, phone and description, keeps the e-mail, and the password only when given', async () => {
  const o = await addOrganiser();
  const r = await api.call('PUT', `organiser/${o.id}`, {
    token: admin,
    form: { name: 'Renamed', email: 'changed@example.com', phone: '123', description: 'New', password: '' },
  });
  assert.is(r.body.message, 'Organizer updated successfully.');
  const got = (await api.call('GET', `organiser/${o.id}`, { token: admin })).body.data;
  assert.equal([got.name, got.email, got.phone, got.description], ['Renamed', o.email, '123', 'New']);
  await api.login(o.email, 'Org-pass1');
  await api.call('PUT', `organiser/${o.id}`, { token: admin, form: { name: 'Renamed', phone: '123', description: 'New', password: 'Next-pass2' } });
  await api.login(o.email, 'Next-pass2');
  const bad = await api.call('PUT', `organiser/${o.id}`, { token: admin, form: { name: '', phone: '' } });
  assert.equal(Object.keys(bad.body.errors).sort(), ['name', 'phone']);
});

test('an admin sets an organiser In-Active (0) and Active (1); a bad status is refused', async () => {
  const o = await addOrganiser({ status: '1' });
  const off = await api.call('PUT', `organiser/${o.id}`, {
    token: admin,
    form: { name: o.data.name, phone: '5550100', description: 'Runs races', status: '0' },
  });
  assert.is(off.status, 200, JSON.stringify(off.body));
  const row = (await api.call('GET', 'organiser?page=1', { token: admin })).body.data.data.find((r: { id: number }) => r.id === o.id);
  assert.is(row.status, 0);
  await api.call('PUT', `organiser/${o.id}`, { token: admin, form: { name: o.data.name, phone: '5550100', status: '1' } });
  assert.is((await api.call('GET', `organiser/${o.id}`, { token: admin })).body.data.status, 1);
  const bad = await api.call('PUT', `organiser/${o.id}`, { token: admin, form: { name: o.data.name, phone: '5550100', status: '7' } });
  assert.is(bad.status, 422);
  assert.ok(bad.body.errors.status);
});

test('a company user reads and updates its own organiser but no other, and no admin call', async () => {
  const mine = await addOrganiser();
  const other = await addOrganiser();
  const token = await api.login(mine.email, 'Org-pass1');
  assert.is((await api.call('GET', `organiser/${mine.id}`, { token })).body.data.name, mine.data.name);
  const put = await api.call('PUT', `organiser/${mine.id}`, { token, form: { name: 'Self', phone: '1', description: 'd', status: '0' } });
  assert.is(put.status, 200);
  assert.is(put.body.data.status, 1, 'an organiser cannot change its own status');
  assert.is((await api.call('GET', `organiser/${other.id}`, { token })).status, 403);
  assert.is((await api.call('PUT', `organiser/${other.id}`, { token, form: { name: 'x', phone: '1' } })).status, 403);
  assert.is((await api.call('GET', 'organiser?page=1', { token })).status, 403);
  assert.is((await api.call('POST', 'organiser/deleteOrganizer', { token, form: { organizer_id: String(mine.id) } })).status, 403);
});

test('deleteOrganizer (POST or PUT with organizer_id) removes the organiser and its sign-in user', async () => {
  for (const method of ['POST', 'PUT']) {
    const o = await addOrganiser();
    const r = await api.call(method, 'organiser/deleteOrganizer', { token: admin, form: { organizer_id: String(o.id) } });
    assert.is(r.body.message, 'Organizer deleted successfully.');
    assert.is((await api.call('GET', `organiser/${o.id}`, { token: admin })).status, 404);
    assert.is((await api.call('POST', 'login', { form: { email: o.email, password: 'Org-pass1' } })).status, 401);
  }
  assert.is((await api.call('POST', 'organiser/deleteOrganizer', { token: admin, form: { organizer_id: '99999' } })).status, 404);
  assert.is((await api.call('POST', 'organiser/deleteOrganizer', { token: admin, form: {} })).status, 422);
});

test('setting an organiser In-Active ends its sessions for good: re-activating revives no old token', async () => {
  const o = await addOrganiser();
  const other = await addOrganiser();
  const me = (token: string) => api.call('GET', 'user/get', { token });
  const [a, b] = [await api.login(o.email, 'Org-pass1'), await api.login(o.email, 'Org-pass1')];
  const otherToken = await api.login(other.email, 'Org-pass1');
  const put = (status: string) =>
    api.call('PUT', `organiser/${o.id}`, { token: admin, form: { name: o.data.name, phone: '5550100', description: 'Runs races', status } });
  assert.is((await put('0')).status, 200);
  assert.is((await me(a)).status, 401);
  assert.is((await put('1')).status, 200);
  assert.is((await me(a)).status, 401, 'an old token came back to life with the organiser');
  assert.is((await me(b)).status, 401);
  assert.is((await me(otherToken)).status, 200, 'another organiser keeps its session');
  assert.is((await me(admin)).status, 200);
  assert.is((await me(await api.login(o.email, 'Org-pass1'))).status, 200, 'a new sign-in works once Active again');
});

test.run();
