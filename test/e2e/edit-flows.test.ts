import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { signIn, startE2E, type E2E } from './harness.ts';
import { campaignModal, eventPath, openCampaignForm, organiserSignedIn, shot } from './campaign-helpers.ts';
import { PNG, makeCampaign, recognitionEvent, type Organiser } from '../api/campaigns-fixtures.ts';

let e: E2E;
let org: Organiser;
test.before(async () => {
  e = await startE2E();
  org = await organiserSignedIn(e, 'Edit Club');
});
test.after(async () => {
  await e.stop();
});

const discard = () => e.page.getByRole('dialog', { name: 'Discard changes?' });

test('Escape on an edited campaign form asks first; Keep editing keeps it; a reopened form restores its draft', async () => {
  const page = e.page;
  await openCampaignForm(page, e.url + eventPath(org));
  const m = campaignModal(page);
  await page.keyboard.press('Escape');
  await m.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Add Campaign' }).click();
  await m.getByLabel('Title').fill('Draft Dash');
  await m.getByLabel('Location').fill('Old Town');
  await page.keyboard.press('Escape');
  await discard().waitFor();
  await discard().getByRole('button', { name: 'Keep editing' }).click();
  assert.is(await m.getByLabel('Title').inputValue(), 'Draft Dash');
  await m.getByRole('button', { name: 'Close', exact: true }).last().click();
  await discard().getByRole('button', { name: 'Discard' }).click();
  await m.waitFor({ state: 'detached' });
  const keys = await page.evaluate(() => Object.keys(sessionStorage));
  assert.ok(
    keys.some((k) => new RegExp(`^user:\\d+:campaign-draft:${org.companyId}:${org.eventId}:new$`).test(k)),
    `draft kept per user, organiser and event next to the session: ${keys}`,
  );
  await page.reload();
  await page.getByRole('button', { name: 'Add Campaign' }).click();
  assert.is(await m.getByLabel('Title').inputValue(), 'Draft Dash');
  assert.is(await m.getByLabel('Location').inputValue(), 'Old Town');
  await m.getByText('Your unsaved draft was restored.').waitFor();
  await m.getByRole('button', { name: 'Start over' }).click();
  assert.is(await m.getByLabel('Title').inputValue(), '');
  await page.keyboard.press('Escape');
  await m.waitFor({ state: 'detached' });
});

test('a campaign is edited and every field shows on its detail page', async () => {
  const page = e.page;
  const rec = await e.api.call('POST', '/recognition/events', { token: org.token, json: recognitionEvent });
  const id = await makeCampaign(e.api, org, { title: 'Before Edit', image_console_id: String(rec.body.data.id), location: 'Kochi', subdomain: 'before-edit' });
  await page.goto(`${e.url}${eventPath(org)}/${id}`);
  // The live check counts the campaign's own subdomain as free, so the unchanged form is not flagged.
  const ownCheck = page.waitForResponse((r) => r.url().includes('subdomain-available') && r.url().includes('before-edit'));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const m = page.getByRole('dialog', { name: 'Edit Campaign' });
  assert.is(await m.getByLabel('Location').inputValue(), 'Kochi');
  assert.is((await (await ownCheck).json()).data.available, true);
  assert.is(await m.getByText('This subdomain is already in use. Choose another.').count(), 0);
  await m.getByLabel('Title').fill('After Edit');
  await m.getByLabel('Location').fill('Harbour Front');
  await m.getByLabel('Organizer').fill('Sea Club');
  await m.getByLabel('Sponsors').fill('Acme, Initech');
  await m.getByLabel('Subdomain').fill('after-edit');
  await m.getByLabel('Type', { exact: true }).selectOption('SKATING');
  await m.getByLabel('Application').selectOption({ label: 'BIB Search' });
  await m.getByLabel('Primary Tolerance').selectOption('0.45');
  await m.getByLabel('Sale Event').selectOption({ label: 'Sales Event' });
  await m.getByLabel('BIB number present').check();
  await m.getByLabel('BIB Start Range').fill('100');
  await m.getByLabel('BIB End Range').fill('50');
  await m.getByText('The BIB end range must not be below the start range.').waitFor();
  await m.getByLabel('BIB End Range').fill('900');
  await m.getByLabel('BIB Number Prefix').fill('HF');
  await m.getByRole('button', { name: 'Submit' }).click();
  await m.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: 'After Edit' }).waitFor();
  const details = await page.locator('.campaign-settings').innerText();
  for (const text of [
    'after-edit',
    'BIB Search',
    'SKATING',
    'Harbour Front',
    'Sea Club',
    'Acme, Initech',
    'Primary 0.45',
    'Sales Event',
    '100 to 900',
    'prefix HF',
  ]) {
    assert.ok(details.includes(text), `${text} in ${details}`);
  }
  const payload = JSON.parse((await e.api.sql.get<{ payload: string }>('SELECT payload FROM recognition_events WHERE id = ?', [rec.body.data.id]))!.payload);
  assert.equal([payload.location, payload.slug, payload.fr1], ['Harbour Front', 'after-edit', 0.45], 'the recognition event follows');
  await shot(page, 'campaign-edited');
});

