import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { makeOrganiser, photoCsv, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';
import { setStorageQuota } from '../../server/db/queries/storage.ts';
import { insertPhotos } from '../../server/db/queries/event-photos.ts';
import { importWithinQuota } from '../../server/lib/files/quota.ts';
import { Invalid } from '../../server/runtime/domain-errors.ts';
import { statusOf } from '../../server/http/error-envelope.ts';
import { formatBytes } from '../../src/common/storage.ts';

// Event photos count towards the organiser's storage quota (the text of their rows), and a photo
// import that would pass the quota is refused before anything of it is written, with what it
// needs, what is left, the quota and what is used.

const KB = 1024,
  MB = 1024 * KB;
/** The refusal as the organiser reads it. */
const refusal = (needed: number, usedNow: number) =>
  `Not enough storage: this import needs ${formatBytes(needed)} but this organizer has ${formatBytes(MB - usedNow)} left of its 1 MB (${formatBytes(usedNow)} used). Delete photos, templates or logos to make room.`;
let api: TestApi;
let org: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  org = await makeOrganiser(api, 'PhotoQuota', 0);
  await setStorageQuota(api.sql, org.companyId, 1);
});
test.after(async () => {
  await api.stop();
});

/** `n` photo rows from bib `from` on, each about 2 KB (two 1,000-character links). */
const rows = (n: number, from = 1, tail = 'a') =>
  Array.from({ length: n }, (_, i) => {
    const bib = String(from + i);
    return [bib, `https://cdn.example.com/${bib}/${tail.repeat(1000)}-low.jpg`, `https://cdn.example.com/${bib}/${tail.repeat(1000)}-high.jpg`, 'portrait'];
  });
/** The bytes the database counts for `rs` imported free (price "0"). */
const bytesOf = (rs: string[][]) => rs.reduce((s, [b, l, h, o]) => s + b.length + l.length + h.length + 1 + o.length, 0);
const upload = (rs: string[][], extra: Record<string, string> = {}) =>
  api.call('POST', 'uploadExcel', {
    token: org.token,
    form: {
      event_id: String(org.eventId),
      photo_price_type_id: '1',
      photo_price: '',
      excel: csvFile(photoCsv(rs)),
      ...extra,
    },
  });
const used = async () => {
  const r = await api.call('GET', `organiser/${org.companyId}`, { token: org.token });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body.data.storage.used as number;
};
const count = async (table: string) => Number((await api.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);

test(`[${testEngine}] imported photos count towards the quota by the text of their rows; clearing them frees it`, async () => {
  const start = await used();
  const first = rows(150);
  assert.is((await awaitJob(api.call, org.token, await upload(first))).state, 'done');
  assert.is(await used(), start + bytesOf(first));
  // Replacing rows in place counts the new text instead of the old.
  const longer = rows(150, 1, 'bb').slice(0, 10);
  assert.is((await awaitJob(api.call, org.token, await upload(longer, { duplicates: 'replace' }))).state, 'done');
  assert.is(await used(), start + bytesOf(first) - bytesOf(first.slice(0, 10)) + bytesOf(longer));
  assert.is((await api.call('POST', 'deleteEventPhotos', { token: org.token, form: { event_id: String(org.eventId) } })).status, 200);
  assert.is(await used(), start);
});

test(`[${testEngine}] an import past the quota is refused before anything is written, with needed, left, quota and used`, async () => {
  const first = rows(300, 1000);
  assert.is((await awaitJob(api.call, org.token, await upload(first))).state, 'done');
  const before = { photos: await count('event_photos'), jobs: await count('import_jobs'), used: await used() };
  assert.ok(before.used > 600 * KB && before.used < 700 * KB, `used ${before.used}`);

  const big = rows(250, 5000);
  const r = await upload(big);
  assert.is(r.status, 422, JSON.stringify(r.body).slice(0, 300));
  assert.is(r.body.message, refusal(bytesOf(big), before.used));
  assert.equal(r.body.errors.excel, [r.body.message]);
  assert.equal({ photos: await count('event_photos'), jobs: await count('import_jobs'), used: await used() }, before, 'no photo, no job, no byte');

  // Three imports in a row, as in the report: each refused, nothing added.
  for (let i = 0; i < 3; i++) assert.is((await upload(rows(250, 10_000 + i * 1000))).status, 422);
  assert.is(await count('event_photos'), before.photos);

  // Re-importing photos already stored (replace) adds nothing and passes; what still fits passes.
  assert.is((await awaitJob(api.call, org.token, await upload(first.slice(0, 50), { duplicates: 'replace' }))).state, 'done');
  assert.is((await awaitJob(api.call, org.token, await upload(rows(20, 20_000)))).state, 'done');
  assert.is(await count('event_photos'), before.photos + 20);
});

test(`[${testEngine}] rows an import writes past the quota (space taken while it ran) are rolled back at its end`, async () => {
  const before = { photos: await count('event_photos'), used: await used() };
  const fresh = rows(300, 30_000);
  const over = fresh.map(([b, l, h, o]) => [org.eventId, b, l, h, 1, '0', o] as [number, string, string, string, number, string, string]);
  const err = await api.sql
    .transaction((tx) => importWithinQuota(tx, org.companyId, org.eventId, () => insertPhotos(tx, over)))
    .then(
      () => null,
      (e: unknown) => e,
    );
  assert.ok(err instanceof Invalid, String(err));
  assert.is(statusOf(err), 422);
  assert.is(err.message, refusal(bytesOf(fresh), before.used));
  assert.equal({ photos: await count('event_photos'), used: await used() }, before, 'nothing of it is stored');
});

test.run();
