import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';

/**
 * Lists that say what changed (docs/live.md): while A's Pages list is open in
 * two tabs, B adds a page, edits one and deletes another through the API. Without reloading, each
 * tab says "2 updated · Show" and greys out the deleted row with B's name; Show brings the new and
 * the changed row, marked. Both tabs share one stream (one GET /api/stream for the browser).
 */
let e: E2E;
let bea: string;
const ids: Record<string, number> = {};
test.before(async () => {
  e = await startE2E();
  const admin = await e.api.login();
  await e.api.call('POST', 'user', {
    token: admin,
    form: { name: 'Bea Bright', email: 'bea@example.com', password: 'Bea-pass-123', password_confirmation: 'Bea-pass-123', role: '1' },
  });
  bea = await e.api.login('bea@example.com', 'Bea-pass-123');
  for (const title of ['Alpha page', 'Charlie page'])
    ids[title] = (await e.api.call('POST', 'page', { token: admin, form: { title, content: 'x' } })).body.data.id;
});
test.after(async () => {
  await e.stop();
});

test("B's changes show in both of A's tabs without a reload, through one shared stream", async () => {
  const { url } = e;
  const streams: string[] = [];
  const context = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const one = await context.newPage();
  one.setDefaultTimeout(10_000);
  one.on('pageerror', (err) => e.errors.push(err.message));
  context.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/stream') streams.push(r.url());
  });
  await signIn(one, url, undefined, undefined, true);
  await one.goto(`${url}/admin/pages`);
  await one.getByRole('cell', { name: 'Alpha page', exact: true }).waitFor();
  const two = await context.newPage();
  two.setDefaultTimeout(10_000);
  await two.goto(`${url}/admin/pages`);
  await two.getByRole('cell', { name: 'Alpha page', exact: true }).waitFor();
  await one.waitForTimeout(1500); // the leader's stream is open

  assert.is((await e.api.call('POST', 'page', { token: bea, form: { title: 'Bravo page', content: 'new' } })).status, 200);
  assert.is((await e.api.call('PUT', `page/${ids['Alpha page']}`, { token: bea, form: { title: 'Alpha page (edited)', content: 'y' } })).status, 200);
  assert.is((await e.api.call('DELETE', `page/${ids['Charlie page']}`, { token: bea })).status, 200);

  for (const tab of [one, two]) {
    await tab.getByRole('status').filter({ hasText: '2 updated' }).waitFor();
    const gone = tab.locator(`tr[data-row-id="${ids['Charlie page']}"]`);
    await gone.getByText('Deleted by Bea Bright just now').waitFor();
    assert.ok(await gone.evaluate((tr) => tr.classList.contains('row-deleted')));
    // Nothing moved under the reader: the old rows are still there as they were.
    await tab.getByRole('cell', { name: 'Alpha page', exact: true }).waitFor();
  }
  assert.is(streams.length, 1, `one stream for the browser: ${streams}`);

  await one.getByRole('status').getByRole('button', { name: 'Show' }).click();
  await one.getByRole('cell', { name: 'Bravo page', exact: true }).waitFor();
  const edited = one.locator(`tr[data-row-id="${ids['Alpha page']}"]`);
  await edited.getByRole('cell', { name: 'Alpha page (edited)', exact: true }).waitFor();
  assert.ok(await edited.evaluate((tr) => tr.classList.contains('row-new')), 'the changed row is marked');
  assert.is(await one.locator(`tr[data-row-id="${ids['Charlie page']}"]`).count(), 0, 'the deleted row is gone after Show');
  assert.is(await one.getByRole('status').filter({ hasText: 'updated' }).count(), 0, 'the notice is gone');
  assert.equal(e.errors, []);
  await context.close();
});

test.run();
