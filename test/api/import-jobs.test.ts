import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';
import { USER_IMPORT_BUSY } from '../../server/services/user-import.ts';
import { PHOTO_IMPORT_BUSY } from '../../server/routes/event-photos.ts';

// Imports as background jobs (DESIGN.md §4): accepted at once with a job id, progress on
// GET import-job/{id}, one import at a time per organiser (photos) or per user (user import).

let api: TestApi;
let admin: string;
let A: TestOrganiser, B: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  await api.call('POST', 'role', { token: admin, form: { name: 'editor' } });
  A = await makeOrganiser(api, 'JobA', 0);
  B = await makeOrganiser(api, 'JobB', 0);
});
test.after(async () => {
  await api.stop();
});

const usersCsv = (tag: string, n: number) =>
  new File(
    [['name,email,password,role', ...Array.from({ length: n }, (_, i) => `User ${i},${tag}${i}@example.com,Secret-${i}x,editor`)].join('\n')],
    'users.csv',
    { type: 'text/csv' },
  );
const importUsers = (file: File, token = admin) => api.call('POST', 'user/import', { token, form: { file } });
let nextBid = 1;
/** Uploads `rows` photos with bid numbers no earlier upload used (a repeated one is asked about first). */
const uploadPhotos = (o: TestOrganiser, rows: number, bids = Array.from({ length: rows }, () => nextBid++), extra: Record<string, string> = {}) =>
  api.call('POST', 'uploadExcel', {
    token: o.token,
    form: { event_id: String(o.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv(bids.map((b) => goodRow(b)))), ...extra },
  });
const count = async (sql: string, p: (string | number)[] = []) => Number((await api.sql.get<{ n: number }>(sql, p))!.n);

test('a users import answers at once with a job id, reports its hashing progress and finishes with the users saved', async () => {
  const started = await importUsers(usersCsv('prog', 24));
  assert.is(started.status, 200, JSON.stringify(started.body));
  assert.is(started.body.message, 'The import has started.');
  const job = await awaitJob(api.call, admin, started);
  assert.is(job.state, 'done', job.message);
  assert.is(job.message, '24 users imported successfully.');
  assert.equal([job.rows_total, job.rows_checked, job.rows_written, job.passwords_total, job.passwords_hashed], [24, 24, 24, 24, 24]);
  assert.ok(job.finished_at! >= job.created_at);
  const midway = job.seen.filter((j) => j.state === 'running' && j.passwords_hashed > 0 && j.passwords_hashed < 24);
  assert.ok(midway.length >= 2, `progress seen: ${job.seen.map((j) => `${j.state}:${j.passwords_hashed}`).join(' ')}`);
  const hashed = job.seen.map((j) => j.passwords_hashed);
  assert.equal(
    hashed,
    [...hashed].sort((a, b) => a - b),
    'progress never goes back',
  );
  assert.is(await count("SELECT COUNT(*) AS n FROM users WHERE email LIKE 'prog%'"), 24);
  await api.login('prog23@example.com', 'Secret-23x');
});

test('while a users import runs, a second one by the same user is refused (409) with a clear message and writes nothing', async () => {
  // Enough passwords to hash that the first job still runs while the second sheet is read (in the
  // spreadsheet worker) and checked: with 12, a busy machine saw the first finish before that.
  const first = await importUsers(usersCsv('first', 48));
  assert.is(first.status, 200);
  const second = await importUsers(usersCsv('second', 2));
  assert.is(second.status, 409, JSON.stringify(second.body));
  assert.is(second.body.status, 'conflict');
  assert.is(second.body.message, USER_IMPORT_BUSY);
  // The running job can be found again without its id (another browser), by its user only.
  assert.is((await api.call('GET', 'import-job/current?kind=users', { token: admin })).body.data?.id, first.body.data.job_id);
  assert.is((await api.call('GET', 'import-job/current?kind=users', { token: A.token })).body.data, null);
  assert.is((await api.call('GET', 'import-job/current?kind=other', { token: admin })).status, 422);
  assert.is((await awaitJob(api.call, admin, first)).state, 'done');
  assert.is((await api.call('GET', 'import-job/current?kind=users', { token: admin })).body.data, null);
  assert.is(await count("SELECT COUNT(*) AS n FROM users WHERE email LIKE 'second%'"), 0);
  // Once the first has finished, the next import is accepted.
  assert.is((await awaitJob(api.call, admin, await importUsers(usersCsv('second', 2)))).rows_written, 2);
});

