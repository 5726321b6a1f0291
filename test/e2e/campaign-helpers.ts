import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { signIn, startE2E, type E2E } from './harness.ts';
import { makeOrganiser, type Organiser } from '../api/campaigns-fixtures.ts';
import { getEvent, updateEvent } from '../../server/db/queries/events.ts';

/** Where the campaign e2e tests leave screenshots for checking by eye. */
export const SHOTS = process.env.SHOTS ?? '/tmp/shots-campaigns';
mkdirSync(SHOTS, { recursive: true });
export const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** An organiser with one event (written through SQL), signed in in the browser. */
export async function organiserSignedIn(e: E2E, name = 'Run Club'): Promise<Organiser> {
  const org = await makeOrganiser(e.api, name);
  await signIn(e.page, e.url, org.email, org.password);
  return org;
}

export const eventPath = (org: Organiser) => `/admin/organizer/${org.companyId}/events/${org.eventId}`;

/** Number of rows in a table. */
export const count = async (e: E2E, table: 'campaigns' | 'recognition_events' | 'templates') =>
  Number((await e.api.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);

/** The newest toast's text, waiting for one that matches. */
export async function toast(page: Page, text: string | RegExp) {
  const t = page.locator('.toast .toast-message', { hasText: text }).first();
  await t.waitFor();
  return t.innerText();
}

/** The Add Campaign dialog. */
export const campaignModal = (page: Page) => page.getByRole('dialog', { name: 'Add Campaign' });

/** Opens the event page at `url` and its Add Campaign form. */
export async function openCampaignForm(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('button', { name: 'Add Campaign' }).click();
  await campaignModal(page).waitFor();
}

/** Fills the required fields; `dates` is one day (single-day mode) or a range. */
export async function fillCampaign(page: Page, f: { kind: string; title: string; subdomain: string; dates: string | [string, string] }) {
  const m = campaignModal(page);
  await m.getByLabel('Campaign Type').selectOption({ label: f.kind });
  await m.getByLabel('Title').fill(f.title);
  await m.getByLabel('Location').fill('Riverside Park');
  await m.getByLabel('Organizer').fill('Run Club');
  await m.getByLabel('Sponsors').fill('Acme, Globex');
  if (typeof f.dates === 'string') await m.getByLabel('Campaign Date').fill(f.dates);
  else {
    await m.getByLabel('Single day').uncheck();
    await m.getByLabel('Start Date').fill(f.dates[0]);
    await m.getByLabel('End Date').fill(f.dates[1]);
  }
  await m.getByLabel('Description').fill(`${f.title} for everyone`);
  await m.getByLabel('Subdomain').fill(f.subdomain);
}

/** The campaign row titled `title`, as stored. */
export const findCampaignRow = (e: E2E, title: string) =>
  e.api.sql.get<{ type: number; start_date: string; end_date: string; image_console_id: string; is_sales_event: number; subdomain: string }>(
    'SELECT type, start_date, end_date, image_console_id, is_sales_event, subdomain FROM campaigns WHERE title = ?',
    [title],
  );

/** One campaign e2e file's run: the harness and organiser (set in `before`), and the form and row lookups bound to them. */
export interface CampaignRun {
  e: E2E;
  org: Organiser;
  openForm(page: Page): Promise<void>;
  campaignRow(title: string): ReturnType<typeof findCampaignRow>;
}

/** The dates of a campaignRun's event: the whole of 2030, so the files' campaigns lie within it. */
export const RUN_EVENT_DATES = ['2030-01-01', '2030-12-31'] as const;

/**
 * Registers `before` (start the app, sign in a fresh organiser with an event dated
 * RUN_EVENT_DATES) and `after` (stop) on `suite`, and returns the run whose `e` and `org` are
 * filled in by `before`.
 */
export function campaignRun(suite: { before(fn: () => Promise<void>): void; after(fn: () => Promise<void>): void }): CampaignRun {
  const run = {
    openForm: (page: Page) => openCampaignForm(page, run.e.url + eventPath(run.org)),
    campaignRow: (title: string) => findCampaignRow(run.e, title),
  } as CampaignRun;
  suite.before(async () => {
    run.e = await startE2E();
    run.org = await organiserSignedIn(run.e);
    const ev = (await getEvent(run.e.api.sql, run.org.eventId))!;
    await updateEvent(run.e.api.sql, ev.organizer_id, ev.id, { ...ev, start_date: RUN_EVENT_DATES[0], end_date: RUN_EVENT_DATES[1] });
  });
  suite.after(async () => {
    await run.e.stop();
  });
  return run;
}
