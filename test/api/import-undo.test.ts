import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeRole, makeUser } from './admin-helpers.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';

/** Undo an import: exactly its rows go, in one step, once; changed or used rows block it by name. */
let api: TestApi;
let admin: string;
let A: TestOrganiser;
let B: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  A = await makeOrganiser(api, 'UndoA', 0);
  B = await makeOrganiser(api, 'UndoB', 0);
});
test.after(async () => {
  await api.stop();
});

const n = async (text: string, params: unknown[] = []) => Number((await api.sql.get<{ n: number }>(text, params as never))!.n);
const photos = (rows: (string | number)[], o: Record<string, string> = {}) =>
  api.call('POST', 'uploadExcel', {
    token: A.token,
    form: { event_id: String(A.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv(rows.map((b) => goodRow(b)))), ...o },
  });
const usersCsv = (emails: string[], role: string) =>
  new File([`name,email,password,role\n${emails.map((e) => `Imported ${e.split('@')[0]},${e},Secret123,${role}`).join('\n')}\n`], 'users.csv', {
    type: 'text/csv',
  });

test('a photo upload is undone in one step: exactly its rows go, earlier photos stay, the activity log says so, once only', async () => {
  const first = await awaitJob(api.call, A.token, await photos([1, 2, 3]));
  const bids = Array.from({ length: 200 }, (_, i) => 1000 + i);
  const wrong = await awaitJob(api.call, A.token, await photos(bids));
  assert.is(wrong.state, 'done');
  assert.is(await n('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [A.eventId]), 203);

  const preview = await api.call('GET', `import-job/${wrong.id}/undo`, { token: A.token });
  assert.is(preview.status, 200);
  assert.is(preview.body.data.count, 200);
  assert.is(preview.body.data.blocked_total, 0);
  // Another organiser cannot see or undo it.
  assert.is((await api.call('GET', `import-job/${wrong.id}/undo`, { token: B.token })).status, 404);
  assert.is((await api.call('POST', `import-job/${wrong.id}/undo`, { token: B.token })).status, 404);

  const r = await api.call('POST', `import-job/${wrong.id}/undo`, { token: A.token });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.message, 'Import undone: 200 photos removed.');
  const left = await api.sql.all<{ bid_number: string }>('SELECT bid_number FROM event_photos WHERE event_id = ? ORDER BY id', [A.eventId]);
  assert.equal(
    left.map((p) => p.bid_number),
    ['1', '2', '3'],
  );
  // The photo list's total (kept by triggers) agrees.
  assert.is((await api.call('GET', `getPhotosByEventId?event_id=${A.eventId}&page=1`, { token: A.token })).body.data.total, 3);

  const again = await api.call('POST', `import-job/${wrong.id}/undo`, { token: A.token });
  assert.is(again.status, 409);
  assert.is(again.body.message, 'This import was already undone.');
  const log = (await api.call('GET', 'activity?per_page=100&action=undo_import', { token: admin })).body.data.data as any[];
  assert.is(log.length, 1);
  assert.is(log[0].resource_id, wrong.id);
  assert.equal(JSON.parse(log[0].changes), { photos: { from: 200, to: 0 } });
  // The upload's own row names its job, which is how the Activity screen offers the undo.
  const started = (await api.call('GET', 'activity?per_page=100&action=import', { token: admin })).body.data.data as any[];
  const row = started.find((r) => r.resource_id === wrong.id);
  assert.ok(row, 'the import row names its job');
  assert.is(row.label, 'Event photos import');
  assert.equal(JSON.parse(row.changes), { rows: { from: null, to: 200 } });
  assert.is(row.organizer_id, A.companyId);
  void first;
});

test('photos replaced by a later upload block the undo, named; an upload that replaced earlier photos cannot be undone either', async () => {
  await api.call('POST', 'deleteEventPhotos', { token: A.token, form: { event_id: String(A.eventId) } });
  const first = await awaitJob(api.call, A.token, await photos([7, 8, 9]));
  const second = await awaitJob(api.call, A.token, await photos([8, 10], { duplicates: 'replace' }));
  assert.is(second.state, 'done');
  const blocked = await api.call('POST', `import-job/${first.id}/undo`, { token: A.token });
  assert.is(blocked.status, 409);
  assert.match(blocked.body.message, /Bid 8 \(replaced by a later import\)/);
  assert.is(blocked.body.data.blocked_total, 1);
  const mine = await api.call('POST', `import-job/${second.id}/undo`, { token: A.token });
  assert.is(mine.status, 409);
  assert.match(mine.body.message, /Bid 8 \(was on the event before this import replaced it\)/);
  // Nothing was removed by either refusal.
  assert.is(await n('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [A.eventId]), 4);
  assert.is(await n('SELECT COUNT(*) AS n FROM import_jobs WHERE undone_at IS NOT NULL AND id IN (?, ?)', [first.id, second.id]), 0);
});

test('a users import is undone unless some of its users signed in or were edited since; those are named and nothing goes', async () => {
  await makeRole(api, admin, { name: 'undo-role', screens: ['users'] });
  const emails = ['u1@undo.example', 'u2@undo.example', 'u3@undo.example'];
  const job = await awaitJob(api.call, admin, await api.call('POST', 'user/import', { token: admin, form: { file: usersCsv(emails, 'undo-role') } }));
  assert.is(job.state, 'done', job.message);
  await api.login('u2@undo.example', 'Secret123');
  const u3 = await api.sql.get<{ id: number }>('SELECT id FROM users WHERE email = ?', ['u3@undo.example']);
  const role = await api.sql.get<{ id: number }>("SELECT id FROM roles WHERE name = 'undo-role'");
  assert.is(
    (await api.call('PUT', `user/${u3!.id}`, { token: admin, form: { name: 'Edited Three', email: 'u3@undo.example', role: String(role!.id) } })).status,
    200,
  );

  const preview = (await api.call('GET', `import-job/${job.id}/undo`, { token: admin })).body.data;
  assert.is(preview.count, 3);
  assert.equal(
    preview.blocked.map((b: any) => `${b.label}: ${b.reason}`),
    ['u2@undo.example: signed in since', 'u3@undo.example: edited since'],
  );
  const refused = await api.call('POST', `import-job/${job.id}/undo`, { token: admin });
  assert.is(refused.status, 409);
  assert.match(refused.body.message, /2 users changed since it: u2@undo.example \(signed in since\), u3@undo.example \(edited since\)/);
  assert.is(await n("SELECT COUNT(*) AS n FROM users WHERE email LIKE '%@undo.example'"), 3);

  // A clean import of three others goes entirely; the users around it stay.
  const other = ['v1@undo.example', 'v2@undo.example', 'v3@undo.example'];
  const clean = await awaitJob(api.call, admin, await api.call('POST', 'user/import', { token: admin, form: { file: usersCsv(other, 'undo-role') } }));
  const before = await n('SELECT COUNT(*) AS n FROM users');
  const r = await api.call('POST', `import-job/${clean.id}/undo`, { token: admin });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.message, 'Import undone: 3 users removed.');
  assert.is(await n('SELECT COUNT(*) AS n FROM users'), before - 3);
  assert.is(await n("SELECT COUNT(*) AS n FROM users WHERE email LIKE 'v%@undo.example'"), 0);
});

test('staff without "Delete users" may not undo a users import, even their own', async () => {
  const target = await makeRole(api, admin, { name: 'undo-target', screens: ['users'] });
  const importer = await makeRole(api, admin, { name: 'importer-only', screens: ['users'], abilities: ['users.view', 'users.import'], access: [target] });
  const u = await makeUser(api, admin, importer, 'importer@undo.example');
  const token = await api.login('importer@undo.example', u.password);
  const job = await awaitJob(api.call, token, await api.call('POST', 'user/import', { token, form: { file: usersCsv(['w1@undo.example'], 'undo-target') } }));
  assert.is(job.state, 'done', job.message);
  const r = await api.call('POST', `import-job/${job.id}/undo`, { token });
  assert.is(r.status, 403);
  assert.is(await n("SELECT COUNT(*) AS n FROM users WHERE email = 'w1@undo.example'"), 1);
});

test.run();
