import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';
import { ABILITIES } from '../../src/common/abilities.ts';

/**
 * One feedback channel: a failed submit marks its fields inline and says so in one
 * "Whoops..!!!" toast (admin-area §5), a second submit replaces the first one's toast, a server
 * validation error shows under its field and as one toast per failing field (§8); a route change or a success clears
 * earlier error toasts; toasts never cover the header (its Theme control), at 1366 px and 390 px.
 */
let e: E2E;
let phone: Page;
test.before(async () => {
  e = await startE2E({ demo: true }, { width: 1366, height: 768 });
  await signIn(e.page, e.url);
  phone = await e.browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, e.url);
});
test.after(async () => {
  await e.stop();
});

const liveErrors = (page: Page) => page.locator('.toast-error:not(.leaving)');

async function openAddPermission(page: Page) {
  await page.goto(`${e.url}/admin/permissions`);
  await page.getByRole('button', { name: 'ADD Permission' }).click();
  return page.getByRole('dialog', { name: 'Add Permission' });
}

test('an empty submit: the message under the field and one Whoops toast; a second submit still shows one', async () => {
  const page = e.page;
  const modal = await openAddPermission(page);
  await modal.getByRole('button', { name: 'Save changes' }).click();
  await liveErrors(page).first().waitFor();
  assert.is(await liveErrors(page).count(), 1);
  assert.is(await liveErrors(page).locator('.toast-title').innerText(), 'Whoops..!!!');
  assert.ok((await modal.innerText()).includes('Please fill Permission name.'), 'the message sits under the field');
  await modal.getByRole('button', { name: 'Save changes' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.toast-error').length === 1);
  assert.is(await liveErrors(page).count(), 1, "the second submit replaced the first one's toast");
});

test('a server validation error shows under its field and as one error toast per failing field (admin-area §8)', async () => {
  const page = e.page;
  const modal = page.getByRole('dialog', { name: 'Add Permission' });
  await modal.getByLabel('Permission name').fill(ABILITIES[0].name);
  await modal.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('The name has already been taken.').first().waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('.toast-error:not(.leaving)')].some((t) => t.textContent?.includes('already been taken')));
  assert.is(await liveErrors(page).count(), 1);
  assert.ok((await modal.innerText()).includes('The name has already been taken.'), 'inline under the field');
});

test('a route change clears the earlier error toasts', async () => {
  const page = e.page;
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  assert.ok((await liveErrors(page).count()) > 0, 'an error toast is still up before leaving');
  await page.getByRole('link', { name: 'Pages', exact: true }).first().click();
  await page.waitForURL(/\/admin\/pages$/);
  await page.waitForFunction(() => document.querySelectorAll('.toast-error').length === 0);
});

test('a success clears error toasts raised by another form', async () => {
  const page = e.page;
  const modal = await openAddPermission(page);
  await modal.getByRole('button', { name: 'Save changes' }).click();
  await liveErrors(page).first().waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'ADD Permission' }).click();
  const again = page.getByRole('dialog', { name: 'Add Permission' });
  await again.getByLabel('Permission name').fill(`Feedback ${Date.now()}`);
  await again.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('.toast-success').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.toast-error:not(.leaving)').length === 0);
});

for (const [label, get] of [
  ['1366 px', () => e.page],
  ['390 px', () => phone],
] as const) {
  test(`at ${label} a toast never covers the header or its Theme control`, async () => {
    const page = get();
    await page.goto(`${e.url}/admin/users`);
    await page.getByRole('button', { name: /^ADD/ }).first().waitFor();
    const modal = await openAddPermission(page);
    await modal.getByRole('button', { name: 'Save changes' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // With the modal gone the stack is placed over the page, which a phone fills with controls.
    const toast = liveErrors(page).first();
    await toast.waitFor();
    await page.waitForFunction(() => {
      const t = document.querySelector('.toast-container')!.getBoundingClientRect();
      return t.top >= document.querySelector('.topbar')!.getBoundingClientRect().bottom;
    });
    const stack = (await page.locator('.toast-container').boundingBox())!;
    const theme = (await page.locator('.theme-switch').boundingBox())!;
    const header = (await page.locator('.topbar').boundingBox())!;
    const overlaps = stack.x < theme.x + theme.width && theme.x < stack.x + stack.width && stack.y < theme.y + theme.height && theme.y < stack.y + stack.height;
    assert.not.ok(overlaps, `the stack ${JSON.stringify(stack)} covers Theme ${JSON.stringify(theme)}`);
    assert.ok(stack.y >= header.y + header.height, 'the stack starts below the header');
    await page.locator('.theme-switch select').selectOption('dark');
    assert.is(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the Theme control still answers');
    await page.locator('.theme-switch select').selectOption('system');
  });
}

test.run();