test('a photo upload is refused (409) while the organiser has one running, even in another process; another organiser is not held up', async () => {
  // A job another API process is running for organiser A (its lease runs for another minute).
  const now = Date.now();
  const other = await api.sql.get<{ id: number }>(
    "INSERT INTO import_jobs (kind, owner_key, user_id, state, rows_total, created_at, updated_at, lease_token, lease_until) VALUES ('photos', ?, 1, 'running', 10, ?, ?, 1, ?) RETURNING id",
    [`organiser:${A.companyId}`, now, now, now + 60_000],
  );
  const refused = await uploadPhotos(A, 3);
  assert.is(refused.status, 409, JSON.stringify(refused.body));
  assert.is(refused.body.message, PHOTO_IMPORT_BUSY);
  assert.is((await awaitJob(api.call, B.token, await uploadPhotos(B, 3))).rows_written, 3);
  // That process dies: once its lease has ended its job shows failed and A may upload again.
  await api.sql.run('UPDATE import_jobs SET lease_until = ? WHERE id = ?', [Date.now() - 1000, other!.id]);
  const job = await awaitJob(api.call, A.token, await uploadPhotos(A, 3));
  assert.is(job.state, 'done');
  assert.is(job.message, 'Successfully uploaded photos');
  const dead = (await api.call('GET', `import-job/${other!.id}`, { token: admin })).body.data;
  assert.is(dead.state, 'failed');
  assert.match(dead.message, /nothing was imported/);
  assert.is(await count('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [A.eventId]), 3);
});

test('a sheet repeating bid numbers is answered 409 { duplicates } before any job is recorded; with replace the job updates them in place', async () => {
  assert.is((await awaitJob(api.call, A.token, await uploadPhotos(A, 0, [9001, 9002]))).state, 'done');
  const photos = () => count('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [A.eventId]);
  const [jobsBefore, photosBefore] = [await count('SELECT COUNT(*) AS n FROM import_jobs'), await photos()];
  const asked = await uploadPhotos(A, 0, [9001, 9003]);
  assert.is(asked.status, 409, JSON.stringify(asked.body));
  assert.equal(asked.body.data, { duplicates: 1 });
  assert.is(await count('SELECT COUNT(*) AS n FROM import_jobs'), jobsBefore, 'no job was started');
  assert.is(await photos(), photosBefore);
  const job = await awaitJob(api.call, A.token, await uploadPhotos(A, 0, [9001, 9003], { duplicates: 'replace' }));
  assert.equal([job.state, job.rows_total, job.rows_written], ['done', 2, 2]);
  assert.is(await photos(), photosBefore + 1, 'the repeated bid number was updated, not added');
});

test('a job is reported only to the user who started it and to admins', async () => {
  const started = await uploadPhotos(A, 2);
  const id = started.body.data.job_id;
  await awaitJob(api.call, A.token, started);
  assert.is((await api.call('GET', `import-job/${id}`, { token: B.token })).status, 404);
  assert.is((await api.call('GET', `import-job/${id}`, { token: admin })).status, 200);
  assert.is((await api.call('GET', 'import-job/99999', { token: A.token })).status, 404);
  assert.is((await api.call('GET', `import-job/${id}`)).status, 401);
});

test('while an import transaction is open, signed-in reads are answered at once and do not see its rows', async () => {
  const before = await count('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [B.eventId]);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let opened!: () => void;
  const open = new Promise<void>((r) => (opened = r));
  const tx = api.sql.transaction(async (t) => {
    await t.run(
      "INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation) VALUES (?, 'X1', 'https://a/1', 'https://a/2', 1, '0', 'portrait')",
      [B.eventId],
    );
    opened();
    await held;
  });
  await open;
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('a read waited for the open transaction')), 10_000));
  try {
    const [me, list] = await Promise.race([
      Promise.all([api.call('GET', 'user/get', { token: B.token }), api.call('GET', `getPhotosByEventId?event_id=${B.eventId}`, { token: B.token })]),
      timeout,
    ]);
    assert.is(me.status, 200);
    assert.is(list.body.data.total, before, 'uncommitted rows are not seen');
  } finally {
    release();
    await tx;
  }
  assert.is(await count('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [B.eventId]), before + 1);
});

test.run();
