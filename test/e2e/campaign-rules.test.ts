import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Request } from 'playwright-core';
import { RUN_EVENT_DATES, campaignModal, campaignRun, count, fillCampaign as fill, shot } from './campaign-helpers.ts';
import { BIB_LENGTH_RANGE } from '../../src/common/bib-range.ts';
import { outsideEventDates } from '../../src/common/dates.ts';

/**
 * The campaign form holds the shared rules before anything is sent: a
 * bad BIB Length and dates outside the event's each show their own message at the field, and
 * no call reaches the photo-recognition service until the whole form is valid.
 */
const run = campaignRun(test);

test('a BIB Length of zz and campaign dates outside the event each show their message and send nothing to the recognition service', async () => {
  const { page } = run.e;
  const writes: string[] = [];
  const watch = (r: Request) => {
    if (r.url().includes('/recognition/') && r.method() !== 'GET') writes.push(`${r.method()} ${r.url()}`);
  };
  page.on('request', watch);
  const events = await count(run.e, 'recognition_events');
  await run.openForm(page);
  const m = campaignModal(page);
  const submit = m.getByRole('button', { name: 'Submit', exact: true });
  await fill(page, { kind: 'Image', title: 'Rules Run', subdomain: 'rules-run', dates: '2030-06-01' });
  await m.getByLabel('BIB number present').check();
  await m.getByLabel('BIB Start Range').fill('100');
  await m.getByLabel('BIB End Range').fill('900');
  await m.getByLabel('BIB Length').fill('zz');
  const length = m.getByLabel('BIB Length');
  assert.is(await length.getAttribute('aria-invalid'), 'true');
  assert.ok(await m.getByText(BIB_LENGTH_RANGE).isVisible(), 'the BIB Length shows its own message');
  assert.ok(await submit.isDisabled());
  assert.is(await m.locator('.form-hint').innerText(), 'BIB Length is not valid: show them', 'the summary names the field, no "required fields are empty"');
  await shot(page, 'rules-bib-length');
  await page.keyboard.press('Enter');
  await m.getByLabel('BIB Length').fill('2');
  assert.ok(await m.getByText('The BIB start range must have at most 2 digits.').isVisible(), 'bounds longer than the BIB Length');
  await m.getByLabel('BIB Length').fill('3');
  assert.is(await m.getByText(BIB_LENGTH_RANGE).count(), 0);

  const message = outsideEventDates(...RUN_EVENT_DATES);
  const day = m.getByLabel('Campaign Date');
  assert.equal([await day.getAttribute('min'), await day.getAttribute('max')], [...RUN_EVENT_DATES], "the date input offers only the event's days");
  await day.fill('2031-01-05');
  assert.ok(await m.getByText(message).isVisible(), message);
  assert.ok(await submit.isDisabled());
  await m.getByLabel('Single day').uncheck();
  await m.getByLabel('Start Date').fill('2029-12-31');
  await m.getByLabel('End Date').fill('2030-01-02');
  assert.is(await m.getByText(message).count(), 1, 'only the start date is outside');
  assert.is(await m.getByLabel('Start Date').getAttribute('aria-invalid'), 'true');
  assert.equal([await m.getByLabel('End Date').getAttribute('min'), await m.getByLabel('End Date').getAttribute('max')], [...RUN_EVENT_DATES]);
  await shot(page, 'rules-dates');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  assert.equal(writes, [], 'nothing was sent to the recognition service');
  assert.is(await count(run.e, 'recognition_events'), events);

  await m.getByLabel('Start Date').fill('2030-01-01');
  assert.is(await m.getByText(message).count(), 0);
  await submit.click();
  await m.waitFor({ state: 'detached' });
  page.off('request', watch);
  const row = await run.campaignRow('Rules Run');
  assert.equal([row!.start_date, row!.end_date], ['2030-01-01', '2030-01-02']);
  assert.is(writes.length, 2, `once valid the event and its BIB filter are sent: ${writes}`);
  assert.equal(run.e.errors, []);
});

test.run();
