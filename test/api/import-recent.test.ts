import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, csvFile, goodRow, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';

// GET import-job/recent (the notice above the Users list) and the templates' example rows, which
// every import skips (src/common/sheet-examples.ts).

let api: TestApi;
let admin: string;
let A: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  await api.call('POST', 'role', { token: admin, form: { name: 'support' } });
  A = await makeOrganiser(api, 'Recent', 0);
});
test.after(async () => {
  await api.stop();
});

const template = (file: string) => readFileSync(new URL(`../../static/templates/${file}`, import.meta.url), 'utf8');
const recent = async (token = admin, kind = 'users') => api.call('GET', `import-job/recent?kind=${kind}`, { token });
const count = async (sql: string, p: (string | number)[] = []) => Number((await api.sql.get<{ n: number }>(sql, p))!.n);

test('the users template alone has no rows to import, and its example row is never imported', async () => {
  assert.is((await recent()).body.data, null, 'no import yet');
  const bare = await api.call('POST', 'user/import', { token: admin, form: { file: csvFile(template('users-template.csv'), 'users.csv') } });
  assert.is(bare.status, 422, JSON.stringify(bare.body));
  assert.equal(bare.body.errors.file, ['The file has no rows to import.']);
  // Filled in under the example (spaces and another letter case around it change nothing).
  const filled = `${template('users-template.csv').replace('Example Person', ' example person ')}Rae Recent,rae.recent@example.com,Secret-1x,support\nSam Recent,sam.recent@example.com,Secret-2x,support\n`;
  const job = await awaitJob(api.call, admin, await api.call('POST', 'user/import', { token: admin, form: { file: csvFile(filled, 'users.csv') } }));
  assert.is(job.state, 'done', job.message);
  assert.is(job.rows_written, 2);
  assert.is(await count("SELECT COUNT(*) AS n FROM users WHERE email IN ('rae.recent@example.com', 'sam.recent@example.com')"), 2);
  assert.is(await count("SELECT COUNT(*) AS n FROM users WHERE email = 'example.person@example.com'"), 0, 'the example is not a user');
});

test("GET import-job/recent answers the caller's newest done import of the kind, its undo, and nothing after 24 hours", async () => {
  const r = await recent();
  assert.is(r.status, 200, JSON.stringify(r.body));
  const job = r.body.data;
  assert.is(job.kind, 'users');
  assert.is(job.rows_written, 2);
  assert.is(job.undone_at, null);
  assert.is(job.undone_by, null);
  assert.is((await recent(A.token)).body.data, null, "another user's import is not theirs");
  assert.is((await recent(admin, 'photos')).body.data, null, 'by kind');
  assert.is((await recent(admin, 'other')).status, 422);

  const undo = await api.call('POST', `import-job/${job.id}/undo`, { token: admin });
  assert.is(undo.status, 200, JSON.stringify(undo.body));
  const after = (await recent()).body.data;
  assert.is(after.id, job.id);
  assert.type(after.undone_at, 'number');
  assert.ok(after.undone_by.length > 0, 'names who undid it');

  await api.sql.run('UPDATE import_jobs SET finished_at = ? WHERE id = ?', [Date.now() - 25 * 60 * 60 * 1000, job.id]);
  assert.is((await recent()).body.data, null, 'older than 24 hours');
});

test("the photo and participant templates' example rows are skipped by the upload and the import", async () => {
  const photos = `${template('event-photos-template.csv')}${goodRow(7).join(',')}\n`;
  const up = await api.call('POST', 'uploadExcel', {
    token: A.token,
    form: { event_id: String(A.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photos) },
  });
  const photoJob = await awaitJob(api.call, A.token, up);
  assert.is(photoJob.state, 'done', photoJob.message);
  assert.equal(
    (await api.sql.all<{ bid_number: string }>('SELECT bid_number FROM event_photos WHERE event_id = ?', [A.eventId])).map((p) => p.bid_number),
    ['7'],
  );

  const people = `${template('participants-template.csv')}7,Pat Seven,,no,\n`;
  const imp = await api.call('POST', `event/${A.eventId}/participants`, { token: A.token, form: { file: csvFile(people, 'participants.csv') } });
  const peopleJob = await awaitJob(api.call, A.token, imp);
  assert.is(peopleJob.state, 'done', peopleJob.message);
  assert.equal(
    (await api.sql.all<{ name: string }>('SELECT name FROM participants WHERE event_id = ?', [A.eventId])).map((p) => p.name),
    ['Pat Seven'],
  );
});

test.run();
