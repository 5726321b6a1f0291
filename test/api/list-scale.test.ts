import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { download } from './lists-helpers.ts';
import { COUNT_CAP } from '../../server/db/list-page.ts';

/**
 * Lists past the count cap (db/list-page.ts): a broad search answers a capped total
 * ("10,000+" in the console) and the exact figure on `count=exact`; pages read by seeking from a
 * neighbour's cursor are the rows OFFSET gives; a large export comes out whole and in list order;
 * bad cursors and count values answer 422. 12,000 users named "Scale NNNNN" (every third "Scale
 * Odd …"), so a search for "scale" matches more than COUNT_CAP of them.
 */
let api: TestApi;
let admin: string;
const N = 12_000;
const name = (i: number) => `Scale ${i % 3 ? '' : 'Odd '}${String(i).padStart(5, '0')}`;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  await api.sql.runMany(
    'INSERT INTO users (name, email, password_hash, created_at) VALUES (?, ?, ?, ?)',
    Array.from({ length: N }, (_, i) => [name(i), `scale${i}@list.example`, 'x', 1_000 + (i % 97)]),
  );
});
test.after(async () => {
  await api.stop();
});

const get = async (q: string) => {
  const r = await api.call('GET', `user?${q}`, { token: admin });
  assert.is(r.status, 200, `${q}: ${JSON.stringify(r.body)}`);
  return r.body.data as {
    total: number;
    last_page: number;
    current_page: number;
    total_capped?: true;
    next_cursor?: string;
    prev_cursor?: string;
    data: { id: number; name: string }[];
  };
};

test('a broad search answers a capped total; count=exact gives the exact figure; a narrow one is exact', async () => {
  const broad = await get('q=scale&page=1');
  assert.equal([broad.total, broad.total_capped, broad.last_page, broad.data.length], [COUNT_CAP, true, COUNT_CAP / 10, 10]);
  const again = await get('q=scale&page=2');
  assert.equal([again.total, again.total_capped], [COUNT_CAP, true], 'the same capped answer on the next page');
  const exact = await get('q=scale&page=1&count=exact');
  assert.equal([exact.total, exact.total_capped, exact.last_page], [N, undefined, N / 10]);
  const narrow = await get('q=odd&page=1');
  assert.equal([narrow.total, narrow.total_capped], [N / 3, undefined], '4,000 matches are counted exactly');
  const whole = await get('page=1');
  assert.ok(whole.total > N && whole.total_capped === undefined, 'the unfiltered total is the kept count, exact');
  // Short searches are matched by LIKE on both engines; still capped.
  const short = await get('q=sc&page=1');
  assert.equal([short.total, short.total_capped], [COUNT_CAP, true]);
});

test('the last pages of a capped list: Next stays offered; a page past the cap reached directly counts to the end', async () => {
  const atCap = await get(`q=scale&page=${COUNT_CAP / 10}`);
  assert.equal([atCap.data.length, atCap.total_capped], [10, true]);
  assert.ok(atCap.last_page > atCap.current_page, 'more rows after the cap: a next page is offered');
  const far = await get('q=scale&page=1150');
  assert.equal([far.total, far.total_capped, far.data.length], [N, undefined, 10]);
  const last = await get(`q=scale&page=${N / 10}`);
  assert.equal(last.data.map((r) => r.name).at(-1), name(N - 1));
});

test("pages read by seeking from a shown page's cursor are the pages OFFSET gives: next, previous, a few away; forwards and back; several orders", async () => {
  for (const order of ['q=scale', 'q=scale&sort=name&dir=desc', 'sort=email', 'sort=created_at&dir=desc', 'q=odd&sort=id&dir=desc']) {
    const offset = async (n: number) => (await get(`${order}&per_page=100&page=${n}`)).data.map((r) => r.id);
    let page = await get(`${order}&per_page=100&page=1`);
    for (let n = 2; n <= 10; n++) {
      assert.ok(page.next_cursor, `${order}: page ${n - 1} has a next cursor`);
      const seek = await get(`${order}&per_page=100&page=${n}&after=${page.next_cursor}`);
      assert.equal(
        seek.data.map((r) => r.id),
        await offset(n),
        `${order}: page ${n} by cursor`,
      );
      assert.is(seek.current_page, n);
      const jump = await get(`${order}&per_page=100&page=${n + 2}&after=${page.next_cursor}`);
      assert.equal(
        jump.data.map((r) => r.id),
        await offset(n + 2),
        `${order}: page ${n + 2} from page ${n - 1}'s cursor`,
      );
      const back = await get(`${order}&per_page=100&page=${n - 1}&before=${seek.prev_cursor}`);
      assert.equal(
        back.data.map((r) => r.id),
        page.data.map((r) => r.id),
        `${order}: page ${n - 1} by its next page's cursor`,
      );
      if (n > 3) {
        const backJump = await get(`${order}&per_page=100&page=${n - 3}&before=${seek.prev_cursor}`);
        assert.equal(
          backJump.data.map((r) => r.id),
          await offset(n - 3),
          `${order}: page ${n - 3} from page ${n}'s cursor`,
        );
      }
      page = seek;
    }
  }
});