test("an event's dates change from its Details tab", async () => {
  const page = e.page;
  await page.goto(`${e.url}${eventPath(org)}?tab=details`);
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const m = page.getByRole('dialog', { name: 'Edit Event' });
  await m.getByLabel('Single day event').uncheck();
  await m.getByLabel('Start Date').fill('2031-07-01');
  await m.getByLabel('End Date').fill('2031-07-03');
  await m.getByRole('button', { name: 'Save' }).click();
  await m.waitFor({ state: 'detached' });
  await page.getByText('2031-07-03').waitFor();
  const row = await e.api.sql.get<{ start_date: string; end_date: string }>('SELECT start_date, end_date FROM events WHERE id = ?', [org.eventId]);
  assert.equal([row!.start_date, row!.end_date], ['2031-07-01', '2031-07-03']);
});

test('a saved template is reopened from the campaign detail and its area moved', async () => {
  const page = e.page;
  const id = await makeCampaign(e.api, org, { title: 'Frame Campaign', type: '1', start_date: '2031-07-01', end_date: '2031-07-02' });
  const form = {
    template_json: '{"version":1,"area":null,"style":{"fill":"#ff0000"}}',
    x: '0',
    y: '0',
    width: '1',
    height: '1',
    template_width: '1',
    template_height: '1',
    image: PNG,
    campaign_id: String(id),
  };
  const t = await e.api.call('POST', 'template', { token: org.token, form });
  assert.is(t.status, 200, JSON.stringify(t.body));
  await e.api.sql.run('UPDATE templates SET template_width = 40, template_height = 30, width = 10, height = 10 WHERE id = ?', [t.body.data.id]);
  await page.goto(`${e.url}${eventPath(org)}/${id}`);
  await page.getByRole('link', { name: 'Edit template 1' }).click();
  await page.getByRole('heading', { name: 'Edit template' }).waitFor();
  await page.locator('canvas.editor-canvas').focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'YES' }).click();
  await page.getByRole('heading', { name: 'Done' }).waitFor();
  const row = await e.api.sql.get<{ x: number; n: number }>(
    'SELECT x, (SELECT COUNT(*) FROM templates WHERE campaign_id = ?) AS n FROM templates WHERE id = ?',
    [id, t.body.data.id],
  );
  assert.equal([Number(row!.x), Number(row!.n)], [10, 1], 'the same template moved 10 px right');
});

test('leaving an edited page form by a link asks first; Keep editing stays, Discard goes', async () => {
  const page = e.page;
  const base = `${e.url}/admin/organizer/${org.companyId}`;
  await page.goto(`${base}/profile`);
  const phone = page.getByLabel('Phone');
  await phone.fill('5550199');
  await page.getByRole('link', { name: 'Events', exact: true }).first().click();
  await discard().getByRole('button', { name: 'Keep editing' }).click();
  assert.is(new URL(page.url()).pathname, `/admin/organizer/${org.companyId}/profile`);
  assert.is(await phone.inputValue(), '5550199');
  await page.getByRole('link', { name: 'Events', exact: true }).first().click();
  await discard().getByRole('button', { name: 'Discard' }).click();
  await page.waitForURL(`${base}/events`);
});

test('an organiser is set In-Active by an admin in Organizers', async () => {
  const page = await e.browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.setDefaultTimeout(10_000);
  await signIn(page, e.url);
  await page.goto(`${e.url}/admin/organizers`);
  await page.getByRole('button', { name: 'Edit Edit Club' }).click();
  const m = page.getByRole('dialog', { name: 'Edit Organizer' });
  await m.getByLabel('Phone').fill('5550100');
  await m.getByLabel('Status').selectOption({ label: 'In-Active' });
  // The storage quota: 2048 MB by default, checked before sending.
  const quota = m.getByLabel('Storage quota (MB)');
  assert.is(await quota.inputValue(), '2048');
  await quota.fill('0');
  await m.getByRole('button', { name: 'Save changes' }).click();
  await m.getByText('The storage quota must be a whole number of MB from 1 to 1,048,576.').first().waitFor();
  await quota.fill('300');
  await m.getByRole('button', { name: 'Save changes' }).click();
  await m.waitFor({ state: 'detached' });
  await page.getByRole('row').filter({ hasText: 'Edit Club' }).getByText('In-Active', { exact: true }).waitFor();
  const row = await e.api.sql.get<{ status: number; storage_quota_mb: number }>('SELECT status, storage_quota_mb FROM companies WHERE id = ?', [org.companyId]);
  assert.is(Number(row!.status), 0);
  assert.is(Number(row!.storage_quota_mb), 300);
  await page.close();
});

test.run();
