import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { roleId, tokenFor } from './admin-helpers.ts';
import { download, TRICKY } from './lists-helpers.ts';

let api: TestApi;
let admin: string;
let staff: number;
const ids: Record<string, number> = {};
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  staff = (await api.call('POST', 'role', { token: admin, form: { name: 'staff', permissions: '[]', roles: '[]' } })).body.data.id;
  const people = [...TRICKY, 'Bob Builder', 'bobby tables', 'Carol'];
  for (const [i, name] of people.entries()) {
    const r = await api.call('POST', 'user', { token: admin, form: { name, email: `p${i}@list.test`, password: 'Passw0rd!x', role: String(staff) } });
    ids[name] = r.body.data.id;
  }
});
test.after(async () => {
  await api.stop();
});

const users = async (query: string, token = admin) => api.call('GET', `user?page=1&${query}`, { token });

test('without the new params the users list answers as before: 10 a page, id order', async () => {
  const r = await users('');
  assert.is(r.body.data.per_page, 10);
  const list = r.body.data.data.map((u: { id: number }) => u.id);
  assert.equal(
    list,
    [...list].sort((a, b) => a - b),
  );
});

test('q matches name or e-mail case-insensitively, with the true total', async () => {
  const r = await users('q=BOB');
  assert.equal(r.body.data.data.map((u: { name: string }) => u.name).sort(), ['Bob Builder', 'bobby tables']);
  assert.is(r.body.data.total, 2);
  assert.is((await users('q=p2%40list')).body.data.data[0].name, TRICKY[2]);
  assert.is((await users('q=%25')).body.data.total, 0, 'a % is matched literally');
});

test('sort by name both ways (case-insensitive) and an unknown sort or dir is 422', async () => {
  const asc = (await users('q=b&sort=name&dir=asc')).body.data.data.map((u: { name: string }) => u.name);
  assert.equal(asc, ['Bob Builder', 'bobby tables']);
  const desc = (await users('q=b&sort=name&dir=desc')).body.data.data.map((u: { name: string }) => u.name);
  assert.equal(desc, ['bobby tables', 'Bob Builder']);
  const bad = await users('sort=password_hash');
  assert.is(bad.status, 422);
  assert.equal(bad.body.errors.sort, ['The selected sort is invalid.']);
  assert.is((await users('sort=name&dir=sideways')).status, 422);
});

test('role filter, per_page 1..100 and bad filter values', async () => {
  const r = await users(`role=${staff}&per_page=3`);
  assert.is(r.body.data.per_page, 3);
  assert.is(r.body.data.total, 7);
  assert.is(r.body.data.last_page, 3);
  for (const bad of ['per_page=0', 'per_page=101', 'per_page=ten', 'role=x']) assert.is((await users(bad)).status, 422, bad);
  assert.is((await users('per_page=100')).status, 200);
});

test('pages read from either end join up: every page of a sorted list, in order, is the whole list', async () => {
  const whole = (await users(`role=${staff}&sort=name&dir=desc&per_page=100`)).body.data.data.map((u: { id: number }) => u.id);
  const paged: number[] = [];
  for (let p = 1; p <= 3; p++)
    paged.push(
      ...(await api.call('GET', `user?page=${p}&role=${staff}&sort=name&dir=desc&per_page=3`, { token: admin })).body.data.data.map(
        (u: { id: number }) => u.id,
      ),
    );
  assert.equal(paged, whole);
  assert.equal((await api.call('GET', `user?page=4&role=${staff}&per_page=3`, { token: admin })).body.data.data, []);
});

test('a role limited by "Role can access to" never sees, exports or bulk-deletes other roles\' users', async () => {
  const other = await roleId(api, admin, 'admin');
  const { token } = await tokenFor(api, admin, ['users'], [staff]);
  assert.ok((await users('q=', token)).body.data.data.every((u: { role: number }) => u.role === staff));
  const exp = await download(api, 'user/export', token);
  assert.ok(exp.rows.slice(1).every((r) => r[3] === 'staff'));
  const adminId = (await users(`role=${other}`)).body.data.data[0].id;
  const del = await api.call('POST', 'user/bulk-delete', { token, form: { ids: JSON.stringify([ids.Carol, adminId]) } });
  assert.is(del.status, 404);
  assert.is((await api.call('GET', `user/${ids.Carol}`, { token: admin })).status, 200, 'nothing deleted');
});

