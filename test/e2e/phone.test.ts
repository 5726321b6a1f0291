import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';
import { coveredControls } from './layout-helpers.ts';

/**
 * On a phone (390 px): Escape and a tap outside close the sidebar menu overlay; list cards have
 * no Sl.No line, are dense (name and checkbox, then the rest) and keep their actions; at 375 px a
 * toast covers no control; at 1366 px the table keeps its Sl.No column.
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

const toggle = () => phone.getByRole('button', { name: 'Toggle menu' });

test('Escape closes the open menu overlay and puts focus back on its toggle', async () => {
  await phone.goto(`${e.url}/admin/users`);
  await toggle().click();
  await phone.locator('.sidebar-overlay').waitFor({ state: 'visible' });
  assert.is(await toggle().getAttribute('aria-expanded'), 'true');
  await phone.keyboard.press('Escape');
  await phone.locator('.sidebar-overlay').waitFor({ state: 'hidden' });
  assert.is(await toggle().getAttribute('aria-expanded'), 'false');
  assert.is(await phone.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Toggle menu');
});

test('a tap outside the menu closes it', async () => {
  await toggle().click();
  await phone.locator('.sidebar-overlay').waitFor({ state: 'visible' });
  // Beside the menu, once it has slid in.
  await phone.waitForFunction(() => document.getElementById('sidebar')!.getBoundingClientRect().left >= 0);
  const menu = (await phone.locator('#sidebar').boundingBox())!;
  assert.ok(menu.x + menu.width < 370, 'the overlay shows beside the menu');
  await phone.mouse.click(380, 600);
  await phone.locator('.sidebar-overlay').waitFor({ state: 'hidden' });
  assert.is(await toggle().getAttribute('aria-expanded'), 'false');
});

test('a user card shows no Sl.No line and keeps its actions; nothing scrolls sideways', async () => {
  await phone.goto(`${e.url}/admin/users`);
  const rows = phone.locator('table.table tbody tr:has(td[data-primary])');
  await rows.first().waitFor();
  const n = await rows.count();
  for (let i = 0; i < Math.min(n, 5); i++) {
    const row = rows.nth(i);
    assert.not.ok(await row.locator('td[data-serial]').isVisible(), `card ${i} has no Sl.No line`);
    assert.not.ok((await row.innerText()).includes('Sl.No'));
    const box = (await row.boundingBox())!;
    const edit = row.getByRole('button', { name: /^Edit / });
    if (await edit.count()) {
      const b = (await edit.boundingBox())!;
      assert.ok(b.y >= box.y && b.y + b.height <= box.y + box.height + 1 && b.x + b.width <= 390, `card ${i}'s Edit sits in it`);
    }
  }
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');
});

test('a user card is dense: its name and checkbox on the first line, its other cells unlabelled below, under 110 px tall', async () => {
  await phone.goto(`${e.url}/admin/users`);
  const rows = phone.locator('table.table tbody tr:has(td[data-primary])');
  await rows.nth(3).waitFor();
  for (let i = 0; i < 4; i++) {
    const row = rows.nth(i);
    const card = (await row.boundingBox())!;
    assert.ok(card.height < 110, `card ${i} is ${card.height} px tall`);
    const name = (await row.locator('td[data-primary]').boundingBox())!;
    const box = (await row.locator('td.select-cell input').boundingBox())!;
    assert.ok(box.y + box.height / 2 > name.y && box.y + box.height / 2 < name.y + name.height, `card ${i}'s checkbox sits on its name's line`);
    const labels = await row
      .locator('td[data-label]')
      .evaluateAll((tds) => tds.map((td) => getComputedStyle(td, '::before').content).filter((c) => c !== 'none' && c !== '"·"'));
    assert.equal(labels, [], `card ${i} shows no column labels`);
  }
  // Four cards fit where two did.
  const first = (await rows.nth(0).boundingBox())!;
  const fourth = (await rows.nth(3).boundingBox())!;
  assert.ok(fourth.y + fourth.height - first.y < 450, `four cards take ${fourth.y + fourth.height - first.y} px`);
});

test("at 375 px a toast over the user cards leaves the header controls and the cards' buttons uncovered", async () => {
  const small = await e.browser.newPage({ viewport: { width: 375, height: 812 } });
  await signIn(small, e.url);
  await small.goto(`${e.url}/admin/users`);
  const row = small.locator('table.table tbody tr:has(td[data-primary])').nth(1);
  await row.getByRole('button', { name: /^Edit / }).click();
  await small.getByRole('dialog', { name: 'Edit User' }).getByRole('button', { name: 'Save changes' }).click();
  await small.locator('.toast').first().waitFor();
  await small.getByRole('dialog').waitFor({ state: 'detached' });
  // Placed on the next frame: wait until the stack sits below the header.
  await small.waitForFunction(
    () => document.querySelector('.toast-container')!.getBoundingClientRect().top >= document.querySelector('.topbar')!.getBoundingClientRect().bottom,
  );
  await small.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.equal(await coveredControls(small), []);
  await small.close();
});

test('at 1366 px the users table keeps its header row with Sl.No', async () => {
  await e.page.goto(`${e.url}/admin/users`);
  await e.page.locator('table.table tbody tr td[data-primary]').first().waitFor();
  assert.ok(await e.page.getByRole('columnheader', { name: /Sl\.No/ }).isVisible());
  assert.ok(await e.page.locator('td[data-serial]').first().isVisible());
});

test.run();