/** A cursor text with its page number replaced. */
const repaged = (cursor: string, page: number) =>
  Buffer.from(JSON.stringify([page, ...JSON.parse(Buffer.from(cursor, 'base64url').toString()).slice(1)])).toString('base64url');

test('a cursor is what places the page: its row, then the pages between; a cursor too far away is not used', async () => {
  const fifth = await get('q=scale&sort=name&per_page=25&page=5');
  const sixth = await get('q=scale&sort=name&per_page=25&page=6');
  const seek = await get(`q=scale&sort=name&per_page=25&page=2&after=${repaged(fifth.next_cursor!, 1)}`);
  assert.equal(
    seek.data.map((r) => r.id),
    sixth.data.map((r) => r.id),
    "the rows after the cursor's row, whatever the page number",
  );
  const far = await get(`q=scale&sort=name&per_page=25&page=40&after=${repaged(fifth.next_cursor!, 1)}`);
  const byNumber = await get('q=scale&sort=name&per_page=25&page=40');
  assert.equal(
    far.data.map((r) => r.id),
    byNumber.data.map((r) => r.id),
  );
  const wrongSide = await get(`q=scale&sort=name&per_page=25&page=3&after=${fifth.next_cursor}`);
  assert.equal(
    wrongSide.data.map((r) => r.id),
    (await get('q=scale&sort=name&per_page=25&page=3')).data.map((r) => r.id),
  );
});

test('an order that cannot seek (a role, which may be NULL) answers no cursor, and pages by OFFSET', async () => {
  const p = await get('sort=role&page=1');
  assert.is(p.next_cursor, undefined);
});

test('hostile list params answer 422, never 5xx', async () => {
  const first = await get('q=scale&sort=name&page=1');
  for (const [q, field] of [
    ['count=all', 'count'],
    ['count=exact%00', 'count'],
    ['after=***', 'after'],
    ['after=e30', 'after'],
    [`after=${'A'.repeat(2000)}`, 'after'],
    [`after=${Buffer.from('[1,{"a":1}]').toString('base64url')}`, 'after'],
    [`after=${Buffer.from('[null]').toString('base64url')}`, 'after'],
    ['before=W10', 'before'],
    [`after=${first.next_cursor}&before=${first.next_cursor}`, 'before'],
    // No page first, a cursor of another order (two keys where the id order has one), keys of the wrong kind.
    [`page=2&after=${Buffer.from('["abc"]').toString('base64url')}`, 'after'],
    [`page=2&after=${Buffer.from('[1e300, 5]').toString('base64url')}`, 'after'],
    [`page=2&after=${Buffer.from('[0, 5]').toString('base64url')}`, 'after'],
    [`page=2&after=${Buffer.from('[1]').toString('base64url')}`, 'after'],
    [`page=2&after=${first.next_cursor}`, 'after'],
    [`page=2&after=${Buffer.from('[1, "abc"]').toString('base64url')}`, 'after'],
    [`page=2&after=${Buffer.from('[1, 1e300]').toString('base64url')}`, 'after'],
  ] as const) {
    const r = await api.call('GET', `user?${q}`, { token: admin });
    assert.is(r.status, 422, `${q}: ${r.status} ${JSON.stringify(r.body)}`);
    assert.ok(r.body.errors?.[field], `${q}: names ${field}`);
  }
  // A key of the wrong kind for its column: PostgreSQL refuses it (422), SQLite orders text after numbers (an empty page).
  const odd = await api.call('GET', `user?page=2&sort=created_at&after=${Buffer.from('[1,"abc",5]').toString('base64url')}`, { token: admin });
  assert.ok(odd.status === 422 || (odd.status === 200 && odd.body.data.data.length === 0), `${odd.status} ${JSON.stringify(odd.body)}`);
});

test('an export of 12,000 users streams them whole and in list order', async () => {
  const sorted = await download(api, 'user/export?q=scale&sort=name&dir=desc', admin);
  assert.is(sorted.status, 200);
  const names = sorted.rows.slice(1).map((r) => r[1]);
  assert.is(names.length, N);
  const expected = Array.from({ length: N }, (_, i) => name(i)).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? 1 : -1));
  assert.equal(names, expected);
  const byId = await download(api, 'user/export', admin);
  const ids = byId.rows.slice(1).map((r) => Number(r[0]));
  assert.ok(ids.length > N);
  assert.ok(
    ids.every((id, i) => i === 0 || id > ids[i - 1]),
    'id order',
  );
  const odd = await download(api, 'user/export?q=odd&sort=created_at', admin);
  assert.is(odd.rows.length - 1, N / 3);
});

test('after a bulk delete of every match the capped count is not reused: the list says none at once', async () => {
  assert.is((await get('q=scale&page=1')).total_capped, true);
  assert.is((await get('q=scale&page=1150')).total, N);
  const del = await api.call('POST', 'user/bulk-delete', { token: admin, form: { all: '1', q: 'scale' } });
  assert.is(del.status, 200, JSON.stringify(del.body));
  const after = await get('q=scale&page=1');
  assert.equal([after.total, after.total_capped, after.data], [0, undefined, []]);
  assert.equal((await get('q=scale&page=1150')).total, 0, 'nor the exact count a far page made');
});

test.run();