test('export: BOM, CSV headers, every matching row parsed back, formula guarded, no password', async () => {
  const r = await download(api, `user/export?role=${staff}&sort=name&dir=asc`, admin);
  assert.is(r.status, 200);
  assert.ok(r.bom);
  assert.match(r.headers.get('content-type') ?? '', /^text\/csv; charset=utf-8/);
  assert.is(r.headers.get('content-disposition'), 'attachment; filename="users.csv"');
  assert.ok(r.text.includes('\r\n'));
  assert.equal(r.rows[0], ['id', 'name', 'email', 'role']);
  const names = r.rows.slice(1).map((x) => x[1]);
  assert.is(names.length, 7);
  for (const n of TRICKY.slice(0, 3)) assert.ok(names.includes(n), n);
  assert.ok(names.includes(`'${TRICKY[3]}`), 'a leading = is prefixed');
  assert.not.match(r.text, /scrypt|password|\$/);
  assert.is((await download(api, 'user/export?sort=nope', admin)).status, 422);
});

test('export keeps the list order, by id either way and by a sorted column', async () => {
  const ids = (q: string) => download(api, `user/export?role=${staff}&${q}`, admin).then((r) => r.rows.slice(1).map((x) => Number(x[0])));
  const asc = await ids('');
  assert.equal(
    asc,
    [...asc].sort((a, b) => a - b),
  );
  assert.equal(await ids('sort=id&dir=desc'), [...asc].reverse());
  const byName = (await download(api, `user/export?role=${staff}&sort=name&dir=desc`, admin)).rows.slice(1).map((x) => x[1]);
  assert.equal(
    byName,
    [...byName].sort((a, b) => b.replace(/^'/, '').toLowerCase().localeCompare(a.replace(/^'/, '').toLowerCase())),
  );
});

test('bulk delete by ids and by "all matching"; never the caller; one answer shape', async () => {
  const self = await api.call('POST', 'user/bulk-delete', { token: admin, form: { ids: '[1]' } });
  assert.is(self.status, 409);
  const r = await api.call('POST', 'user/bulk-delete', { token: admin, form: { ids: JSON.stringify([ids.Carol]) } });
  assert.equal(r.body, { status: 'success', message: '1 records deleted.', code: 'success.recordsDeleted', data: { deleted: 1 } });
  const all = await api.call('POST', 'user/bulk-delete', { token: admin, form: { all: '1', q: 'bob' } });
  assert.is(all.body.data.deleted, 2);
  assert.is((await users('q=bob')).body.data.total, 0);
  assert.is((await users(`role=${staff}`)).body.data.total, 4, 'only the matching rows went');
  assert.is((await api.call('POST', 'user/bulk-delete', { token: admin, form: { ids: 'nope' } })).status, 422);
  assert.is((await api.call('POST', 'user/bulk-delete', { token: admin, form: {} })).status, 422);
  const many = JSON.stringify(Array.from({ length: 1001 }, (_, i) => i + 1));
  assert.is((await api.call('POST', 'user/bulk-delete', { token: admin, form: { ids: many } })).status, 422);
});

test('the whole users total (kept by triggers, not counted) follows adds, deletes and bulk deletes', async () => {
  const total = async () => (await users('')).body.data.total as number;
  const rows = async () => (await download(api, 'user/export', admin)).rows.length - 1;
  const before = await total();
  assert.is(before, await rows(), 'the total is the number of users');
  const add = (n: number) =>
    api.call('POST', 'user', { token: admin, form: { name: `Count ${n}`, email: `count${n}@list.test`, password: 'Passw0rd!x', role: String(staff) } });
  const made = [(await add(1)).body.data.id, (await add(2)).body.data.id, (await add(3)).body.data.id];
  assert.is(await total(), before + 3);
  await api.call('DELETE', `user/${made[0]}`, { token: admin });
  assert.is(await total(), before + 2);
  await api.call('POST', 'user/bulk-delete', { token: admin, form: { ids: JSON.stringify(made.slice(1)) } });
  assert.is(await total(), before);
  assert.is(await total(), await rows());
});

