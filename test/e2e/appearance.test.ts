import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync } from 'node:fs';
import { startE2E, signIn, type E2E } from './harness.ts';

/**
 * The theme switch (System, Light, Dark) turns the page dark and survives a
 * reload; campaign cards show the kind as a word and the whole title on hover and focus; the
 * organiser sidebar reaches the bottom of a tall page; event rows have Edit.
 * Screenshots go to $SHOTS (default /tmp/shots-appearance).
 */
const SHOTS = process.env.SHOTS ?? '/tmp/shots-appearance';
mkdirSync(SHOTS, { recursive: true });
let e: E2E;
let base: string;
test.before(async () => {
  e = await startE2E({ demo: true });
  await signIn(e.page, e.url);
  const org = await e.api.sql.get<{ id: number }>("SELECT id FROM companies WHERE name = 'Demo Organiser'");
  base = `${e.url}/admin/organizer/${org!.id}`;
});
test.after(async () => {
  await e.stop();
});

const background = () => e.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const LIGHT_BG = 'rgb(244, 246, 249)';
const DARK_BG = 'rgb(20, 23, 31)';

test('the theme switch turns the page dark, survives a reload, and System follows the device', async () => {
  const page = e.page;
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${e.url}/admin/users`);
  const theme = page.getByLabel('Theme');
  assert.is(await theme.inputValue(), 'system');
  assert.is(await background(), LIGHT_BG);
  await theme.selectOption('dark');
  assert.is(await background(), DARK_BG);
  await page.screenshot({ path: `${SHOTS}/users-dark-1280.png` });
  await page.reload();
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
  assert.is(await page.getByLabel('Theme').inputValue(), 'dark');
  assert.is(await background(), DARK_BG);
  // Light wins over a dark device; System follows it.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByLabel('Theme').selectOption('light');
  assert.is(await background(), LIGHT_BG);
  await page.getByLabel('Theme').selectOption('system');
  assert.is(await background(), DARK_BG);
  await page.emulateMedia({ colorScheme: 'light' });
  assert.is(await background(), LIGHT_BG);
  assert.is(await page.evaluate(() => localStorage.getItem('theme')), null);
});

test('campaign cards name their kind and show the whole title on hover and focus', async () => {
  const page = e.page;
  const event = await e.api.sql.get<{ id: number; event_id: number }>('SELECT id, event_id FROM campaigns ORDER BY id LIMIT 1');
  const long = 'Harbour Conference of the Northern Coastal Towns, Autumn Edition';
  await e.api.sql.run('UPDATE campaigns SET title = ? WHERE id = ?', [long, event!.id]);
  await page.goto(`${base}/events/${event!.event_id}`);
  const card = page.locator('.campaign-card', { hasText: long });
  await card.waitFor();
  assert.ok(['Image', 'Video', 'Conference', 'PhotoApp'].includes(await card.locator('.campaign-type-name').innerText()));
  const title = card.locator('.campaign-card-title');
  const cut = () => title.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  await page.mouse.move(0, 0);
  assert.ok(await cut(), 'the long title is cut at rest');
  await card.hover();
  assert.not.ok(await cut(), 'the whole title shows on hover');
  assert.is(await title.innerText(), long);
  await page.mouse.move(0, 0);
  assert.ok(await cut());
  await card.getByRole('link', { name: 'View' }).focus();
  assert.not.ok(await cut(), 'the whole title shows while the card has focus');
  await page.screenshot({ path: `${SHOTS}/campaign-cards-focus-1280.png` });
});

test("the organiser sidebar's colour reaches the bottom of a page taller than the window", async () => {
  const page = e.page;
  await page.setViewportSize({ width: 1440, height: 500 });
  await page.goto(`${base}/events`);
  await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
  // The heading shows before the list's rows arrive; the page is tall only once they are in.
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .waitFor();
  await page.waitForFunction(() => document.documentElement.scrollHeight > innerHeight + 20);
  const png = await page.screenshot({ fullPage: true });
  await page.setViewportSize({ width: 1280, height: 860 });
  // Read the full-page picture's bottom-left pixel in the browser (no image library here).
  const [pixel, sidebar, height] = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    [c.width, c.height] = [img.width, img.height];
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(10, img.height - 3, 1, 1).data;
    return [`rgb(${d[0]}, ${d[1]}, ${d[2]})`, getComputedStyle(document.querySelector('.sidebar')!).backgroundColor, img.height];
  }, png.toString('base64'));
  assert.ok(height > 520, `the page is taller than the window: ${height}`);
  assert.is(pixel, sidebar);
});

test('an event row has Edit: the Edit Event form opens filled, saves, and the row shows the change', async () => {
  const page = e.page;
  await page.goto(`${base}/events`);
  const edit = page.getByRole('button', { name: /^Edit / }).first();
  await edit.waitFor();
  const name = (await edit.getAttribute('aria-label'))!.slice('Edit '.length);
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await dialog.waitFor();
  await page.waitForFunction((n) => (document.querySelector('.modal input[name=title]') as HTMLInputElement | null)?.value === n, name);
  await dialog.getByLabel('Name').fill(`${name} (renamed)`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('link', { name: `${name} (renamed)`, exact: true }).waitFor();
  assert.ok(await e.api.sql.get('SELECT id FROM events WHERE title = ?', [`${name} (renamed)`]));
  await page.screenshot({ path: `${SHOTS}/events-edit-1280.png` });
  assert.equal(e.errors, []);
});

test.run();
