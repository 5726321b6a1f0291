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

const CALLS: [string, string][] = [
  ['GET', 'page?page=1'],
  ['GET', 'page/1'],
  ['POST', 'page'],
  ['PUT', 'page/1'],
  ['DELETE', 'page/1'],
];

test('every page call is 401 without a token and 403 for a role without the Pages menu', async () => {
  const { token } = await tokenFor(api, admin, ['users']);
  for (const [m, p] of CALLS) {
    assert.is((await api.call(m, p)).status, 401, `${m} ${p}`);
    assert.is((await api.call(m, p, { token, form: m === 'GET' ? undefined : { title: 't', content: 'c' } })).status, 403, `${m} ${p}`);
  }
});

test('a role with the Pages menu may use the page calls', async () => {
  const { token } = await tokenFor(api, admin, ['pages']);
  assert.is((await api.call('GET', 'page?page=1', { token })).status, 200);
});

test('pages are added, listed in the paginator, edited and deleted with the server messages', async () => {
  const add = await api.call('POST', 'page', { token: admin, form: { title: 'About us', content: 'Who we are' } });
  assert.is(add.body.message, 'Page created successfully.');
  const id = add.body.data.id;
  const list = await api.call('GET', 'page?page=1', { token: admin });
  assert.ok(isPaginator(list.body.data));
  assert.ok(list.body.data.data.some((p: { title: string }) => p.title === 'About us'));
  const put = await api.call('PUT', `page/${id}`, { token: admin, form: { title: 'About', content: 'Changed' } });
  assert.is(put.body.message, 'Page updated successfully.');
  assert.equal((await api.call('GET', `page/${id}`, { token: admin })).body.data, { id, title: 'About', content: 'Changed' });
  assert.is((await api.call('DELETE', `page/${id}`, { token: admin })).body.message, 'Page deleted successfully.');
  assert.is((await api.call('GET', `page/${id}`, { token: admin })).status, 404);
});

test('title and content are required (whitespace is empty)', async () => {
  const r = await api.call('POST', 'page', { token: admin, form: { title: '  ', content: '' } });
  assert.is(r.status, 422);
  assert.equal(r.body.errors, { title: ['The title field is required.'], content: ['The content field is required.'] });
  assert.is((await api.call('PUT', 'page/99999', { token: admin, form: { title: 'a', content: 'b' } })).status, 404);
});

test('concurrent edits of one page take turns: each activity row starts where the one before ended', async () => {
  const add = await api.call('POST', 'page', { token: admin, form: { title: 'Edit 0', content: 'c' } });
  const id = add.body.data.id;
  let n = 0;
  const edits = await Promise.all(
    Array.from({ length: 24 }, () => api.call('PUT', `page/${id}`, { token: admin, form: { title: `Edit ${++n}`, content: 'c' } })),
  );
  assert.ok(
    edits.every((r) => r.status === 200),
    JSON.stringify(edits.map((r) => r.status)),
  );
  const rows = (await api.call('GET', `activity?resource=pages&resource_id=${id}&action=update&per_page=100`, { token: admin })).body.data.data as {
    changes: string;
  }[];
  assert.is(rows.length, 24, 'one row per edit');
  let title = 'Edit 0';
  for (const r of rows.reverse()) {
    const change = JSON.parse(r.changes).title;
    assert.is(change.from, title, 'each row starts where the one before ended');
    title = change.to;
  }
  assert.is(title, (await api.call('GET', `page/${id}`, { token: admin })).body.data.title, 'the last row ends at the stored title');
});

test('a page past the end answers an empty page with the true totals', async () => {
  for (let i = 0; i < 11; i++) await api.call('POST', 'page', { token: admin, form: { title: `P${i}`, content: 'x' } });
  const two = (await api.call('GET', 'page?page=2', { token: admin })).body.data;
  assert.is(two.current_page, 2);
  assert.is(two.last_page, 2);
  assert.is(two.data.length, two.total - 10);
  assert.is((await api.call('GET', 'page?page=9', { token: admin })).body.data.data.length, 0);
});

test.run();
