import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { campaignModal, campaignRun, count, fillCampaign as fill, shot, toast } from './campaign-helpers.ts';

// When a call of the Add Campaign submission fails or its answer is lost (docs/campaigns.md):
// the step is named, nothing half-made is left, and nothing a saved campaign points at is removed.

const run = campaignRun(test);
const { openForm, campaignRow } = run;
const modal = campaignModal;

test('with the recognition service unreachable the user is told which step failed and no campaign appears', async () => {
  const page = run.e.page;
  const [campaigns, events] = [await count(run.e, 'campaigns'), await count(run.e, 'recognition_events')];
  await page.route('**/recognition/**', (r) => r.abort('connectionrefused'));
  try {
    await openForm(page);
    await fill(page, { kind: 'Video', title: 'Offline Campaign', subdomain: 'offline-run', dates: '2030-09-01' });
    await modal(page).getByRole('button', { name: 'Submit', exact: true }).click();
    const text = await toast(page, 'photo-recognition');
    assert.match(text, /^Could not create the event in the photo-recognition service: the service could not be reached/);
    await shot(page, 'form-recognition-down');
    assert.ok(await modal(page).isVisible(), 'the form stays open');
    assert.is(await modal(page).getByLabel('Title').inputValue(), 'Offline Campaign', 'nothing typed is lost');
    assert.is(await count(run.e, 'campaigns'), campaigns);
    assert.is(await count(run.e, 'recognition_events'), events);
    await page.keyboard.press('Escape');
    assert.is(await page.getByRole('heading', { name: 'Offline Campaign' }).count(), 0);
  } finally {
    await page.unroute('**/recognition/**');
  }
});

test('when the campaign answer is lost after the server saved it, the console finds the campaign and keeps its recognition event', async () => {
  const page = run.e.page;
  await page.route('**/api/campaign', async (r) => {
    await r.fetch();
    await r.abort('connectionreset');
  });
  try {
    await openForm(page);
    await fill(page, { kind: 'Video', title: 'Lost Answer', subdomain: 'lost-answer', dates: '2030-09-03' });
    await modal(page).getByRole('button', { name: 'Submit', exact: true }).click();
    await modal(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Lost Answer' }).waitFor();
    const row = await campaignRow('Lost Answer');
    assert.ok(row, 'the campaign was saved');
    assert.ok(await run.e.api.sql.get('SELECT id FROM recognition_events WHERE id = ?', [Number(row!.image_console_id)]), 'its recognition event is kept');
  } finally {
    await page.unroute('**/api/campaign');
  }
});

test.run();
