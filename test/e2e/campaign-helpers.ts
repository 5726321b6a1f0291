import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { signIn, type E2E } from './harness.ts';
import { makeOrganiser, type Organiser } from '../api/campaigns-fixtures.ts';

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
