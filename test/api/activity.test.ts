import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeRole, makeUser } from './admin-helpers.ts';
import { makeOrganiser } from './organiser-fixtures.ts';

let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const rows = async (query = '') => (await api.call('GET', `activity?per_page=100${query}`, { token: admin })).body.data.data as any[];
const countAll = async () => Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM activity'))!.n);

test('a user role change writes one row naming actor, record, and the role before and after', async () => {
  const support = await makeRole(api, admin, { name: 'Support-act', screens: ['users'] });
  const other = await makeRole(api, admin, { name: 'Other-act', screens: ['pages'] });
  const { id } = await makeUser(api, admin, support, 'ann-activity@example.com');
  const before = await countAll();
  const r = await api.call('PUT', `user/${id}`, { token: admin, form: { name: 'Ann', email: 'ann-activity@example.com', role: String(other) } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(await countAll(), before + 1);
  const [row] = await rows(`&resource=users&resource_id=${id}`);
  assert.is(row.action, 'update');
  assert.is(row.actor_name.length > 0, true);
  assert.is(row.actor_role, 'admin');
  assert.is(row.label, 'Ann');
  const changes = JSON.parse(row.changes);
  assert.equal(changes.roles, { from: ['Support-act'], to: ['Other-act'] });
});

test('a refused change writes no row; a create and a delete each write one', async () => {
  const before = await countAll();
  assert.is((await api.call('POST', 'page', { token: admin, form: { title: ' ', content: '' } })).status, 422);
  assert.is(await countAll(), before);
  const add = await api.call('POST', 'page', { token: admin, form: { title: 'Audit page', content: 'x' } });
  const id = add.body.data.id;
  assert.is((await api.call('DELETE', `page/${id}`, { token: admin })).status, 200);
  const list = await rows(`&resource=pages&resource_id=${id}`);
  assert.equal(
    list.map((r) => r.action),
    ['delete', 'create'],
  );
  assert.equal(JSON.parse(list[1].changes).title, { from: null, to: 'Audit page' });
  assert.is(list[0].label, 'Audit page');
});

test('secrets never reach the log: passwords, SMTP password, tokens', async () => {
  const secret = 'Secret-Pass-9xyz';
  const roleSupport = await makeRole(api, admin, { name: 'Secretive', screens: ['users'] });
  const u = await makeUser(api, admin, roleSupport, 'secret-user@example.com', secret);
  await api.call('PUT', `user/${u.id}`, {
    token: admin,
    form: { name: 'S', email: 'secret-user@example.com', role: String(roleSupport), password: 'Other-Pass-8xyz' },
  });
  await api.call('PUT', 'settings/email', {
    token: admin,
    form: {
      smtp_server: 'mail.example.com',
      smtp_email: 'a@example.com',
      smtp_username: 'u',
      smtp_password: 'Smtp-Secret-77',
      smtp_port: '587',
      smtp_type: 'tls',
    },
  });
  const token = await api.login('secret-user@example.com', 'Other-Pass-8xyz');
  const all = JSON.stringify(await api.sql.all('SELECT * FROM activity'));
  for (const s of [secret, 'Other-Pass-8xyz', 'Smtp-Secret-77', token]) assert.not.ok(all.includes(s), `found ${s}`);
  assert.ok(all.includes('"password_hash":"changed"') || all.includes('\\"password_hash\\":\\"changed\\"'));
});

test('Save Changes of both settings tabs is one row naming the fields of both, the SMTP password only as changed', async () => {
  const res = await api.call('PUT', 'settings', {
    token: admin,
    form: {
      name: 'Audit Co',
      smtp_server: 'smtp.audit.example',
      smtp_email: 'from@audit.example',
      smtp_username: 'u',
      smtp_password: 'Both-Tabs-Secret-1',
      smtp_port: '465',
      smtp_type: 'ssl',
    },
  });
  assert.is(res.status, 200);
  const list = await rows('&resource=settings');
  assert.is(list[0].label, 'Company and Email');
  const changes = JSON.parse(list[0].changes);
  assert.equal(changes.name.to, 'Audit Co');
  assert.equal(changes.smtp_server.to, 'smtp.audit.example');
  assert.is(changes.smtp_password, 'changed');
  assert.not.ok(list[0].changes.includes('Both-Tabs-Secret-1'));
});

test('a password change in My account is one row, the password only as changed; the session touch before it does not swallow it', async () => {
  const role = await makeRole(api, admin, { name: 'AccountRole', screens: ['users'] });
  const u = await makeUser(api, admin, role, 'pw-change@example.com', 'First-pass-123');
  const token = await api.login('pw-change@example.com', 'First-pass-123');
  const res = await api.call('PUT', 'account/password', {
    token,
    form: { current_password: 'First-pass-123', password: 'Next-pass-456', password_confirmation: 'Next-pass-456' },
  });
  assert.is(res.status, 200, JSON.stringify(res.body));
  const list = (await rows(`&resource=users&resource_id=${u.id}`)).filter((r) => r.action === 'password_change');
  assert.is(list.length, 1);
  assert.is(list[0].actor_id, u.id);
  assert.equal(JSON.parse(list[0].changes), { password_hash: 'changed' });
  const all = JSON.stringify(await api.sql.all('SELECT * FROM activity'));
  assert.not.ok(all.includes('Next-pass-456'));
});

test('a resent invitation is one row naming the person', async () => {
  const role = await makeRole(api, admin, { name: 'InviteRole', screens: ['users'] });
  const made = await api.call('POST', 'user', { token: admin, form: { name: 'Ivy Invite', email: 'ivy-activity@example.com', role: String(role) } });
  assert.is(made.status, 200, JSON.stringify(made.body));
  const again = await api.call('POST', `user/${made.body.data.id}/invite`, { token: admin });
  assert.is(again.status, 200, JSON.stringify(again.body));
  const list = (await rows(`&resource=users&resource_id=${made.body.data.id}`)).map((r) => [r.action, r.label]);
  assert.equal(list, [
    ['invite', 'Ivy Invite'],
    ['create', 'Ivy Invite'],
  ]);
});

test('sign-in, failed sign-in and sign-out are recorded', async () => {
  await api.call('POST', 'login', { form: { email: 'admin@example.com', password: 'wrong-Pass-1' } });
  const t = await api.login();
  await api.call('POST', 'logout', { token: t });
  const list = await rows('&resource=session');
  const actions = list.map((r) => r.action);
  assert.ok(actions.includes('sign_in_failed'));
  assert.ok(actions.includes('sign_in'));
  assert.ok(actions.includes('sign_out'));
});

test('there is no way to change a row, and staff without "View activity" may not read them', async () => {
  for (const m of ['POST', 'PUT', 'DELETE']) assert.ok([404, 405].includes((await api.call(m, 'activity', { token: admin, form: { label: 'x' } })).status), m);
  assert.is((await api.call('PUT', 'activity/1', { token: admin, form: { label: 'x' } })).status, 404);
  const role = await makeRole(api, admin, { name: 'NoActivity', screens: ['users'] });
  const u = await makeUser(api, admin, role, 'no-activity@example.com');
  const token = await api.login('no-activity@example.com', u.password);
  assert.is((await api.call('GET', 'activity', { token })).status, 403);
});

test("an organiser reads only its own organiser's activity", async () => {
  const a = await makeOrganiser(api, 'acta', 0);
  const b = await makeOrganiser(api, 'actb', 0);
  assert.is(
    (
      await api.call('PUT', `event/${a.eventId}`, {
        token: a.token,
        form: { title: 'Renamed A', description: 'd', start_date: '2030-01-01', end_date: '2030-01-02' },
      })
    ).status,
    200,
  );
  const mine = (await api.call('GET', 'activity?per_page=100', { token: a.token })).body.data.data as any[];
  assert.ok(mine.length > 0);
  assert.ok(mine.every((r) => r.organizer_id === a.companyId));
  assert.ok(mine.some((r) => r.resource === 'events' && r.label === 'Renamed A'));
  assert.is((await api.call('GET', `activity?organizer_id=${a.companyId}`, { token: b.token })).status, 403);
  const theirs = (await api.call('GET', 'activity?per_page=100', { token: b.token })).body.data.data as any[];
  assert.not.ok(theirs.some((r) => r.label === 'Renamed A'));
});

test('filters by action, date range and label search; bad filters answer 422', async () => {
  const today = new Date().toISOString().slice(0, 10);
  assert.ok((await rows(`&from=${today}&to=${today}`)).length > 0);
  assert.is((await rows('&from=2000-01-01&to=2000-01-02')).length, 0);
  assert.ok((await rows('&action=create')).every((r) => r.action === 'create'));
  assert.ok((await rows('&q=audit')).every((r) => r.label.toLowerCase().includes('audit')));
  assert.is((await api.call('GET', 'activity?from=yesterday', { token: admin })).status, 422);
  assert.is((await api.call('GET', 'activity?action=hack', { token: admin })).status, 422);
});

test.run();
