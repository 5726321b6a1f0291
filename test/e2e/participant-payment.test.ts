import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Request } from 'playwright-core';
import { startE2E, type E2E } from './harness.ts';
import { eventPath, organiserSignedIn, shot, toast } from './campaign-helpers.ts';
import { makeCampaign, recognitionEvent, type Organiser } from '../api/campaigns-fixtures.ts';
import { PAYMENT_BIB_WHOLE } from '../../src/common/participant-payment.ts';

/**
 * Participant payments (docs/campaigns.md "Participant payments"): a sales
 * campaign's detail records a participant's payment, which reaches the photo-recognition API as
 * POST /events/payment/participant for the campaign's recognition event.
 */
let e: E2E;
let org: Organiser;
let recognitionId = 0;
const ids = { sales: 0, free: 0 };

test.before(async () => {
  e = await startE2E();
  org = await organiserSignedIn(e, 'Pay Club');
  const r = await e.api.call('POST', '/recognition/events', { json: { ...recognitionEvent, is_sales: true, payment: '2', slug: 'pay-run' }, token: org.token });
  recognitionId = r.body.data.id;
  ids.sales = await makeCampaign(e.api, org, {
    type: '1',
    title: 'Paid Finish',
    is_sales_event: '1',
    payment_slab: '2',
    image_console_id: String(recognitionId),
  });
  ids.free = await makeCampaign(e.api, org, { type: '1', title: 'Free Finish' });
});
test.after(async () => {
  await e.stop();
});

test('a sales campaign records a participant payment that reaches the recognition API; a free one offers none', async () => {
  const { page, url } = e;
  await page.goto(`${url}${eventPath(org)}/${ids.free}`);
  await page.getByRole('button', { name: 'Edit' }).waitFor();
  assert.is(await page.getByRole('button', { name: 'Record participant payment' }).count(), 0, 'free campaigns take no payments');

  const sent: { url: string; body: unknown }[] = [];
  const watch = (r: Request) => {
    if (r.url().includes('/payment/participant')) sent.push({ url: r.url(), body: r.postDataJSON() });
  };
  page.on('request', watch);
  await page.goto(`${url}${eventPath(org)}/${ids.sales}`);
  // The campaign's settings name its payment slab, not its id.
  const slabShown = page.locator('dt', { hasText: 'Payment slab' }).locator('xpath=following-sibling::dd[1]');
  await slabShown.filter({ hasText: 'Standard' }).waitFor();
  assert.is(await slabShown.innerText(), 'Standard');
  await page.getByRole('button', { name: 'Record participant payment' }).click();
  const m = page.getByRole('dialog', { name: 'Record participant payment' });
  const slab = m.getByLabel('Payment Slab');
  await slab.locator('option', { hasText: 'Standard' }).waitFor({ state: 'attached' });
  assert.is(await slab.inputValue(), '2', "the campaign's own slab is chosen first");
  await m.getByLabel('BIB Number').fill('10a');
  assert.ok(await m.getByText(PAYMENT_BIB_WHOLE).isVisible());
  assert.ok(await m.getByRole('button', { name: 'Save payment' }).isDisabled());
  await m.getByLabel('BIB Number').fill('1042');
  await m.getByLabel('Email').fill('runner@example.com');
  await shot(page, 'participant-payment');
  await m.getByRole('button', { name: 'Save payment' }).click();
  assert.is(await toast(page, 'Payment saved'), 'Payment saved successfully.');
  await m.waitFor({ state: 'detached' });
  page.off('request', watch);
  assert.is(sent.length, 1);
  assert.ok(sent[0].url.startsWith(`${url}/recognition/events/payment/participant`), sent[0].url);
  assert.equal(sent[0].body, { event_id: recognitionId, bib_number: '1042', email: 'runner@example.com', payment_slab: '2' });
  const rows = await e.api.sql.all<{ payload: string }>('SELECT payload FROM recognition_participant_payments WHERE event_id = ?', [recognitionId]);
  assert.equal(
    rows.map((r) => JSON.parse(r.payload)),
    [{ event_id: recognitionId, bib_number: '1042', email: 'runner@example.com', payment_slab: '2' }],
  );
  assert.equal(e.errors, []);
});

test.run();