// The other admin lists share the helper; each one's search, whitelist, per_page, export and bulk delete.
const LISTS: { path: string; add: (i: number) => Record<string, string>; field: string; sort: string }[] = [
  { path: 'permission', add: (i) => ({ name: `perm-zq-${i}` }), field: 'name', sort: 'name' },
  { path: 'page', add: (i) => ({ title: `Page ZQ ${i}`, content: 'c' }), field: 'title', sort: 'title' },
  { path: 'adminmenu', add: (i) => ({ title: `Menu ZQ ${i}`, url: '/x', status: '1', roles: '[]' }), field: 'title', sort: 'title' },
  { path: 'role', add: (i) => ({ name: `role-zq-${i}`, permissions: '[]', roles: '[]' }), field: 'name', sort: 'name' },
  {
    path: 'organiser',
    add: (i) => ({ name: `Org ZQ ${i}`, email: `zq${i}@org.test`, password: 'Passw0rd!x', phone: '1', description: '', status: '1' }),
    field: 'name',
    sort: 'name',
  },
];
for (const l of LISTS) {
  test(`${l.path}: search, sort, per_page, 422s, export and bulk delete`, async () => {
    const made: number[] = [];
    for (let i = 1; i <= 3; i++) made.push((await api.call('POST', l.path, { token: admin, form: l.add(i) })).body.data.id);
    const list = await api.call('GET', `${l.path}?page=1&q=zq&sort=${l.sort}&dir=desc&per_page=2`, { token: admin });
    assert.is(list.body.data.total, 3);
    assert.is(list.body.data.per_page, 2);
    assert.match(list.body.data.data[0][l.field], / ?zq[- ]3$/i);
    assert.is((await api.call('GET', `${l.path}?page=1&sort=secret`, { token: admin })).status, 422);
    assert.is((await api.call('GET', `${l.path}?page=1&per_page=500`, { token: admin })).status, 422);
    const csv = await download(api, `${l.path}/export?q=zq`, admin);
    assert.is(csv.rows.length, 4);
    const gone = await api.call('POST', `${l.path}/bulk-delete`, { token: admin, form: { ids: JSON.stringify([made[0], 999999]) } });
    assert.is(gone.status, 404);
    assert.is((await api.call('GET', `${l.path}?page=1&q=zq`, { token: admin })).body.data.total, 3, 'nothing deleted');
    const ok = await api.call('POST', `${l.path}/bulk-delete`, { token: admin, form: { all: '1', q: 'zq' } });
    assert.is(ok.body.message, '3 records deleted.');
    assert.is((await api.call('GET', `${l.path}?page=1&q=zq`, { token: admin })).body.data.total, 0);
  });
}

test('menus and organisers filter by status; the built-in roles are never bulk-deleted', async () => {
  assert.is((await api.call('GET', 'adminmenu?page=1&status=3', { token: admin })).status, 422);
  assert.is((await api.call('GET', 'organiser?page=1&status=1', { token: admin })).status, 200);
  const adminRole = await roleId(api, admin, 'admin');
  assert.is((await api.call('POST', 'role/bulk-delete', { token: admin, form: { ids: `[${adminRole}]` } })).status, 409);
  await api.call('POST', 'role/bulk-delete', { token: admin, form: { all: '1', q: 'a' } });
  assert.ok((await roleId(api, admin, 'admin')) > 0);
});

test('a role without the screen gets 403 on export and bulk delete', async () => {
  const { token } = await tokenFor(api, admin, ['pages']);
  assert.is((await api.call('GET', 'user/export', { token })).status, 403);
  assert.is((await api.call('POST', 'user/bulk-delete', { token, form: { ids: '[1]' } })).status, 403);
});

test.run();
