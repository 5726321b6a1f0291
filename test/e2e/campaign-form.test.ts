import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { campaignModal, campaignRun, count, eventPath, fillCampaign as fill, shot, toast } from './campaign-helpers.ts';

const run = campaignRun(test);
const { openForm, campaignRow } = run;
const modal = campaignModal;
const recognitionRow = async (id: string) => {
  const r = await run.e.api.sql.get<{ payload: string; bib_filter: string }>('SELECT payload, bib_filter FROM recognition_events WHERE id = ?', [Number(id)]);
  return { payload: JSON.parse(r!.payload), bib: JSON.parse(r!.bib_filter) };
};

test('inline errors appear once a field is touched, with the spec wording, and Submit stays disabled while invalid', async () => {
  const page = run.e.page;
  await openForm(page);
  const m = modal(page);
  const submit = m.getByRole('button', { name: 'Submit', exact: true });
  assert.ok(await submit.isDisabled());
  assert.is(await m.locator('.field-error').count(), 0, 'no errors before anything is touched');
  await m.getByLabel('Title').fill('abc');
  assert.ok(await m.getByText('Title should be at least 4 characters').isVisible());
  await shot(page, 'form-top');
  await m.getByLabel('Title').fill('');
  await m.getByLabel('Location').focus();
  await m.getByLabel('Location').blur();
  assert.is(await m.getByText('Field cannot be empty.').count(), 2);
  await m.getByLabel('Subdomain').fill('Spring-Run');
  assert.is(await m.getByTestId('subdomain-preview').innerText(), 'spring-run.example.app');
  assert.ok(await m.getByLabel('BIB Start Range').evaluate((el) => (el as HTMLInputElement).readOnly), 'BIB fields read only until ticked');
  await m.getByLabel('BIB number present').check();
  assert.not.ok(await m.getByLabel('BIB Start Range').evaluate((el) => (el as HTMLInputElement).readOnly));
  await shot(page, 'form-errors');
  assert.ok(await submit.isDisabled());
  await m.getByRole('button', { name: 'Close', exact: true }).last().click();
});

test('"show them" marks the missing fields inline with no toast beside them; a Video campaign has no photo-search or BIB settings', async () => {
  const page = run.e.page;
  await openForm(page);
  const m = modal(page);
  await m.getByRole('button', { name: /show them$/ }).click();
  await m.locator('.field-error', { hasText: 'Field cannot be empty.' }).first().waitFor();
  await page.waitForTimeout(300);
  assert.is(await page.locator('.toast').count(), 0, 'the inline messages are the one message');
  assert.ok(await m.getByRole('group', { name: 'Photo search' }).isVisible());
  await m.getByLabel('BIB number present').check();
  await m.getByLabel('BIB Length').fill('x');
  await m.getByLabel('Campaign Type').selectOption({ label: 'Video' });
  for (const label of ['Primary Tolerance', 'Application', 'Date filtering', 'BIB number present', 'BIB Length']) {
    assert.is(await m.getByLabel(label, { exact: true }).count(), 0, `${label} is not on a Video campaign's form`);
  }
  await fill(page, { kind: 'Video', title: 'Clip Contest', subdomain: 'clip-contest', dates: '2030-05-05' });
  assert.ok(await m.getByRole('button', { name: 'Submit', exact: true }).isEnabled(), 'the hidden BIB settings hold nothing up');
  await m.getByLabel('Campaign Type').selectOption({ label: 'Image' });
  assert.ok(await m.getByLabel('Primary Tolerance').isVisible());
  // The next test starts from this form's draft: leave BIB numbers off.
  await m.getByLabel('BIB Length').fill('');
  await m.getByLabel('BIB number present').uncheck();
  await m.getByRole('button', { name: 'Close', exact: true }).last().click();
  await page.getByRole('button', { name: 'Discard' }).click();
});

test('a campaign of each kind is created through the form, single-day and date-range, and listed', async () => {
  const page = run.e.page;
  // Every photo-recognition call goes through the server with the user's session and no service token.
  const calls: { url: string; auth?: string; key?: string }[] = [];
  const watch = (r: import('playwright-core').Request) => {
    if (r.url().includes('/recognition/')) calls.push({ url: r.url(), auth: r.headers().authorization, key: r.headers()['x-api-key'] });
  };
  page.on('request', watch);
  const kinds: [string, number, string | [string, string]][] = [
    ['Image', 1, '2030-06-01'],
    ['Video', 2, ['2030-06-02', '2030-06-05']],
    ['Conference', 3, '2030-06-10'],
    ['PhotoApp', 4, ['2030-07-01', '2030-07-02']],
  ];
  for (const [kind, type, dates] of kinds) {
    await openForm(page);
    const title = `${kind} Campaign`;
    await fill(page, { kind, title, subdomain: `${kind.toLowerCase()}-run`, dates });
    if (kind === 'Image') {
      await modal(page).getByLabel('BIB number present').check();
      await modal(page).getByLabel('BIB Start Range').fill('100');
      await modal(page).getByLabel('BIB End Range').fill('900');
      await modal(page).getByLabel('BIB Number Prefix').fill('R');
      await modal(page).getByLabel('Primary Tolerance').selectOption('0.45');
      await shot(page, 'form-filled');
    }
    await modal(page).getByRole('button', { name: 'Submit', exact: true }).click();
    await modal(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: title }).waitFor();
    const row = await campaignRow(title);
    const [start, end] = typeof dates === 'string' ? [dates, dates] : dates;
    assert.equal([row!.type, row!.start_date, row!.end_date], [type, start, end], kind);
    const rec = await recognitionRow(row!.image_console_id);
    assert.is(rec.payload.slug, `${kind.toLowerCase()}-run`);
    assert.equal([rec.payload.from_date, rec.payload.to_date], [start, end]);
    assert.equal(rec.payload.sponsors, ['Acme', 'Globex']);
    if (kind === 'Image') {
      assert.equal(
        { s: rec.bib.bib_start_range, e: rec.bib.bib_end_range, p: rec.bib.bib_prefix, on: rec.bib.is_bib_present },
        { s: '100', e: '900', p: 'R', on: true },
      );
      assert.is(rec.payload.fr1, 0.45);
    } else {
      assert.equal([rec.bib.bib_start_range, rec.bib.is_bib_present], ['', false]);
    }
  }
  page.off('request', watch);
  await shot(page, 'campaign-cards');
  assert.is(await page.locator('.campaign-card').count(), 4);
  assert.ok(calls.length >= 12, `${calls.length} recognition calls`);
  for (const c of calls) {
    assert.ok(c.url.startsWith(`${run.e.url}/recognition/`), c.url);
    assert.match(c.auth ?? '', /^Bearer \S+/);
    assert.is(c.key, undefined);
  }
  const owners = await run.e.api.sql.all<{ company_id: number }>(
    'SELECT DISTINCT company_id FROM recognition_events WHERE id IN (SELECT CAST(image_console_id AS INTEGER) FROM campaigns)',
  );
  assert.equal(
    owners.map((o) => Number(o.company_id)),
    [run.org.companyId],
  );
});

