import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { signIn, startE2E, type E2E } from './harness.ts';
import { organiserSignedIn } from './campaign-helpers.ts';
import type { Organiser } from '../api/campaigns-fixtures.ts';

/**
 * The Reports screen (docs/reports.md "The screen"): in Chromium an organiser opens Reports from
 * the console's menu, sees the empty state, schedules a weekly report of its event's insights with
 * the keyboard (a missing recipient is said under its field and nothing is sent), sees it listed
 * as the API holds it, edits it to a daily sales report, pauses and resumes it, and deletes it
 * after confirming; axe finds no serious or critical violation on the list or in the dialog. An
 * administrator schedules a platform report to staff under Settings.
 */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let e: E2E;
let org: Organiser;

test.before(async () => {
  e = await startE2E();
  org = await organiserSignedIn(e, 'Report Club');
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

const schedules = async () => (await e.api.call('GET', 'report-schedules', { token: org.token })).body.data as Record<string, unknown>[];

test('an organiser schedules, edits, pauses and deletes a report; axe finds nothing serious', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/organizer/${org.companyId}`);
  await page.getByRole('link', { name: 'Reports' }).click();
  await page.getByRole('heading', { name: 'Reports', level: 2 }).waitFor({ state: 'attached' });
  await page.getByText('No reports scheduled yet.').waitFor();
  // The page's header says "Reports" once; the list's own heading is there for screen readers only.
  const shown = await page.locator('h1, h2').evaluateAll((hs) => hs.filter((h) => h.textContent === 'Reports' && h.getBoundingClientRect().height > 1).length);
  assert.is(shown, 1, 'one visible "Reports" heading');
  assert.equal(await seriousViolations(page), [], 'the empty list');

  await page.getByRole('button', { name: 'Schedule a report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule a report' });
  await dialog.getByLabel('Name').fill('Monday figures');
  await dialog.getByLabel('Report', { exact: true }).selectOption('event');
  await dialog.getByLabel('Event').selectOption({ label: 'Report Club Marathon' });
  await dialog.getByLabel('How often').selectOption('weekly');
  await dialog.getByLabel('Weekday').selectOption('1');
  await dialog.getByLabel('Time', { exact: true }).fill('08:30');
  await dialog.getByLabel('Time zone').selectOption('Europe/Berlin');
  assert.equal(await seriousViolations(page), [], 'the dialog');
  // Saved with Enter, without a recipient: the form says so and keeps what was typed.
  await dialog.getByLabel('Name').press('Enter');
  await dialog.getByText('Choose at least one recipient.').first().waitFor();
  assert.equal(await schedules(), [], 'nothing saved');
  assert.is(await dialog.getByLabel('Name').inputValue(), 'Monday figures');
  // Keyboard: focus the recipient's checkbox, Space ticks it, Enter in the name field saves.
  await dialog.getByRole('checkbox', { name: /report-club/i }).focus();
  await page.keyboard.press('Space');
  await dialog.getByLabel('Name').press('Enter');
  await page.getByText('The report schedule was saved.').waitFor();
  await dialog.waitFor({ state: 'detached' });

  const row = page.getByRole('row', { name: /Monday figures/ });
  await row.waitFor();
  const [saved] = await schedules();
  assert.is(saved.name, 'Monday figures');
  assert.is(saved.kind, 'event');
  assert.is(saved.event_id, org.eventId);
  assert.is(saved.frequency, 'weekly');
  assert.is(saved.weekday, 1);
  assert.is(saved.time, '08:30');
  assert.is(saved.time_zone, 'Europe/Berlin');
  const text = (await row.textContent()) ?? '';
  assert.match(text, /An event’s insights/);
  assert.match(text, /Report Club Marathon/);
  assert.match(text, /Every Monday at 08:30 \(Europe\/Berlin\)/);
  assert.match(text, /Active/);
  assert.equal(await seriousViolations(page), [], 'the list');

  await row.getByRole('button', { name: 'Edit “Monday figures”' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the report “Monday figures”' });
  await edit.getByLabel('Name').fill('Daily sales');
  await edit.getByLabel('Report', { exact: true }).selectOption('sales');
  await edit.getByLabel('How often').selectOption('daily');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'detached' });
  const edited = page.getByRole('row', { name: /Daily sales/ });
  await edited.getByText(/Daily at 08:30/).waitFor();
  const [after] = await schedules();
  assert.is(after.kind, 'sales');
  assert.is(after.frequency, 'daily');
  assert.is(after.event_id, null);

  await edited.getByRole('button', { name: 'Pause “Daily sales”' }).click();
  await edited.getByText('Paused', { exact: true }).waitFor();
  assert.is((await schedules())[0].status, 'paused');
  await edited.getByText('Not scheduled').waitFor();
  await edited.getByRole('button', { name: 'Resume “Daily sales”' }).click();
  await edited.getByText('Active', { exact: true }).waitFor();
  assert.is((await schedules())[0].status, 'active');

  await edited.getByRole('button', { name: 'Delete “Daily sales”' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('The report schedule was deleted.').waitFor();
  await page.getByText('No reports scheduled yet.').waitFor();
  assert.equal(await schedules(), []);
  assert.equal(e.errors, []);
});

test('the organiser\'s Webhooks page says "Webhooks" once, as Reports does', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/organizer/${org.companyId}/webhooks`);
  await page.getByText('No endpoints yet.').waitFor();
  const shown = await page.locator('h1, h2').evaluateAll((hs) => hs.filter((h) => h.textContent === 'Webhooks' && h.getBoundingClientRect().height > 1).length);
  assert.is(shown, 1, 'one visible "Webhooks" heading');
  await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor({ state: 'attached' });
});

test('an administrator schedules a platform report to staff under Settings', async () => {
  const ctx = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(10_000);
  await signIn(page, e.url);
  await page.goto(`${e.url}/admin/settings`);
  const panel = page.locator('section.reports');
  await panel.getByText('No reports scheduled yet.').waitFor();
  await panel.getByRole('button', { name: 'Schedule a report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule a report' });
  await dialog.getByLabel('Name').fill('Platform weekly');
  assert.is(await dialog.getByLabel('Report', { exact: true }).count(), 0, 'an administrator schedules platform reports only');
  assert.is(await dialog.getByRole('checkbox', { name: /report-club/i }).count(), 0, "an organiser's user is no platform recipient");
  await dialog.getByRole('checkbox', { name: /admin@example\.com/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = panel.getByRole('row', { name: /Platform weekly/ });
  await row.getByText('Platform figures').waitFor();
  // axe reads the success toast's colours too, once it is fully shown.
  await page.getByText('The report schedule was saved.').waitFor();
  await page.waitForTimeout(400);
  const admin = await e.api.login();
  const list = (await e.api.call('GET', 'report-schedules', { token: admin })).body.data;
  assert.equal(
    list.map((s: { name: string; kind: string; company_id: number | null }) => [s.name, s.kind, s.company_id]),
    [['Platform weekly', 'platform', null]],
  );
  assert.equal(await seriousViolations(page), []);
  await ctx.close();
});

test.run();
