import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startE2E, signIn, type E2E, waitForQuiet } from './harness.ts';

/**
 * An axe-core check of every screen in Chromium (no serious or critical violations),
 * modals included; every screen usable at 375 px (no page-wide sideways scroll: tables scroll in
 * their own box); the keyboard alone signs in and adds a permission. Screenshots at 375 px go
 * to $SHOTS (default /tmp/shots-375) for checking by eye.
 */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SHOTS = process.env.SHOTS ?? '/tmp/shots-375';
let e: E2E;
let narrow: Page;

async function violations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const r = await (
      window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

async function settle(page: Page) {
  await waitForQuiet(page);
  await page
    .locator('.spinner')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
}

/** Screens to check, with the demo data's ids. */
async function routes(): Promise<string[]> {
  const sql = e.api.sql;
  const org = await sql.get<{ id: number }>("SELECT id FROM companies WHERE name = 'Demo Organiser'");
  const list = [
    '/admin',
    '/admin/permissions',
    '/admin/roles',
    '/admin/users',
    '/admin/pages',
    '/admin/adminmenus',
    '/admin/settings',
    '/admin/organizers',
    '/admin/activity',
    '/admin/account',
  ];
  if (!org) return list;
  const base = `/admin/organizer/${org.id}`;
  list.push(base, `${base}/profile`, `${base}/holiday`, `${base}/booking`, `${base}/events`);
  const event =
    (await sql.get<{ id: number }>('SELECT e.id FROM events e JOIN campaigns c ON c.event_id = e.id WHERE e.company_id = ? ORDER BY e.id LIMIT 1', [org.id])) ??
    (await sql.get<{ id: number }>('SELECT id FROM events WHERE company_id = ? ORDER BY id LIMIT 1', [org.id]));
  if (!event) return list;
  list.push(`${base}/events/${event.id}`);
  const campaigns = await sql.all<{ id: number; event_id: number; type: number }>(
    'SELECT MIN(c.id) AS id, c.event_id, c.type FROM campaigns c JOIN events e ON e.id = c.event_id WHERE e.company_id = ? GROUP BY c.type, c.event_id ORDER BY c.type',
    [org.id],
  );
  const seen = new Set<number>();
  for (const c of campaigns) {
    if (seen.has(c.type)) continue;
    seen.add(c.type);
    list.push(`${base}/events/${c.event_id}/${c.id}`);
    if (c.type === 1) list.push(`${base}/events/${c.event_id}/${c.id}/add-template`);
  }
  return list;
}

test.before(async () => {
  e = await startE2E({ demo: true }, { bypassCSP: true });
  narrow = await e.browser.newPage({ viewport: { width: 375, height: 740 }, bypassCSP: true });
  mkdirSync(SHOTS, { recursive: true });
});
test.after(async () => {
  await e.stop();
});

test('the sign-in and register screens have no serious or critical axe violations', async () => {
  for (const path of ['/login', '/register']) {
    await e.page.goto(`${e.url}${path}`);
    await settle(e.page);
    assert.equal(await violations(e.page), [], path);
  }
});

test('the keyboard alone signs in', async () => {
  const { page, url } = e;
  await page.goto(`${url}/login`);
  // The e-mail field takes focus on arrival.
  await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'email');
  await page.keyboard.type('admin@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Admin-pass-1');
  await page.keyboard.press('Enter');
  await page.waitForURL(`${url}/admin`);
});

test('every signed-in screen and its Add modal has no serious or critical axe violations', async () => {
  const failures: string[] = [];
  for (const path of await routes()) {
    await e.page.goto(`${e.url}${path}`);
    await settle(e.page);
    const v = await violations(e.page);
    if (v.length) failures.push(`${path}: ${JSON.stringify(v)}`);
    const add = e.page.getByRole('button', { name: /^(ADD|Add)\b/ }).first();
    // My account's "Add a passkey" asks the browser, not a modal.
    if (path !== '/admin/account' && (await add.count()) && (await add.isVisible())) {
      await add.click();
      await e.page.getByRole('dialog').first().waitFor();
      await settle(e.page);
      const mv = await violations(e.page);
      if (mv.length) failures.push(`${path} (modal): ${JSON.stringify(mv)}`);
      await e.page.keyboard.press('Escape');
      await e.page
        .getByRole('dialog')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
    }
  }
  assert.equal(failures, []);
});

test('with the Dark theme, axe finds no contrast failure on the sign-in screen and every signed-in screen', async () => {
  const page = e.page;
  mkdirSync(`${SHOTS}-dark`, { recursive: true });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  const failures: string[] = [];
  for (const path of ['/login', ...(await routes())]) {
    await page.goto(`${e.url}${path}`);
    await settle(page);
    assert.is(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', path);
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
    const bad = await page.evaluate(async () => {
      const r = await (
        window as unknown as {
          axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[] }> };
        }
      ).axe.run(document, { runOnly: ['color-contrast'], resultTypes: ['violations'] });
      return r.violations.flatMap((v) => v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(-1)[0] ?? ''}`));
    });
    if (bad.length) failures.push(`${path}: ${bad.join(' | ')}`);
    await page.screenshot({ path: `${SHOTS}-dark/${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}.png`, fullPage: true });
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
  assert.equal(failures, []);
});

test('the keyboard alone opens Add Permission, types and saves', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/permissions`);
  await settle(page);
  await page.getByRole('button', { name: 'ADD Permission' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Add Permission' }).waitFor();
  await page.keyboard.type('Keyboard only');
  await page.keyboard.press('Enter');
  await page.getByText('Added successfully').waitFor();
  await page
    .getByRole('cell', { name: 'Keyboard only', exact: true })
    .waitFor({ timeout: 5000 })
    .catch(async () => {
      // The new row may sit on a later page; the toast already proved the save.
    });
});

test('every screen fits 375 px without a page-wide sideways scroll, and the menu is a drawer', async () => {
  await narrow.goto(`${e.url}/login`);
  await narrow.getByLabel('Email').fill('admin@example.com');
  await narrow.getByLabel('Password').fill('Admin-pass-1');
  await narrow.getByRole('button', { name: 'Sign In' }).click();
  await narrow.waitForURL(`${e.url}/admin`);
  assert.not.ok(await narrow.locator('.sidebar').isVisible(), 'the menu starts closed on a phone');
  await narrow.getByRole('button', { name: 'Toggle menu' }).click();
  await narrow.locator('.sidebar').waitFor({ state: 'visible' });
  const wide: string[] = [];
  for (const path of await routes()) {
    await narrow.goto(`${e.url}${path}`);
    await settle(narrow);
    const width = await narrow.evaluate(() => document.documentElement.scrollWidth);
    if (width > 376) wide.push(`${path}: ${width}px`);
    await narrow.screenshot({ path: `${SHOTS}/${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}.png`, fullPage: true });
  }
  assert.equal(wide, []);
});

test.run();
