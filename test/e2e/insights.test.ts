import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness.ts';
import { eventPath, organiserSignedIn } from './campaign-helpers.ts';
import { makeCampaign, recognitionEvent, type Organiser } from '../api/campaigns-fixtures.ts';
import { addDays } from '../../src/common/insight-days.ts';

/**
 * The event's Insights tab (docs/insights.md): in Chromium the tab shows
 * its charts (uPlot canvases named by their message), "View as table" shows the same numbers as
 * GET event/{id}/insights for the range in the address, the empty state reads as it should, and
 * axe finds no serious or critical violation, with the charts and with the tables.
 */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let e: E2E;
let org: Organiser;

test.before(async () => {
  e = await startE2E();
  org = await organiserSignedIn(e, 'Chart Club');
  for (const bib of ['11', '12', '13']) {
    const r = await e.api.call('POST', `event/${org.eventId}/participant`, {
      token: org.token,
      form: { bib_number: bib, name: `Runner ${bib}`, face_consent: 'no' },
    });
    assert.is(r.status, 200, JSON.stringify(r.body));
  }
  for (const bib of ['11', '12'])
    await e.api.sql.run(
      "INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation) VALUES (?, ?, 'https://img.example/l.jpg', 'https://img.example/h.jpg', 1, '0', 'portrait')",
      [org.eventId, bib],
    );
  await e.api.sql.run('UPDATE participants SET notified_at = ?, viewed_at = ? WHERE event_id = ? AND bib_number = ?', [
    Date.now(),
    Date.now(),
    org.eventId,
    '11',
  ]);
  const rec = await e.api.call('POST', '/recognition/events', {
    json: { ...recognitionEvent, is_sales: true, payment: '2', slug: 'chart-run' },
    token: org.token,
  });
  await makeCampaign(e.api, org, { type: '1', title: 'Paid Finish', is_sales_event: '1', payment_slab: '2', image_console_id: String(rec.body.data.id) });
  for (const [bib, slab, amount] of [
    ['11', '2', '15'],
    ['12', '3', '30.5'],
  ]) {
    const pay = await e.api.call('POST', '/recognition/events/payment/participant', {
      token: org.token,
      json: { event_id: rec.body.data.id, bib_number: bib, email: '', payment_slab: slab, amount },
    });
    assert.is(pay.status, 200, JSON.stringify(pay.body));
  }
});
test.after(async () => {
  await e.stop();
});

async function seriousViolations(page: Page) {
  // Evaluated through the browser's protocol, so the page keeps its own security policy (no inline script is allowed on it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const found = await page.evaluate(async () => {
    const r = await (
      window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A figure of the tab by its title. */
const figure = (page: Page, title: string) => page.getByRole('figure', { name: title });
/** The text of each cell of a figure's table, row by row (header row first), once it shows. */
async function tableOf(page: Page, title: string): Promise<string[][]> {
  const f = figure(page, title);
  await f.getByRole('button', { name: 'View as table' }).click();
  await f.locator('table').waitFor();
  return f.locator('tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
}
const n = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

test('the Insights tab shows its charts, its tables hold the API’s numbers, and axe finds nothing serious', async () => {
  const { page, url } = e;
  // The page's clock runs from 12:00 of its day (in the browser's zone), so the day the presets
  // end on is the day read here, even when the run crosses midnight.
  await page.clock.setSystemTime(await page.evaluate(() => new Date().setHours(12, 0, 0, 0)));
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const from = addDays(today, -6);
  await page.goto(`${url}${eventPath(org)}?tab=insights&from=${from}&to=${today}`);
  await page.getByRole('tab', { name: 'Insights', selected: true }).waitFor();
  const participants = figure(page, 'Participants per day');
  await participants.locator('canvas').first().waitFor();
  const named = await participants.getByRole('img').getAttribute('aria-label');
  assert.match(named ?? '', /3 registered, 2 matched, 1 notified, 1 viewed, 1 bought/, named ?? '');
  await figure(page, 'Purchases per day by payment slab').locator('canvas').first().waitFor();
  assert.ok(await figure(page, 'Revenue by payment slab').isVisible(), 'the organiser reads the revenue');
  assert.match(await figure(page, 'Gallery views per day').innerText(), /No gallery views in this range\./);
  assert.equal(await seriousViolations(page), [], 'with the charts');

  const tz = /Days as in (.+)\./.exec(await page.locator('.insight-zone').innerText())![1];
  const api = await e.api.call('GET', `event/${org.eventId}/insights?from=${from}&to=${today}&tz=${encodeURIComponent(tz)}`, { token: org.token });
  assert.is(api.status, 200, JSON.stringify(api.body));
  const data = api.body.data as {
    days: Record<string, number>[];
    totals: Record<string, number>;
    slabs: { name: string; daily_purchases: number[]; revenue: number }[];
  };

  const rows = await tableOf(page, 'Participants per day');
  assert.equal(rows[0], ['Day', 'Registered', 'Matched', 'Notified', 'Viewed', 'Bought']);
  assert.is(rows.length, data.days.length + 2, 'a row per day, then the totals');
  const stages = ['registered', 'matched', 'notified', 'viewed', 'bought'];
  data.days.forEach((d, i) => {
    assert.equal(
      rows[i + 1].slice(1).map(n),
      stages.map((s) => d[s]),
      `day ${i}`,
    );
  });
  assert.equal(
    rows.at(-1)!.slice(1).map(n),
    stages.map((s) => data.totals[s]),
    'totals',
  );

  const sales = await tableOf(page, 'Purchases per day by payment slab');
  assert.equal(sales[0], ['Day', ...data.slabs.map((s) => s.name)]);
  data.days.forEach((_, i) => {
    assert.equal(
      sales[i + 1].slice(1).map(n),
      data.slabs.map((s) => s.daily_purchases[i]),
      `purchases, day ${i}`,
    );
  });
  const revenue = await tableOf(page, 'Revenue by payment slab');
  assert.equal(
    revenue.slice(1, -1).map((r) => [r[0], n(r[2])]),
    data.slabs.map((s) => [s.name, s.revenue]),
  );
  assert.is(n(revenue.at(-1)![2]), 45.5);
  assert.equal(await seriousViolations(page), [], 'with the tables');

  // The presets keep the range in the address.
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await page.waitForURL((u) => u.searchParams.get('from') === addDays(today, -29) && u.searchParams.get('to') === today);
  await participants.locator('canvas').first().waitFor();
  assert.equal(e.errors, []);
});

test('a range without purchases says so', async () => {
  const { page, url } = e;
  await page.goto(`${url}${eventPath(org)}?tab=insights&from=2026-01-01&to=2026-01-31`);
  await figure(page, 'Purchases per day by payment slab').getByText('No purchases in this range').waitFor();
  assert.match(await figure(page, 'Participants per day').innerText(), /No participants in this range\./);
});

test.run();
