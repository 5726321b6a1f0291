import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeCampaign, makeOrganiser, recognitionEvent } from '../api/campaigns-fixtures.ts';

/**
 * Who is editing (docs/live.md "Who is editing"), in two browsers: A edits a user and types;
 * B opens the same user and reads "Being edited by Administrator since …" with View read-only and
 * Take over, the fields read-only; B takes over: A's form says so at once (through the change
 * stream, long before A's next renewal), turns read-only and keeps A's unsaved text; B's form is
 * B's to edit.
 */
let e: E2E;
let admin: string;
test.before(async () => {
  e = await startE2E();
  admin = await e.api.login();
  for (const [name, email] of [
    ['Bea Bright', 'bea@example.com'],
    ['Tina Target', 'tina@example.com'],
  ]) {
    const r = await e.api.call('POST', 'user', {
      token: admin,
      form: { name, email, password: 'Lease-pass-123', password_confirmation: 'Lease-pass-123', role: '1' },
    });
    assert.is(r.status, 200, JSON.stringify(r.body));
  }
});
test.after(async () => {
  await e.stop();
});

/** Opens Tina's edit form on /admin/users and waits for her record and the lease call's answer. */
async function openTina(page: Page) {
  await page.goto(`${e.url}/admin/users`);
  const leased = page.waitForResponse((r) => /\/api\/leases\/users\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Edit Tina Target' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await page.waitForFunction(() => (document.querySelector('.modal input[name=name]') as HTMLInputElement | null)?.value === 'Tina Target');
  return { dialog, lease: await leased };
}

test('B opens a user A is editing and sees A; Take over turns A’s form read-only with A’s typed text kept', async () => {
  const a = e.page;
  await signIn(a, e.url);
  const other = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const b = await other.newPage();
  b.setDefaultTimeout(10_000);
  try {
    await signIn(b, e.url, 'bea@example.com', 'Lease-pass-123');
    const { dialog: aDialog, lease: aLease } = await openTina(a);
    assert.is(aLease.status(), 200, 'A holds the lease');
    await aDialog.getByLabel('Name').fill('Tina typed by A, not saved');
    assert.is(await aDialog.locator('[data-testid=lease-banner]').count(), 0, 'the holder sees no banner');

    const { dialog: bDialog, lease: bLease } = await openTina(b);
    assert.is(bLease.status(), 409);
    const banner = bDialog.locator('[data-testid=lease-banner]');
    await banner.getByText(/^Being edited by Administrator since \d{1,2}:\d{2}/).waitFor();
    assert.ok(await banner.getByRole('button', { name: 'View read-only' }).isVisible());
    assert.not.ok(await bDialog.getByLabel('Name').isEditable(), "B cannot type over A's edit");
    assert.ok(await bDialog.getByRole('button', { name: 'Save changes' }).isDisabled());

    // View read-only keeps it so, with Take over still at hand.
    await banner.getByRole('button', { name: 'View read-only' }).click();
    await banner.getByText('Read-only: Administrator is editing this record.').waitFor();
    assert.not.ok(await bDialog.getByLabel('Name').isEditable());

    // B takes over.
    await banner.getByRole('button', { name: 'Take over' }).click();
    await banner.waitFor({ state: 'detached' });
    assert.ok(await bDialog.getByLabel('Name').isEditable(), 'B may edit now');

    // A hears it at once (the renewal is 30 s away): read-only, the typed text kept, Save disabled.
    const aBanner = aDialog.locator('[data-testid=lease-banner]');
    await aBanner.getByText(/^Bea Bright took over editing at \d{1,2}:\d{2}/).waitFor({ timeout: 5_000 });
    await aBanner.getByText(/What you typed is still here and was not saved/).waitFor();
    assert.is(await aDialog.getByLabel('Name').inputValue(), 'Tina typed by A, not saved', "A's text is kept");
    assert.not.ok(await aDialog.getByLabel('Name').isEditable(), "A's form is read-only");
    assert.ok(await aDialog.getByRole('button', { name: 'Save changes' }).isDisabled());
    // The text can still be selected (to copy it): a read-only field, not a disabled one.
    assert.not.ok(await aDialog.getByLabel('Name').isDisabled());

    // B saves; the record is B's edit, A's unsaved text was never stored.
    await bDialog.getByLabel('Name').fill('Tina by B');
    await bDialog.getByRole('button', { name: 'Save changes' }).click();
    await b.getByText('User updated successfully.').waitFor();
    const stored = await e.api.sql.get<{ name: string }>("SELECT name FROM users WHERE email = 'tina@example.com'");
    assert.is(stored!.name, 'Tina by B');
    assert.equal(e.errors, []);
  } finally {
    await other.close();
  }
});

test("an organiser's Edit Event form: staff opening it see the organiser's name, and a take-over keeps the organiser's typed title", async () => {
  const org = await makeOrganiser(e.api, 'Lakeside Runs');
  const who = (await e.api.sql.get<{ name: string }>('SELECT name FROM users WHERE email = ?', [org.email]))!.name;
  const eventPage = `${e.url}/admin/organizer/${org.companyId}/events/${org.eventId}?tab=details`;
  const openEdit = async (page: Page) => {
    await page.goto(eventPage);
    const leased = page.waitForResponse((r) => /\/api\/leases\/events\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Event' });
    await dialog.locator('input[name=title]').waitFor();
    return { dialog, lease: await leased };
  };
  const other = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const a = await other.newPage();
  a.setDefaultTimeout(10_000);
  try {
    await signIn(a, e.url, org.email, org.password);
    const { dialog: aDialog, lease: aLease } = await openEdit(a);
    assert.is(aLease.status(), 200);
    await aDialog.locator('input[name=title]').fill('Lakeside typed, not saved');

    const b = e.page; // the administrator, signed in by the test before
    const { dialog: bDialog, lease: bLease } = await openEdit(b);
    assert.is(bLease.status(), 409);
    const banner = bDialog.locator('[data-testid=lease-banner]');
    await banner.getByText(new RegExp(`^Being edited by ${who} since \\d{1,2}:\\d{2}`)).waitFor();
    assert.not.ok(await bDialog.locator('input[name=title]').isEditable());
    await banner.getByRole('button', { name: 'Take over' }).click();
    await banner.waitFor({ state: 'detached' });

    await aDialog
      .locator('[data-testid=lease-banner]')
      .getByText(/^Administrator took over editing at/)
      .waitFor({ timeout: 5_000 });
    assert.is(await aDialog.locator('input[name=title]').inputValue(), 'Lakeside typed, not saved');
    assert.not.ok(await aDialog.locator('input[name=title]').isEditable());
    assert.ok(await aDialog.getByRole('button', { name: 'Save' }).isDisabled());
    assert.equal(e.errors, []);
  } finally {
    await other.close();
  }
});

test("an organiser's Edit Campaign form: staff opening it see the organiser's name, and a take-over keeps the organiser's typed title", async () => {
  const org = await makeOrganiser(e.api, 'Harbour Swims');
  const who = (await e.api.sql.get<{ name: string }>('SELECT name FROM users WHERE email = ?', [org.email]))!.name;
  const rec = await e.api.call('POST', '/recognition/events', { token: org.token, json: recognitionEvent });
  const id = await makeCampaign(e.api, org, { title: 'Harbour Photos', image_console_id: String(rec.body.data.id), subdomain: `harbour-${Date.now()}` });
  const campaignPage = `${e.url}/admin/organizer/${org.companyId}/events/${org.eventId}/${id}`;
  const openEdit = async (page: Page) => {
    await page.goto(campaignPage);
    const leased = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/leases/campaigns/${id}` && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
    await dialog.getByLabel('Title').waitFor();
    return { dialog, lease: await leased };
  };
  const other = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const a = await other.newPage();
  a.setDefaultTimeout(10_000);
  try {
    await signIn(a, e.url, org.email, org.password);
    const { dialog: aDialog, lease: aLease } = await openEdit(a);
    assert.is(aLease.status(), 200);
    await aDialog.getByLabel('Title').fill('Harbour typed, not saved');

    const b = e.page; // the administrator, signed in by the test before
    const { dialog: bDialog, lease: bLease } = await openEdit(b);
    assert.is(bLease.status(), 409);
    const banner = bDialog.locator('[data-testid=lease-banner]');
    await banner.getByText(new RegExp(`^Being edited by ${who} since \\d{1,2}:\\d{2}`)).waitFor();
    assert.not.ok(await bDialog.getByLabel('Title').isEditable(), "staff cannot type over the organiser's edit");
    assert.ok(await bDialog.getByRole('button', { name: 'Submit' }).isDisabled());
    await banner.getByRole('button', { name: 'Take over' }).click();
    await banner.waitFor({ state: 'detached' });
    assert.ok(await bDialog.getByLabel('Title').isEditable(), 'staff may edit now');

    await aDialog
      .locator('[data-testid=lease-banner]')
      .getByText(/^Administrator took over editing at/)
      .waitFor({ timeout: 5_000 });
    assert.is(await aDialog.getByLabel('Title').inputValue(), 'Harbour typed, not saved');
    assert.not.ok(await aDialog.getByLabel('Title').isEditable());
    assert.ok(await aDialog.getByRole('button', { name: 'Submit' }).isDisabled());
    const stored = await e.api.sql.get<{ title: string }>('SELECT title FROM campaigns WHERE id = ?', [id]);
    assert.is(stored!.title, 'Harbour Photos', 'nothing was saved');
    assert.equal(e.errors, []);
  } finally {
    await other.close();
  }
});

test.run();
