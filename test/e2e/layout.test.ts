import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E, waitForQuiet } from './harness.ts';
import { makeCampaign, makeOrganiser, type Organiser } from '../api/campaigns-fixtures.ts';
import { makeRole, makeUser } from '../api/admin-helpers.ts';
import { coveredAfterToast, screens, sidewaysScroll, WIDTHS, writePng } from './layout-helpers.ts';

/** Toasts off the controls, navigation and every width. */
let e: E2E;
let org: Organiser;
let campaign: number;
let otherEvent: number;
test.before(async () => {
  e = await startE2E({}, { width: 1440, height: 900 });
  org = await makeOrganiser(e.api, 'Harbour Runs');
  campaign = await makeCampaign(e.api, org, { type: '1', title: 'Harbour Finish Line Photos' });
  otherEvent = (await e.api.sql.get<{ id: number }>(
    "INSERT INTO events (company_id, title, description, start_date, end_date, created_at) VALUES (?, 'Bay Swim', '', '2030-06-01', '2030-06-01', ?) RETURNING id",
    [org.companyId, Date.now()],
  ))!.id;
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
});
const console = () => `${e.url}/admin/organizer/${org.companyId}`;

for (const width of [1440, 375]) {
  test(`at ${width} px no toast covers a control: admin form errors and success, organiser form error and success`, async () => {
    const { page, url } = e;
    await page.setViewportSize({ width, height: width > 500 ? 900 : 812 });
    await page.goto(`${url}/admin/permissions`);
    await page.getByRole('button', { name: 'ADD Permission' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Permission' });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    assert.equal(await coveredAfterToast(page, 'Please fill'), [], 'error toast over an open modal');
    await dialog.getByRole('textbox').fill(`Layout check ${width}`);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    assert.equal(await coveredAfterToast(page, 'Added successfully'), [], 'success toast over the list');
    assert.is(await page.locator('.toast', { hasText: 'Please fill' }).count(), 0, "the success cleared the same form's error");

    await page.goto(`${console()}/events`);
    await page.getByRole('button', { name: 'Add Event' }).click();
    await page.getByRole('dialog', { name: 'Add Event' }).getByRole('button', { name: 'Save' }).click();
    assert.equal(await coveredAfterToast(page, 'Please fill Name.'), [], 'organiser error toast over an open modal');
    await page.keyboard.press('Escape');
    await page.goto(`${console()}/profile`);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    assert.equal(await coveredAfterToast(page, /./), [], 'organiser toast over the profile form');
  });
}

test("breadcrumbs' Home leads to the area's home and the crumbs name the event and campaign", async () => {
  const { page, url } = e;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${url}/admin/users`);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
  await page.waitForURL((u) => u.pathname === '/admin');
  await page.goto(`${console()}/events/${org.eventId}/${campaign}`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await crumbs.getByRole('link', { name: 'Event Detail: Harbour Runs Marathon' }).waitFor();
  await crumbs.getByText('Campaign Detail: Harbour Finish Line Photos').waitFor();
  await crumbs.getByRole('link', { name: 'Home' }).click();
  await page.waitForURL((u) => u.pathname === `/admin/organizer/${org.companyId}`);
});

test('each screen names the tab, and an admin sees whose console it is with the way back', async () => {
  const { page, url } = e;
  const titles: string[] = [];
  for (const path of ['/admin/users', '/admin/roles', `/admin/organizer/${org.companyId}/events`]) {
    await page.goto(url + path);
    await page.locator('h1').first().waitFor();
    await page.waitForFunction(() => document.title.includes('·'));
    titles.push(await page.title());
  }
  assert.equal(titles, ['Users · Events Back-office', 'Roles · Events Back-office', 'Events · Events Back-office']);
  await page.getByText('Viewing:').getByText('Harbour Runs').waitFor();
  await page.getByRole('link', { name: 'Back to Organizers' }).click();
  await page.waitForURL((u) => u.pathname === '/admin/organizers');
});

test("a campaign under another event's address is a not-found screen", async () => {
  const { page } = e;
  await page.goto(`${console()}/events/${otherEvent}/${campaign}`);
  await page.getByRole('heading', { name: 'Campaign not found' }).waitFor();
  assert.is(await page.getByText('Harbour Finish Line Photos').count(), 0);
});

test("the route guard's redirect to /admin says why in a toast", async () => {
  const { api, url, browser } = e;
  const admin = await api.login();
  const user = await makeUser(api, admin, await makeRole(api, admin, { screens: ['users'] }));
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, url, user.email, user.password);
  await page.goto(`${url}/admin/roles`);
  await page.locator('.toast', { hasText: 'You do not have access to roles' }).waitFor();
  assert.is(new URL(page.url()).pathname, '/admin');
  await page.close();
});

test('no screen scrolls sideways at 375, 768, 1024 or 1440 px', async () => {
  const { page, url } = e;
  const wide: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of screens(org.companyId, org.eventId, campaign)) {
      await page.goto(url + path, { waitUntil: 'load' });
      await waitForQuiet(page);
      const px = await sidewaysScroll(page);
      if (px > 0) wide.push(`${path} at ${width}: ${px} px`);
    }
  }
  assert.equal(wide, []);
});

test('at 375 px the editor fits the page and an area drawn there saves in image pixels', async () => {
  const { page, url, api } = e;
  await page.setViewportSize({ width: 375, height: 812 });
  const file = '/tmp/layout-e2e-template.png';
  await writePng(page, file, 1600, 1000);
  await page.goto(`${console()}/events/${org.eventId}/${campaign}/add-template`);
  await page.getByLabel('Template').setInputFiles(file);
  await page.getByRole('button', { name: 'Next' }).click();
  const canvas = page.getByRole('application');
  await page.waitForFunction(() => (document.querySelector('canvas')?.getBoundingClientRect().width ?? 999) < 375);
  const box = (await canvas.boundingBox())!;
  assert.ok(box.x >= 0 && box.x + box.width <= 375, `canvas inside the page: ${JSON.stringify(box)}`);
  assert.is(await sidewaysScroll(page), 0, 'editor page does not scroll sideways');
  const scale = box.width / 1600;
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.75, { steps: 5 });
  await page.mouse.up();
  await page.getByText(/Area: x \d+/).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'YES' }).click();
  await page.getByText('Template saved successfully.').waitFor();
  const t = await api.sql.get<{ x: number; y: number; width: number; height: number; template_width: number }>(
    'SELECT x, y, width, height, template_width FROM templates WHERE campaign_id = ?',
    [campaign],
  );
  assert.is(t!.template_width, 1600);
  const near = (got: number, want: number) => Math.abs(got - want) <= 2 / scale;
  assert.ok(near(t!.x, 400) && near(t!.y, 250) && near(t!.width, 800) && near(t!.height, 500), `saved in image px: ${JSON.stringify(t)}`);
});

test.run();