test('a sales campaign shows the payment-slab section with the slabs of the recognition service', async () => {
  const page = run.e.page;
  await openForm(page);
  const m = modal(page);
  assert.is(await m.getByTestId('payment-slabs').count(), 0, 'hidden for free campaigns');
  await m.getByLabel('Sale Event').selectOption({ label: 'Sales Event' });
  await m.getByLabel('Payment Slab').waitFor();
  const options = await m.getByLabel('Payment Slab').locator('option').allInnerTexts();
  assert.ok(
    options.some((o) => o.startsWith('Premium')),
    options.join(),
  );
  await shot(page, 'form-sales');
  await fill(page, { kind: 'Image', title: 'Paid Photos', subdomain: 'paid-photos', dates: '2030-08-01' });
  await m.getByLabel('Payment Slab').selectOption({ label: 'Premium: All photos of the participant, high resolution' });
  await m.getByRole('button', { name: 'Submit', exact: true }).click();
  await m.waitFor({ state: 'detached' });
  const row = await campaignRow('Paid Photos');
  assert.is(row!.is_sales_event, 1);
  const rec = await recognitionRow(row!.image_console_id);
  assert.equal([rec.payload.is_sales, rec.payload.payment], [true, '3']);
  await page.getByRole('button', { name: 'Add Campaign' }).click();
  await m.getByLabel('Sale Event').selectOption({ label: 'Sales combined Pre-paid Event' });
  assert.ok(await m.getByTestId('payment-slabs').isVisible());
  await m.getByLabel('Sale Event').selectOption({ label: 'Free' });
  assert.is(await m.getByTestId('payment-slabs').count(), 0);
  await m.getByRole('button', { name: 'Close', exact: true }).last().click();
});

test('when the campaign step fails the recognition event is removed again and the message sits at its field', async () => {
  const page = run.e.page;
  const [campaigns, events] = [await count(run.e, 'campaigns'), await count(run.e, 'recognition_events')];
  // Another campaign takes the subdomain between the live check and Submit: the check said free.
  await page.route('**/api/campaign/subdomain-available*', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ status: 'success', message: '', data: { subdomain: 'image-run', available: true } }),
    }),
  );
  await openForm(page);
  await fill(page, { kind: 'Image', title: 'Duplicate Address', subdomain: 'image-run', dates: '2030-09-02' });
  await modal(page).getByRole('button', { name: 'Submit', exact: true }).click();
  assert.is(await toast(page, 'already been taken'), 'The subdomain has already been taken.');
  const sub = modal(page).getByLabel('Subdomain');
  assert.is(await sub.getAttribute('aria-invalid'), 'true');
  assert.is(await count(run.e, 'campaigns'), campaigns);
  assert.is(await count(run.e, 'recognition_events'), events);
  await page.unroute('**/api/campaign/subdomain-available*');
  await page.keyboard.press('Escape');
});

test('a campaign is deleted from its card after the confirmation', async () => {
  const page = run.e.page;
  await page.goto(run.e.url + eventPath(run.org));
  await page.getByRole('button', { name: 'Delete PhotoApp Campaign' }).click();
  const dialog = page.getByRole('dialog');
  assert.ok(await dialog.getByText('Are you sure that you want to delete this campaign ?').isVisible());
  await dialog.getByRole('button', { name: 'YES' }).click();
  await toast(page, 'Campaign deleted successfully');
  await page.getByRole('heading', { name: 'PhotoApp Campaign' }).waitFor({ state: 'detached' });
  assert.is(await campaignRow('PhotoApp Campaign'), undefined);
});

test('an event without campaigns shows the empty state', async () => {
  const page = run.e.page;
  const ev = await run.e.api.sql.get<{ id: number }>(
    "INSERT INTO events (company_id, title, start_date, end_date, created_at) VALUES (?, 'Empty', '2030-01-01', '2030-01-01', 0) RETURNING id",
    [run.org.companyId],
  );
  await page.goto(`${run.e.url}/admin/organizer/${run.org.companyId}/events/${ev!.id}`);
  await page.locator('.campaigns-empty img').waitFor();
  assert.is(await page.locator('.campaign-card').count(), 0);
  assert.equal(run.e.errors, []);
});

test.run();
