import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startE2E, signIn, waitForQuiet, type E2E } from './harness.ts';
import { makeOrganiser } from '../api/campaigns-fixtures.ts';

// Issue 44, "Done when": signed in, with French, Spanish or Arabic chosen in My account, every
// admin screen and every screen of an organiser's console shows its headings, buttons, menu items
// and column titles in that language: none reads word for word as on the same screen in English,
// data aside (names, e-mails, numbers, brands). In Arabic every screen is right to left.
let e: E2E;
let organiser = 0;
test.before(async () => {
  e = await startE2E();
  organiser = (await makeOrganiser(e.api, 'Club Screens')).companyId;
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
});

/** Both consoles' screens, as the administrator opens them (the organiser's through Organizers). */
const screens = () => [
  '/admin',
  '/admin/account',
  '/admin/users',
  '/admin/roles',
  '/admin/permissions',
  '/admin/pages',
  '/admin/adminmenus',
  '/admin/settings',
  '/admin/organizers',
  '/admin/activity',
  ...['', '/profile', '/events', '/booking', '/holiday', '/activity', '/reports', '/webhooks'].map((p) => `/admin/organizer/${organiser}${p}`),
];

/** The screen's headings, buttons, menu items and column titles, as a person reads them. */
const WORDS_IN_PAGE = `(() => {
  const out = new Set();
  const seen = (el) => el.checkVisibility() || el.closest('.sr-only');
  const add = (s) => { const v = (s ?? '').replace(/\\s+/g, ' ').trim(); if (v) out.add(v); };
  for (const el of document.querySelectorAll('h1, h2, h3, h4, [role=heading], th, [role=columnheader], nav a, [role=menuitem], [role=tab]'))
    if (seen(el)) add(el.textContent);
  for (const el of document.querySelectorAll('button, [role=button], input[type=submit]'))
    if (seen(el)) add(el.getAttribute('aria-label') || el.textContent || el.value);
  return [...out];
})()`;
/** The words, a column's sort arrow left off. */
const words = async (page: Page) => ((await page.evaluate(WORDS_IN_PAGE)) as string[]).map((w) => w.replace(/\s*[▲▼]$/, ''));

/**
 * Data, not words: no two letters in a row, an address, a brand, a code, the test's organiser, or
 * the signed-in administrator's name (its avatar shows the initial before it: "AAdministrator").
 */
const isData = (s: string) =>
  !/\p{L}{2}/u.test(s) ||
  /@|https?:\/\//.test(s) ||
  /^(BIB|CSV|XLSX|API|URL|ID|SMTP|OK|Club Screens|Club Screens Marathon|English|Français|Español|العربية)$/i.test(s) ||
  /^A?Administrator$/.test(s) ||
  /^[A-Z]{2,5}$/.test(s);

/** Words that are the language's own and English's alike (the catalogs say them so on purpose). */
const SAME_IN: Record<string, readonly string[]> = {
  fr: ['Pages', 'Menus', 'Sessions', 'Action', 'Actions', 'Webhooks', 'Date'],
  es: ['Roles', 'Webhooks', 'Token'],
  ar: [],
};

async function choose(locale: string) {
  await e.page.goto(`${e.url}/admin/account`);
  const select = e.page.locator('select[name=language]');
  await select.selectOption(locale);
  await e.page.locator('section.card').filter({ has: select }).getByRole('button').last().click();
  await e.page.waitForFunction((l) => document.documentElement.lang === l, locale);
}

/** Each screen's words in `locale`, and the screens that were not right to left. */
async function visit(locale: string) {
  await choose(locale);
  const byScreen = new Map<string, string[]>();
  const notRtl: string[] = [];
  for (const path of screens()) {
    await e.page.goto(`${e.url}${path}`);
    await e.page.locator('h1').first().waitFor();
    await waitForQuiet(e.page, 400);
    byScreen.set(path, await words(e.page));
    if (locale === 'ar' && (await e.page.evaluate(() => document.documentElement.dir)) !== 'rtl') notRtl.push(path);
  }
  return { byScreen, notRtl };
}

let english: Map<string, string[]>;
test('English first: every screen shows its headings, buttons, menu items and column titles', async () => {
  english = (await visit('en')).byScreen;
  for (const [path, list] of english) assert.ok(list.length >= 3, `${path} shows words: ${list.join(' | ')}`);
  assert.ok(english.get('/admin/users')!.includes('Users'));
});

for (const locale of ['fr', 'es', 'ar']) {
  test(`in ${locale}, no heading, button, menu item or column title of any screen reads as in English`, async () => {
    const { byScreen, notRtl } = await visit(locale);
    const leftovers: string[] = [];
    for (const [path, list] of byScreen) {
      const en = new Set(english.get(path));
      for (const w of list) if (en.has(w) && !isData(w) && !SAME_IN[locale].includes(w)) leftovers.push(`${path}: ${w}`);
      assert.ok(list.length >= 3, `${path} shows words in ${locale}`);
    }
    assert.equal(leftovers, [], `English left on ${locale} screens`);
    assert.equal(notRtl, [], 'screens not right to left');
    assert.equal(e.errors, []);
  });
}

test.run();
