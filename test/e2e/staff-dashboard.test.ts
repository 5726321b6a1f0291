import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { tokenFor } from '../api/admin-helpers.ts';
import { makeUser } from '../api/admin-helpers.ts';

/**
 * The dashboard of a staff user who is not an administrator: below the spec's four boxes, live
 * figures of its own screens, which count again on their own when a user is added elsewhere
 * (docs/live.md "Counts beside a list, dashboards").
 */
let e: E2E;
let staff: { email: string; password: string };
let admin: string;
let managedRole: number;

test.before(async () => {
  e = await startE2E();
  admin = await e.api.login();
  const managed = await tokenFor(e.api, admin, []);
  managedRole = managed.roleId;
  await makeUser(e.api, admin, managed.roleId);
  const role = (await tokenFor(e.api, admin, ['users'], [managed.roleId])).roleId;
  staff = await makeUser(e.api, admin, role);
});
test.after(async () => {
  await e.stop();
});

for (const width of [1366, 390]) {
  test(`at ${width} px a staff user sees the four boxes, then the count of users it manages, leading to Users`, async () => {
    const { page, url } = e;
    await page.setViewportSize({ width, height: 860 });
    await page.context().clearCookies();
    await page.goto(`${url}/login`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await signIn(page, url, staff.email, staff.password);
    await page.goto(`${url}/admin`);
    const live = page.getByRole('region', { name: 'Live figures' });
    const tile = live.getByRole('link', { name: /Users/ });
    await tile.waitFor();
    assert.is((await tile.innerText()).replace(/\s+/g, ' ').trim(), '2 Users');
    assert.is(await live.getByRole('link').count(), 1, 'only its own screen');
    const [boxes, figures] = await Promise.all([page.getByRole('region', { name: 'Summary' }).boundingBox(), live.boundingBox()]);
    assert.ok(boxes && figures && boxes.y < figures.y, "below the spec's boxes");
    assert.ok(figures!.x + figures!.width <= width);
    await tile.click();
    await page.waitForURL(/\/admin\/users/);
    assert.equal(e.errors, []);
  });
}

test('the live figures count again on their own when a user it manages is added elsewhere, without a reload', async () => {
  const { page, url } = e;
  await page.setViewportSize({ width: 1366, height: 860 });
  const streamed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stream');
  await page.goto(`${url}/admin`);
  const tile = page.getByRole('region', { name: 'Live figures' }).getByRole('link', { name: /Users/ });
  await tile.waitFor();
  assert.is((await tile.innerText()).replace(/\s+/g, ' ').trim(), '2 Users');
  await streamed;
  await page.waitForTimeout(1_000);
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 3;
  });
  await makeUser(e.api, admin, managedRole);
  await page.waitForFunction(() => /^3\s+Users$/.test((document.querySelector('.stat-tiles a') as HTMLElement | null)?.innerText.trim() ?? ''), undefined, {
    timeout: 8_000,
  });
  assert.is((await tile.innerText()).replace(/\s+/g, ' ').trim(), '3 Users');
  assert.is(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 3, 'the page was not reloaded');
  assert.equal(e.errors, []);
});

test.run();
