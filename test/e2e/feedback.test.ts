import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';

/**
 * Feedback in one way. Focus returns to the opener's row after an edit modal
 * saved with the keyboard (WAI-ARIA dialog pattern); a success clears the same form's earlier
 * error toasts; both consoles use one toast stack.
 */
let e: E2E;
test.before(async () => {
  e = await startE2E({ demo: true });
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
});

const focusedRow = () => e.page.evaluate(() => document.activeElement?.closest('tr')?.textContent ?? null);

test('after saving an edit modal with the keyboard, the focused element is in the edited row', async () => {
  const page = e.page;
  await page.goto(`${e.url}/admin/pages`);
  const edit = page.getByRole('button', { name: /^Edit / }).first();
  await edit.waitFor();
  const name = (await edit.getAttribute('aria-label'))!.slice('Edit '.length);
  await edit.focus();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Edit Page' });
  const title = modal.getByLabel('Title');
  await page.waitForFunction(() => (document.querySelector('.modal input[name=title]') as HTMLInputElement | null)?.value !== '');
  await title.focus();
  await page.keyboard.press('End');
  await page.keyboard.type(' (edited)');
  await page.keyboard.press('Enter');
  await modal.waitFor({ state: 'detached' });
  await page.locator('.toast-success').first().waitFor();
  // The list reloads (its rows inert meanwhile); focus must end in the edited row, not on the body.
  await page.getByRole('cell', { name: `${name} (edited)`, exact: true }).waitFor();
  await page.waitForFunction(() => !document.querySelector('tbody[inert]'));
  await page.waitForTimeout(300);
  const row = await focusedRow();
  assert.ok(row?.includes(`${name} (edited)`), `focus is in the edited row, not on ${await page.evaluate(() => document.activeElement?.tagName)}: ${row}`);
});

test('a success removes the error toasts the same form raised before', async () => {
  const page = e.page;
  await page.getByRole('button', { name: 'ADD Page' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Page' });
  await modal.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('.toast-error').first().waitFor();
  await modal.getByLabel('Title').fill('Feedback page');
  await modal.getByLabel('Content').fill('Some words');
  await modal.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('.toast-success').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.toast-error:not(.leaving)').length === 0);
});

test('admin and organiser toasts share one stack position', async () => {
  const page = e.page;
  assert.is(await page.locator('.toast-container').count(), 1);
  const org = await e.api.sql.get<{ id: number }>("SELECT id FROM companies WHERE name = 'Demo Organiser'");
  await page.goto(`${e.url}/admin/organizer/${org!.id}/profile`);
  await page.getByRole('button', { name: 'Update Profile' }).waitFor();
  await page.waitForFunction(() => ((document.querySelector('input[name=name]') as HTMLInputElement | null)?.value ?? '') !== '');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const t = page.locator('.toast-success').first();
  await t.waitFor();
  const box = (await t.boundingBox())!;
  const vp = page.viewportSize()!;
  assert.ok(box.y < vp.height / 2 && box.x + box.width > vp.width / 2, `the organiser toast sits top-right: ${JSON.stringify(box)}`);
  assert.is(await page.locator('.toast-container').count(), 1);
});

test.run();
