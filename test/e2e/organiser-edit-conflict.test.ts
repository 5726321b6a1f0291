import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';
import { campaignForm, makeCampaign, makeOrganiser, recognitionEvent } from '../api/campaigns-fixtures.ts';

/**
 * Edits that cannot overwrite each other on the organiser's own forms (docs/live.md "Versions and
 * If-Match"), in two browsers: the organiser (A) edits an event or a campaign, staff (B) open the
 * same record and save first; A's save shows B's change beside A's, field by field, A's typed text
 * still in the form; A takes B's title, keeps their own other text and saves: neither is lost.
 * A's edit lease is made to end first (a laptop that slept), the case only the version check guards.
 */
let e: E2E;
test.before(async () => {
  e = await startE2E();
});
test.after(async () => {
  await e.stop();
});

/** Opens an edit form with its Edit button on `url` and waits for its lease call and `field` to be filled. */
async function openEdit(page: Page, url: string, dialogName: string, field: (d: Locator) => Locator, resource: string) {
  await page.goto(url);
  const leased = page.waitForResponse((r) => new RegExp(`/api/leases/${resource}/\\d+$`).test(new URL(r.url()).pathname) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await field(dialog).waitFor();
  await leased;
  await e.api.sql.run('UPDATE record_leases SET expires_at = 0');
  return dialog;
}

test("Edit Event: staff save first; the organiser's save shows staff's change beside theirs and keeps both", async () => {
  const org = await makeOrganiser(e.api, 'Lakeside Runs');
  const url = `${e.url}/admin/organizer/${org.companyId}/events/${org.eventId}?tab=details`;
  const title = (d: Locator) => d.locator('input[name=title]');
  const description = (d: Locator) => d.locator('textarea[name=description]');
  const other = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const a = await other.newPage();
  a.setDefaultTimeout(10_000);
  try {
    await signIn(a, e.url, org.email, org.password);
    const aDialog = await openEdit(a, url, 'Edit Event', title, 'events');
    await description(aDialog).fill('Start at the lake, typed by the organiser');

    const b = e.page;
    await signIn(b, e.url);
    const bDialog = await openEdit(b, url, 'Edit Event', title, 'events');
    await title(bDialog).fill('Lakeside Marathon 2030');
    await bDialog.getByRole('button', { name: 'Save' }).click();
    await bDialog.waitFor({ state: 'detached' });

    await aDialog.getByRole('button', { name: 'Save' }).click();
    const conflict = aDialog.locator('.edit-conflict');
    await conflict.getByText(/^Administrator changed this record at .+, after you opened it\.$/).waitFor();
    assert.is(await description(aDialog).inputValue(), 'Start at the lake, typed by the organiser', "A's text is still in the form");
    const t = conflict.locator('[data-field=title]');
    assert.is(await t.locator('.edit-conflict-theirs pre').innerText(), 'Lakeside Marathon 2030');
    assert.is(await t.locator('.edit-conflict-yours pre').innerText(), 'Lakeside Runs Marathon');
    const d = conflict.locator('[data-field=description]');
    assert.is(await d.locator('.edit-conflict-yours pre').innerText(), 'Start at the lake, typed by the organiser');
    assert.is(await conflict.locator('[data-field=start_date]').count(), 0, 'unchanged fields are not listed');
    const stored = await e.api.sql.get<{ title: string; description: string }>('SELECT title, description FROM events WHERE id = ?', [org.eventId]);
    assert.equal(stored, { title: 'Lakeside Marathon 2030', description: '' }, "A's stale save changed nothing");

    await t.getByRole('button', { name: 'Take theirs' }).click();
    assert.is(await title(aDialog).inputValue(), 'Lakeside Marathon 2030');
    await d.getByRole('button', { name: 'Keep mine' }).click();
    await aDialog.getByRole('button', { name: 'Save' }).click();
    await aDialog.waitFor({ state: 'detached' });
    const merged = await e.api.sql.get<{ title: string; description: string }>('SELECT title, description FROM events WHERE id = ?', [org.eventId]);
    assert.equal(merged, { title: 'Lakeside Marathon 2030', description: 'Start at the lake, typed by the organiser' }, 'neither change is lost');
    await a.getByText('Start at the lake, typed by the organiser').waitFor();
    assert.equal(e.errors, []);
  } finally {
    await other.close();
  }
});

test("Edit Campaign: staff save first; the organiser's save shows staff's change beside theirs and keeps both", async () => {
  const org = await makeOrganiser(e.api, 'Harbour Swims');
  const rec = await e.api.call('POST', '/recognition/events', { token: org.token, json: recognitionEvent });
  const id = await makeCampaign(e.api, org, {
    title: 'Harbour Photos',
    location: 'Harbour',
    organizer: 'Harbour Swims',
    image_console_id: String(rec.body.data.id),
    subdomain: `harbour-${Date.now()}`,
  });
  const url = `${e.url}/admin/organizer/${org.companyId}/events/${org.eventId}/${id}`;
  const title = (d: Locator) => d.getByLabel('Title');
  const other = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const a = await other.newPage();
  a.setDefaultTimeout(10_000);
  try {
    await signIn(a, e.url, org.email, org.password);
    const aDialog = await openEdit(a, url, 'Edit Campaign', title, 'campaigns');
    await aDialog.getByLabel('Sponsors').fill('Acme Swimwear');

    const b = e.page; // signed in by the test before
    const bDialog = await openEdit(b, url, 'Edit Campaign', title, 'campaigns');
    await title(bDialog).fill('Harbour Photos 2030');
    await bDialog.getByRole('button', { name: 'Submit' }).click();
    await bDialog.waitFor({ state: 'detached' });

    await aDialog.getByRole('button', { name: 'Submit' }).click();
    const conflict = aDialog.locator('.edit-conflict');
    await conflict.getByText(/^Administrator changed this record at .+, after you opened it\.$/).waitFor();
    assert.is(await aDialog.getByLabel('Sponsors').inputValue(), 'Acme Swimwear', "A's text is still in the form");
    const t = conflict.locator('[data-field=title]');
    assert.is(await t.locator('.edit-conflict-theirs pre').innerText(), 'Harbour Photos 2030');
    assert.is(await t.locator('.edit-conflict-yours pre').innerText(), 'Harbour Photos');
    assert.is((await e.api.sql.get<{ sponsors: string }>('SELECT sponsors FROM campaigns WHERE id = ?', [id]))!.sponsors, '', 'the stale save changed nothing');

    await t.getByRole('button', { name: 'Take theirs' }).click();
    assert.is(await title(aDialog).inputValue(), 'Harbour Photos 2030');
    await aDialog.getByRole('button', { name: 'Submit' }).click();
    await aDialog.waitFor({ state: 'detached' });
    const merged = await e.api.sql.get<{ title: string; sponsors: string }>('SELECT title, sponsors FROM campaigns WHERE id = ?', [id]);
    assert.equal(merged, { title: 'Harbour Photos 2030', sponsors: 'Acme Swimwear' }, 'neither change is lost');
    assert.equal(e.errors, []);
  } finally {
    await other.close();
  }
});

test("Edit Campaign's draft reopened after staff saved the campaign: the stored campaign is beside the draft before any save", async () => {
  const org = await makeOrganiser(e.api, 'Bay Rowers');
  const rec = await e.api.call('POST', '/recognition/events', { token: org.token, json: recognitionEvent });
  const id = await makeCampaign(e.api, org, {
    title: 'Bay Photos',
    location: 'Bay',
    organizer: 'Bay Rowers',
    image_console_id: String(rec.body.data.id),
    subdomain: `bay-${Date.now()}`,
  });
  const url = `${e.url}/admin/organizer/${org.companyId}/events/${org.eventId}/${id}`;
  const other = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const a = await other.newPage();
  a.setDefaultTimeout(10_000);
  try {
    await signIn(a, e.url, org.email, org.password);
    const first = await openEdit(a, url, 'Edit Campaign', (d) => d.getByLabel('Title'), 'campaigns');
    await first.getByLabel('Sponsors').fill('Draft sponsor');
    await a.waitForFunction(() =>
      Object.keys(localStorage)
        .concat(Object.keys(sessionStorage))
        .some((k) => k.endsWith(':base')),
    );

    // Staff save the campaign meanwhile; the organiser comes back to the page later.
    const detail = (await e.api.call('GET', `getCampaignDetailById?campaign_id=${id}`, { token: org.token })).body.data;
    const { event_id: _, ...form } = campaignForm(org.eventId, { ...detail, subdomain: detail.subdomain, title: 'Bay Photos by staff', logo: ' ' });
    const staff = await e.api.call('PUT', `campaign/${id}`, { token: await e.api.login(), form });
    assert.is(staff.status, 200, JSON.stringify(staff.body));

    const dialog = await openEdit(a, url, 'Edit Campaign', (d) => d.getByLabel('Title'), 'campaigns');
    assert.is(await dialog.getByLabel('Sponsors').inputValue(), 'Draft sponsor', 'the draft is back');
    const conflict = dialog.locator('.edit-conflict');
    await conflict.getByText('Someone changed this record after you opened it.').waitFor();
    const t = conflict.locator('[data-field=title]');
    assert.is(await t.locator('.edit-conflict-theirs pre').innerText(), 'Bay Photos by staff');
    assert.is(await t.locator('.edit-conflict-yours pre').innerText(), 'Bay Photos');
    await t.getByRole('button', { name: 'Take theirs' }).click();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    const stored = await e.api.sql.get<{ title: string; sponsors: string }>('SELECT title, sponsors FROM campaigns WHERE id = ?', [id]);
    assert.equal(stored, { title: 'Bay Photos by staff', sponsors: 'Draft sponsor' }, 'neither change is lost');
    assert.equal(e.errors, []);
  } finally {
    await other.close();
  }
});

test.run();
