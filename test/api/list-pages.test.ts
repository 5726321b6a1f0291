import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { NEAR_ROWS } from '../../server/db/list-page.ts';
import { ROW_BUCKET } from '../../server/db/migrations/023-row-buckets.ts';

/**
 * Every way a list page is read (db/list-page.ts listPage) gives the same rows: a near page
 * with its total in one statement, a far page after a count, a back-half page read from the
 * other end, and a page past the end. 2,500 permissions, 100 a page, sorted by name downwards.
 */
let api: TestApi;
let admin: string;
const N = 2_500;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  await api.sql.runMany(
    'INSERT INTO permissions (name) VALUES (?)',
    Array.from({ length: N }, (_, i) => [`Paged ${String(i).padStart(4, '0')} ${i % 7 ? 'b' : 'A'}`]),
  );
});
test.after(async () => {
  await api.stop();
});

const page = async (n: number, q = '') => (await api.call('GET', `permission?page=${n}&per_page=100&sort=name&dir=desc${q}`, { token: admin })).body.data;

test('walking every page of a sorted list, near and far, gives the whole list once, in order', async () => {
  const first = await page(1);
  const total = first.total as number;
  assert.ok(total >= N, `total ${total}`);
  assert.ok(total * 1 > NEAR_ROWS * 2, 'far pages and back-half pages are both walked');
  const names: string[] = [];
  for (let n = 1; n <= first.last_page; n++) {
    const p = await page(n);
    assert.is(p.total, total, `page ${n} total`);
    names.push(...p.data.map((r: { name: string }) => r.name));
  }
  assert.is(names.length, total);
  const expected = [...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase(), 'en') || 0);
  assert.equal(
    names.filter((x) => x.startsWith('Paged')),
    expected.filter((x) => x.startsWith('Paged')),
  );
  assert.is(new Set(names).size, total, 'no row twice');
});

test('a page past the end is empty but still knows the total; an empty search is total 0', async () => {
  const first = await page(1);
  const past = await page(first.last_page + 3);
  assert.equal(past.data, []);
  assert.is(past.total, first.total);
  const none = await page(1, '&q=nothing-matches-this');
  assert.equal([none.total, none.data, none.last_page], [0, [], 1]);
  const far = await page(15, '&q=paged');
  assert.is(far.total, N, 'a filtered far page counts the matches');
  assert.is(far.data.length, 100);
});

test('far pages of the whole users list by their number (bucket counts, migration 023) are the rows OFFSET gives, both ways, with gaps in the ids', async () => {
  // 5,000 users over five buckets of 1,024 ids, then two holes: one inside a bucket, one a whole bucket.
  await api.sql.runMany(
    "INSERT INTO users (name, email, password_hash, created_at) VALUES (?, ?, 'x', 0)",
    Array.from({ length: 5_000 }, (_, i) => [`Bucketed ${i}`, `bucketed${i}@example.com`]),
  );
  await api.sql.run('DELETE FROM users WHERE id BETWEEN 1500 AND 1700 OR id BETWEEN 3072 AND 4095');
  const expectIds = async (offset: number, dir: 'ASC' | 'DESC') =>
    (await api.sql.all<{ id: number }>(`SELECT id FROM users ORDER BY id ${dir} LIMIT 10 OFFSET ${offset}`)).map((r) => Number(r.id));
  const total = Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))!.n);
  for (const [n, order] of [
    [101, ''],
    [150, ''],
    [170, ''],
    [250, ''],
    [Math.ceil(total / 10), ''],
    [120, '&sort=id&dir=desc'],
    [300, '&sort=id&dir=desc'],
  ] as const) {
    const r = await api.call('GET', `user?page=${n}&per_page=10${order}`, { token: admin });
    assert.is(r.status, 200);
    assert.is(r.body.data.total, total);
    assert.equal(
      r.body.data.data.map((u: { id: number }) => u.id),
      await expectIds((n - 1) * 10, order ? 'DESC' : 'ASC'),
      `page ${n}${order}`,
    );
  }
  const past = await api.call('GET', `user?page=${Math.ceil(total / 10) + 5}&per_page=10`, { token: admin });
  assert.equal(past.body.data.data, []);
  const kept = await api.sql.all<{ b: number; n: number }>("SELECT bucket AS b, n FROM row_buckets WHERE name = 'users' AND n > 0 ORDER BY bucket");
  const counted = await api.sql.all<{ b: number; n: number }>(
    `SELECT id / ${ROW_BUCKET} AS b, COUNT(*) AS n FROM users GROUP BY id / ${ROW_BUCKET} ORDER BY b`,
  );
  assert.equal(
    kept.map((r) => [Number(r.b), Number(r.n)]),
    counted.map((r) => [Number(r.b), Number(r.n)]),
    'the triggers keep every bucket exact',
  );
});

test.run();
