import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { signIn, startE2E, type E2E } from './harness.ts';
import { organiserSignedIn } from './campaign-helpers.ts';
import type { Organiser } from '../api/campaigns-fixtures.ts';

/**
 * The dashboards' insights in Chromium (docs/insights.md "The organiser's home", "The
 * administrators' dashboard"): the organiser's home draws its participants chart (named by its
 * message) and its top events, "View as table" holds the API's numbers; the administrators'
 * dashboard draws the platform's weekly charts, whose table's last row is the API's current week.
 * axe finds no serious or critical violation on either.
 */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let e: E2E;
let org: Organiser;

test.before(async () => {
  e = await startE2E();
  org = await organiserSignedIn(e, 'Home Club');
  for (const bib of ['21', '22']) {
    const r = await e.api.call('POST', `event/${org.eventId}/participant`, {
      token: org.token,
      form: { bib_number: bib, name: `Runner ${bib}`, face_consent: 'no' },
    });
    assert.is(r.status, 200, JSON.stringify(r.body));
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

const figure = (page: Page, title: string) => page.getByRole('figure', { name: title });
async function tableOf(page: Page, title: string): Promise<string[][]> {
  const f = figure(page, title);
  await f.getByRole('button', { name: 'View as table' }).click();
  await f.locator('table').waitFor();
  return f.locator('tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
}
const n = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

test("the organiser's home shows its events' insights and top events; the table holds the API's numbers", async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/organizer/${org.companyId}`);
  const participants = figure(page, 'Participants per day');
  await participants.locator('canvas').first().waitFor();
  const named = await participants.getByRole('img').getAttribute('aria-label');
  assert.match(named ?? '', /Registered: 2/, named ?? '');
  assert.match((await figure(page, 'Purchases per day').textContent()) ?? '', /No purchases in this range/);
  const top = page.getByRole('table', { name: 'Top events' });
  await top.getByRole('link', { name: 'Home Club Marathon' }).waitFor();
  assert.equal(await seriousViolations(page), [], 'the home with its charts');

  const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const api = await e.api.call('GET', `organiser-dashboard/${org.companyId}/insights?tz=${encodeURIComponent(tz)}`, { token: org.token });
  assert.is(api.status, 200, JSON.stringify(api.body));
  const rows = await tableOf(page, 'Participants per day');
  assert.equal(rows[0], ['Day', 'Registered', 'Matched', 'Notified', 'Viewed', 'Bought']);
  assert.is(rows.length, api.body.data.days.length + 2);
  assert.equal(
    rows.at(-1)!.slice(1).map(n),
    ['registered', 'matched', 'notified', 'viewed', 'bought'].map((s) => api.body.data.totals[s]),
  );
  assert.equal(await seriousViolations(page), [], 'with the table');
  await top.getByRole('link', { name: 'Home Club Marathon' }).click();
  await page.getByRole('tab', { name: 'Insights', selected: true }).waitFor();
  assert.equal(e.errors, []);
});

test("the administrators' dashboard shows the platform's weeks; the table's last row is the API's current week", async () => {
  const { url } = e;
  const ctx = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(10_000);
  await signIn(page, url);
  await page.goto(`${url}/admin`);
  const people = figure(page, 'Participants, purchases and imports per week');
  await people.locator('canvas').first().waitFor();
  await figure(page, 'Sign-ins per week').locator('canvas').first().waitFor();
  assert.equal(await seriousViolations(page), [], 'the dashboard with its charts');

  const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const api = await e.api.call('GET', `dashboard-stats/platform?tz=${encodeURIComponent(tz)}`, { token: await e.api.login() });
  assert.is(api.status, 200, JSON.stringify(api.body));
  const rows = await tableOf(page, 'Participants, purchases and imports per week');
  assert.equal(rows[0], ['Week of', 'Participants registered', 'Purchases', 'Imports']);
  assert.is(rows.length, 12 + 2, 'a row per week, then the totals');
  const now = api.body.data.weeks.at(-1);
  assert.equal(rows.at(-2)!.slice(1).map(n), [now.participants, now.purchases, now.imports]);
  assert.is(now.participants, 2);
  assert.equal(await seriousViolations(page), [], 'with the table');
  await ctx.close();
});

test.run();
