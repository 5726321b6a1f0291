import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, type E2E } from './harness.ts';
import { eventPath, organiserSignedIn, shot } from './campaign-helpers.ts';
import { makeCampaign, type Organiser } from '../api/campaigns-fixtures.ts';

/**
 * The manage-campaign view (organiser-console §2 "A manage-campaign view can be shown; closing it
 * refreshes the list", "Add-template route"): from an image campaign's card, the
 * campaign's templates and the template wizard open over the event detail.
 */
let e: E2E;
let org: Organiser;
const file = '/tmp/manage-campaign-template.png';

test.before(async () => {
  e = await startE2E();
  org = await organiserSignedIn(e, 'Manage Club');
  await makeCampaign(e.api, org, { type: '1', title: 'Finish Frames' });
  await makeCampaign(e.api, org, { type: '2', title: 'Dance Clips' });
  const b64 = await e.page.evaluate(() => {
    const c = document.createElement('canvas');
    [c.width, c.height] = [400, 300];
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = '#e76f51';
    ctx.fillRect(0, 0, 400, 300);
    ctx.clearRect(100, 75, 200, 150);
    return c.toDataURL('image/png').split(',')[1];
  });
  (await import('node:fs')).writeFileSync(file, Buffer.from(b64, 'base64'));
});
test.after(async () => {
  await e.stop();
});

test('the manage-campaign view opens from a campaign card, adds a template with the wizard over the event detail, and closing it refreshes the list', async () => {
  const { page, url } = e;
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url());
  });
  await page.goto(url + eventPath(org));
  await page.getByRole('heading', { name: 'Finish Frames' }).waitFor();
  assert.is(await page.getByRole('button', { name: 'Manage Dance Clips' }).count(), 0, 'templates belong to image campaigns only');
  assert.not.ok(
    scripts.some((s) => /add-template-/.test(s)),
    'the wizard chunk waits until the view opens',
  );
  await page.getByRole('button', { name: 'Manage Finish Frames' }).click();
  const view = page.getByRole('dialog', { name: 'Manage campaign: Finish Frames' });
  await view.getByText('No templates added !').waitFor();
  assert.ok(page.url().startsWith(url + eventPath(org)), 'still on the event detail');

  await view.getByRole('button', { name: 'Add template' }).click();
  await view.getByRole('heading', { name: 'Choose Template' }).waitFor();
  await view.getByLabel('Template').setInputFiles(file);
  await view.getByText('400 × 300 px').waitFor();
  await view.getByRole('button', { name: 'Next' }).click();
  await view.getByRole('heading', { name: 'Define Transparent Area' }).waitFor();
  await view.locator('.define-step[data-proposal="found"]').waitFor();
  await shot(page, 'manage-campaign-editor');
  await view.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Save template' }).getByRole('button', { name: 'YES' }).click();
  await view.getByText('The template has been saved.').waitFor();
  assert.is(
    Number(
      (await e.api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM templates t JOIN campaigns c ON c.id = t.campaign_id WHERE c.title = 'Finish Frames'"))!.n,
    ),
    1,
  );
  await view.getByRole('button', { name: 'Back to templates' }).click();
  await view.getByRole('img', { name: 'Template 1' }).waitFor();
  await shot(page, 'manage-campaign-templates');

  // A campaign added meanwhile (another tab, another person) shows once the view closes.
  await makeCampaign(e.api, org, { type: '1', title: 'Added Meanwhile' });
  assert.is(await page.getByRole('heading', { name: 'Added Meanwhile' }).count(), 0);
  await view.getByRole('button', { name: 'Close', exact: true }).last().click();
  await view.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: 'Added Meanwhile' }).waitFor();
  assert.equal(e.errors, []);
});

test('closing the view with a template half-made asks first', async () => {
  const { page } = e;
  await page.getByRole('button', { name: 'Manage Added Meanwhile' }).click();
  const view = page.getByRole('dialog', { name: 'Manage campaign: Added Meanwhile' });
  await view.getByRole('button', { name: 'Add template' }).click();
  await view.getByLabel('Template').setInputFiles(file);
  await view.getByText('400 × 300 px').waitFor();
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard changes?' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  assert.ok(await view.getByText('400 × 300 px').isVisible());
  await ask.waitFor({ state: 'detached' });
  // The view takes Escape again once it is the top dialog (its key handler follows a re-render).
  for (let i = 0; i < 10 && !(await ask.isVisible()); i++) {
    await page.keyboard.press('Escape');
    await ask.waitFor({ timeout: 500 }).catch(() => undefined);
  }
  await ask.getByRole('button', { name: 'Discard' }).click();
  await view.waitFor({ state: 'detached' });
});

test.run();
