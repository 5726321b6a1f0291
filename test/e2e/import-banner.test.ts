import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startE2E, JOB_MS, signIn, type E2E } from './harness.ts';

/**
 * The latest import's notice above the Users list: it outlives "Show the imported users", leaving
 * the page and another browser; Undo this import from it; once undone it says so and offers no Undo,
 * nor does Activity; Dismiss puts it away. The template's example row is not imported.
 */
let e: E2E;
test.before(async () => {
  e = await startE2E({}, { width: 1366, height: 768 });
  const admin = await e.api.login();
  await e.api.call('POST', 'role', { token: admin, form: { name: 'support', permissions: '[]', roles: '[]' } });
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
});

const banner = (page: Page) => page.getByRole('region', { name: 'Latest import' });
const template = readFileSync(new URL('../../static/templates/users-template.csv', import.meta.url), 'utf8');

test('a template filled in under its example imports only the rows added; the notice stays after Show and after leaving the page', async () => {
  const { page, url } = e;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'banner-')), 'users.csv');
  writeFileSync(file, `${template}Bea Banner,bea.banner@example.com,Secret-1x,support\nBo Banner,bo.banner@example.com,Secret-2x,support\n`);
  await page.goto(`${url}/admin/users`);
  await page.getByRole('cell', { name: 'admin@example.com' }).waitFor();
  assert.is(await banner(page).count(), 0, 'no notice before any import');
  await page.getByRole('button', { name: 'Import User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Users' });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByText('2 users in the file:').waitFor();
  assert.is(await dialog.getByRole('cell', { name: 'example.person@example.com' }).count(), 0, 'the preview leaves the example out');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await page.getByText('2 users imported successfully.').waitFor({ timeout: JOB_MS });
  await dialog.waitFor({ state: 'detached' });

  await banner(page)
    .getByText(/added 2 users\./)
    .waitFor();
  await banner(page).getByRole('button', { name: 'Show the 2 imported users' }).click();
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row-id]').length === 2);
  const emails = (await page.locator('tbody tr[data-row-id] td').allInnerTexts()).filter((t) => t.includes('@')).sort();
  assert.equal(emails, ['bea.banner@example.com', 'bo.banner@example.com']);
  // Still there, with its Undo, while the list shows the import's users.
  await banner(page).getByText('Showing the users one import added.').waitFor();
  assert.ok(await banner(page).getByRole('button', { name: 'Undo this import' }).isVisible());
  await banner(page).getByRole('button', { name: 'Show all users' }).click();
  await page.getByRole('cell', { name: 'admin@example.com' }).waitFor();

  await page.goto(`${url}/admin/roles`);
  await page.getByRole('heading', { name: 'Roles' }).waitFor();
  await page.goBack();
  await banner(page).getByRole('button', { name: 'Undo this import' }).waitFor();

  // Another browser of the same user finds it too: it comes from the server.
  const other = await e.browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(other, url);
  await other.goto(`${url}/admin/users`);
  await banner(other)
    .getByText(/added 2 users\./)
    .waitFor();
  assert.ok(await other.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll at 390 px');
  await other.close();
});

test('Undo this import from the notice removes the users; the notice then says who undid it and offers no Undo, nor does Activity', async () => {
  const { page, url } = e;
  await banner(page).getByRole('button', { name: 'Undo this import' }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo this import?' });
  await confirm.getByRole('button', { name: 'Remove 2 users' }).click();
  await page.locator('.toast', { hasText: 'Import undone: 2 users removed.' }).waitFor();
  await banner(page)
    .getByText(/^Undone by \S.* at .+\.$/)
    .waitFor();
  assert.is(await banner(page).getByRole('button', { name: 'Undo this import' }).count(), 0);
  assert.is(
    await banner(page)
      .getByRole('button', { name: /imported user/ })
      .count(),
    0,
  );
  assert.is(await page.getByRole('cell', { name: 'bea.banner@example.com' }).count(), 0);

  await page.goto(`${url}/admin/users`);
  await banner(page)
    .getByText(/^Undone by /)
    .waitFor();
  assert.is(await banner(page).getByRole('button', { name: 'Undo this import' }).count(), 0, 'not after coming back either');

  await page.goto(`${url}/admin/activity`);
  const started = page.getByRole('row').filter({ hasText: 'Users import' }).filter({ hasText: 'Undone by' });
  await started.first().waitFor();
  assert.is(await page.getByRole('button', { name: 'Undo this import' }).count(), 0, 'Activity offers no Undo of an undone import');
});

test('the notice passes axe in both themes, and Dismiss puts it away for good', async () => {
  const { page, url } = e;
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.goto(`${url}/admin/users`);
    await banner(page).waitFor();
    assert.equal(await seriousAxe(page), [], `axe, ${theme}`);
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
  await banner(page).getByRole('button', { name: 'Dismiss the import notice' }).click();
  await banner(page).waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('cell', { name: 'admin@example.com' }).waitFor();
  assert.is(await banner(page).count(), 0, 'still dismissed after a reload');
});

/** Serious and critical axe-core violations on the page, as "rule: where". */
async function seriousAxe(page: Page): Promise<string[]> {
  // Evaluated, not added as a script tag, so the console's Content-Security-Policy stays on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const r = await (
      window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  });
}

test.run();
