import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { signIn, startE2E, type E2E } from './harness.ts';
import { campaignModal, eventPath, openCampaignForm, shot } from './campaign-helpers.ts';
import { makeOrganiser, type Organiser } from '../api/campaigns-fixtures.ts';

/**
 * Shared browsers (Build 8): a draft belongs to the signed-in user and leaves with the
 * session — at sign-out and when a GET answers 401 — so the next person on the browser finds
 * nothing of the last one in the form or in local and session storage.
 */
let e: E2E;
let org: Organiser;
test.before(async () => {
  e = await startE2E();
});
test.after(async () => {
  await e.stop();
});

const SECRET = 'Secret Sunrise Dash';

/** Every key and value of both stores. */
async function storage(page: Page) {
  // No named function inside evaluate: tsx would wrap it in a helper the page does not have.
  const [local, session] = await page.evaluate(() =>
    [localStorage, sessionStorage].map((s) => Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i)!).map((k) => [k, s.getItem(k) ?? '']))),
  );
  return { local, session };
}

/** Nothing of the organiser left: no draft, no job id, no value holding the typed text; when signed out, no session key either. */
async function nothingPersonal(page: Page, when: string, signedOut = true) {
  const keys = signedOut ? /draft|import-job|^user:|^token$|^user_id$|^user_role$|^companyid$|^company_name$/ : /draft|import-job/;
  const { local, session } = await storage(page);
  for (const [name, store] of [
    ['local', local],
    ['session', session],
  ] as const) {
    for (const [k, v] of Object.entries(store)) {
      assert.not.match(k, keys, `${when}: ${name} storage still holds ${k}`);
      assert.not.ok(v.includes(SECRET) || v.includes('Hidden Lane'), `${when}: ${name} storage ${k} holds the draft`);
    }
  }
}

/** Types a campaign draft (title, location) and leaves the form with Discard: the draft is kept. */
async function typeDraft(page: Page) {
  await openCampaignForm(page, e.url + eventPath(org));
  const m = campaignModal(page);
  await m.getByLabel('Title').fill(SECRET);
  await m.getByLabel('Location').fill('Hidden Lane');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  await discard.getByRole('button', { name: 'Discard' }).click();
  await m.waitFor({ state: 'detached' });
}

test('an organiser signs out with a draft typed; an administrator on the same browser sees an empty form and no draft is stored', async () => {
  const { page, url } = e;
  org = await makeOrganiser(e.api, 'Shared Club');
  await signIn(page, url, org.email, org.password, true);
  await typeDraft(page);
  const kept = await storage(page);
  assert.ok(
    Object.values(kept.local).some((v) => v.includes(SECRET)),
    'with Remember Me the draft was kept in local storage',
  );
  await page.locator('.user-toggle').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(`${url}/login`);
  await nothingPersonal(page, 'after sign-out');

  await signIn(page, url);
  await openCampaignForm(page, url + eventPath(org));
  const m = campaignModal(page);
  assert.is(await m.getByLabel('Title').inputValue(), '');
  assert.is(await m.getByLabel('Location').inputValue(), '');
  assert.is(await m.getByText('Your unsaved draft was restored.').count(), 0);
  await shot(page, 'shared-browser-admin-empty-form');
  await nothingPersonal(page, 'administrator signed in', false);
  await page.keyboard.press('Escape');
  await m.waitFor({ state: 'detached' });
  await page.locator('.user-toggle').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(`${url}/login`);
});

test('a session that ends (the organiser set In-Active, the next GET answers 401) takes its draft with it', async () => {
  const { page, url } = e;
  await signIn(page, url, org.email, org.password);
  await typeDraft(page);
  assert.ok(
    Object.values((await storage(page)).session).some((v) => v.includes(SECRET)),
    'without Remember Me the draft sits next to the session',
  );
  const admin = await e.api.login();
  const put = await e.api.call('PUT', `organiser/${org.companyId}`, { token: admin, form: { name: 'Shared Club', phone: '5550100', status: '0' } });
  assert.is(put.status, 200);
  await page.goto(url + eventPath(org));
  await page.waitForURL(`${url}/login`);
  await nothingPersonal(page, 'after the 401');
});

test.run();
