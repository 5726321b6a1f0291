import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeRole, makeUser } from './admin-helpers.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';
import { recordHref } from '../../src/common/activity.ts';

/**
 * The Activity list's reading aids: sign-ins left out unless asked for (pages and totals agree),
 * each entry's record as it is now (a link, or deleted), and an import's end state and undo.
 */
let api: TestApi;
let admin: string;
let A: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  A = await makeOrganiser(api, 'LinksA', 0);
});
test.after(async () => {
  await api.stop();
});

const page = async (query: string, token = admin) => {
  const r = await api.call('GET', `activity?per_page=100${query}`, { token });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body.data as { total: number; data: any[] };
};

test('sign-ins are left out by default, counted out of the total too; sign_ins=shown, the Record filter or the Action filter shows them', async () => {
  await api.call('POST', 'login', { form: { email: 'admin@example.com', password: 'wrong-Pass-1' } });
  await api.call('POST', 'logout', { token: await api.login() });
  const sessions = Number((await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM activity WHERE resource = 'session'"))!.n);
  const all = Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM activity'))!.n);
  assert.ok(sessions >= 3);
  const plain = await page('&count=exact');
  assert.not.ok(plain.data.some((r) => r.resource === 'session'));
  assert.is(plain.total, all - sessions);
  const shown = await page('&sign_ins=shown&count=exact');
  assert.is(shown.total, all);
  assert.ok(['sign_in', 'sign_in_failed', 'sign_out'].every((a) => shown.data.some((r) => r.action === a)));
  const named = await page('&resource=session');
  assert.is(named.total, sessions);
  // The Action filter shows what it names: "Signed in" lists sign-ins without sign_ins=shown.
  const signedIn = await page('&action=sign_in&count=exact');
  assert.ok(signedIn.total > 0);
  assert.is(signedIn.total, Number((await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM activity WHERE action = 'sign_in'"))!.n));
  // The CSV follows the same rule.
  const csv = await api.call('GET', 'activity/export', { token: admin });
  assert.not.match(String(csv.body), /Signed in|,session,/);
  assert.is((await api.call('GET', 'activity?sign_ins=yes', { token: admin })).status, 422);
  // An organiser's own log leaves them out as well.
  const mine = await page('&count=exact', A.token);
  assert.not.ok(mine.data.some((r) => r.resource === 'session'));
  assert.ok((await page('&sign_ins=shown', A.token)).data.some((r) => r.resource === 'session' && r.action === 'sign_in'));
});

test('an entry names its record as it is now: a link while it exists, deleted once it does not', async () => {
  const role = await makeRole(api, admin, { name: 'LinkRole', screens: ['users'] });
  const kept = await makeUser(api, admin, role, 'kept-link@example.com');
  const gone = await makeUser(api, admin, role, 'gone-link@example.com');
  assert.is((await api.call('DELETE', `user/${gone.id}`, { token: admin })).status, 200);
  const users = (await page('&resource=users')).data;
  const keptRow = users.find((r) => r.resource_id === kept.id && r.action === 'create');
  assert.equal(keptRow.record, { exists: true, search: 'kept-link@example.com' });
  assert.is(recordHref(keptRow), '~/admin/users?q=kept-link%40example.com');
  const goneRows = users.filter((r) => r.resource_id === gone.id);
  assert.equal(
    goneRows.map((r) => r.action),
    ['delete', 'create'],
  );
  for (const r of goneRows) {
    assert.equal(r.record, { exists: false });
    assert.is(recordHref(r), null);
  }

  const ev = await api.call('POST', 'event', {
    token: A.token,
    form: { organizer_id: String(A.companyId), title: 'Linked Gala', description: 'd', start_date: '2031-04-01', end_date: '2031-04-02' },
  });
  assert.is(ev.status, 200, JSON.stringify(ev.body));
  const eventRow = (await page('&resource=events&q=Linked Gala')).data[0];
  assert.is(recordHref(eventRow), `~/admin/organizer/${A.companyId}/events/${ev.body.data.id}`);
  const org = await api.call('POST', 'organiser', {
    token: admin,
    form: { name: 'Linked Org', email: 'linked-org@example.com', phone: '5550100', password: 'Secret123', status: '1' },
  });
  assert.is(org.status, 200, JSON.stringify(org.body));
  const orgRow = (await page('&resource=organisers&q=Linked Org')).data[0];
  assert.is(recordHref(orgRow), `~/admin/organizer/${orgRow.resource_id}`);
  // The organiser reads the same link to its event; the sign-ins and settings name no record.
  const own = (await page('&resource=events', A.token)).data.find((r) => r.resource_id === ev.body.data.id);
  assert.is(recordHref(own), `~/admin/organizer/${A.companyId}/events/${ev.body.data.id}`);
  assert.ok((await page('&resource=session')).data.every((r) => r.record === null));
  assert.is((await api.call('PUT', 'deleteEvent', { token: A.token, form: { event_id: String(ev.body.data.id) } })).status, 200);
  const after = (await page('&resource=events&q=Linked Gala')).data;
  assert.ok(after.length >= 2 && after.every((r) => r.record?.exists === false));
});

const usersCsv = (emails: string[], role: string) =>
  new File([`name,email,password,role\n${emails.map((e) => `Imported ${e.split('@')[0]},${e},Secret123,${role}`).join('\n')}\n`], 'users.csv', {
    type: 'text/csv',
  });

test("an import's entry carries its end state: done with its rows, then undone by whom and when; a failed one says so", async () => {
  const role = await makeRole(api, admin, { name: 'ImportLinkRole', screens: ['users'] });
  void role;
  const job = await awaitJob(
    api.call,
    admin,
    await api.call('POST', 'user/import', { token: admin, form: { file: usersCsv(['il1@example.com', 'il2@example.com'], 'ImportLinkRole') } }),
  );
  assert.is(job.state, 'done');
  const entry = async () => (await page('&action=import')).data.find((r) => r.resource_id === job.id);
  const done = await entry();
  assert.equal(done.import_job, { kind: 'users', state: 'done', rows_written: 2, undone_at: null, undone_by: null });
  assert.is(done.record, null);
  const u = await api.call('POST', `import-job/${job.id}/undo`, { token: admin });
  assert.is(u.status, 200, JSON.stringify(u.body));
  const undone = await entry();
  assert.is(undone.import_job.state, 'done');
  assert.is(typeof undone.import_job.undone_at, 'number');
  const undoRow = (await page('&action=undo_import')).data.find((r) => r.resource_id === job.id);
  assert.is(undone.import_job.undone_by, undoRow.actor_name);
  assert.ok(undoRow.actor_name.length > 0);
  // The undo's own entry is not an import's: it carries no state.
  assert.is(undoRow.import_job, null);

  const photos = await awaitJob(
    api.call,
    A.token,
    await api.call('POST', 'uploadExcel', {
      token: A.token,
      form: { event_id: String(A.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv([goodRow(1), goodRow(2)])) },
    }),
  );
  await api.sql.run("UPDATE import_jobs SET state = 'failed', rows_written = 0 WHERE id = ?", [photos.id]);
  const failed = (await page('&action=import', A.token)).data.find((r) => r.resource_id === photos.id);
  assert.equal(failed.import_job, { kind: 'photos', state: 'failed', rows_written: 0, undone_at: null, undone_by: null });
});

test.run();
