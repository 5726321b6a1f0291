/**
 * The language sweep (docs/languages.md): signs in to the built console in headless
 * Chromium as the administrator and as the demo organiser, once per language (English, then
 * French, Spanish or Arabic), visits every route of both consoles, opens each page's header
 * actions (Add, Import…) and its first row's actions (Edit, Delete…), submits each dialog empty,
 * clicks every tab, searches for nothing, opens the sign-in, forgotten-password, reset and
 * unlock pages and a participant's gallery, and gathers every visible text node, placeholder,
 * aria-label, title, alt and toast. A text the other language shows word for word as English on
 * the same step is printed as a leftover: data (names, e-mails, numbers, dates) is left out by
 * the rules of `isData`, what is left is read by a person, hence a tool rather than a test.
 * In Arabic it also checks `<html dir="rtl">` on each step.
 *
 * Usage (Node 24): `OUT_DIR=/tmp/dist-lang-sweep node build.mjs && STATIC_DIR=/tmp/dist-lang-sweep
 * node --import tsx test/e2e/lang-sweep.ts [fr|es|ar] [step filter] | grep -v '^{"level"'`.
 * Not a `.test.ts`: the runner leaves it out, while tsc and biome check it with the tests. The API is the test harness's
 * (a fresh temporary database with the demo data, a free port). Prints `step → text` per leftover.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { startTestApi, ADMIN } from '../api/harness.ts';
import { CHROMIUM_ARGS } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile } from '../api/organiser-fixtures.ts';
import { awaitJob } from '../api/import-job.ts';

const other = (process.argv[2] ?? 'fr') as 'fr' | 'es' | 'ar';
const only = process.argv[3] ?? '';
const ORGANISER = { email: 'organiser@example.com', password: 'Organiser123!' };

/** Every visible text of the page: text nodes, placeholders, labels, titles, alts, button values. */
async function texts(page: Page): Promise<string[]> {
  // A string, so the bundler's helpers (tsx names functions with __name) stay out of the page.
  return page.evaluate(TEXTS_IN_PAGE) as Promise<string[]>;
}
const TEXTS_IN_PAGE = `(() => {
  const out = new Set();
  const add = (s) => {
    const v = (s ?? '').replace(/\\s+/g, ' ').trim();
    if (v) out.add(v);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('script,style,noscript,template')) continue;
    if (!el.checkVisibility() && !el.closest('.sr-only')) continue;
    add(n.nodeValue);
  }
  for (const el of document.querySelectorAll('[placeholder],[aria-label],[title],[alt],input[type=submit],input[type=button],option')) {
    if (el.tagName !== 'OPTION' && !el.checkVisibility()) continue;
    for (const a of ['placeholder', 'aria-label', 'title', 'alt']) add(el.getAttribute(a));
    if (el.tagName === 'INPUT' && (el.type === 'submit' || el.type === 'button')) add(el.value);
    if (el.tagName === 'OPTION') add(el.textContent);
  }
  add(document.title);
  return [...out];
})()`;

/** Data rather than words: numbers, dates, e-mails, addresses, single words of the demo data, brands. */
function isData(s: string): boolean {
  if (!/\p{L}{2}/u.test(s)) return true; // numbers, dates, symbols
  if (/@|https?:\/\/|^\/|\.(csv|xlsx|png|jpe?g)$/i.test(s)) return true;
  if (
    /^(BIB|CSV|XLSX|JSON|API|URL|ID|SMTP|PDF|PNG|JPEG|TLS|SSL|OK|HTTP|HTTPS|IP|UTC|GMT|Email|E-mail|Webhooks?|Passkeys?|English|Français|Español|العربية)$/i.test(
      s,
    )
  )
    return true;
  if (/^[A-Z]{2,5}$/.test(s)) return true; // currency codes, initials
  if (/^[A-Z][A-Za-z]+\/[A-Za-z_/+-]+$/.test(s) || /^[a-z_]+(\.[a-z_]+)*$/.test(s)) return true; // time zones, machine names (event.created, working_days)
  return false;
}

/** Waits for requests to settle (the change stream aside) and a short paint. */
async function settle(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  await page.waitForTimeout(700);
}

const collected = new Map<string, Set<string>>();
async function collect(page: Page, step: string, locale: string, dirs: string[]) {
  await settle(page);
  const key = step;
  const set = collected.get(`${locale}|${key}`) ?? new Set();
  for (const t of await texts(page)) set.add(t);
  collected.set(`${locale}|${key}`, set);
  if (locale === 'ar') {
    const dir = await page.evaluate(() => document.documentElement.dir);
    if (dir !== 'rtl') dirs.push(`${step}: dir=${dir}`);
  }
}

/**
 * Visits `path` and collects: the page; each header action's dialog (and that dialog submitted
 * empty); the first row's actions' dialogs; every tab; an empty search.
 */
async function sweepScreen(page: Page, url: string, path: string, name: string, locale: string, dirs: string[]) {
  if (only && !name.includes(only)) return;
  await page.goto(`${url}${path}`);
  await collect(page, name, locale, dirs);
  const dialog = page.locator('[role=dialog]');
  const closeDialog = async () => {
    for (let i = 0; i < 3 && (await dialog.count()); i++) {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(200);
      // A leave guard may ask first: say leave.
      const guard = page.locator('[role=dialog] .modal-footer button').last();
      if ((await dialog.count()) && i === 1 && (await guard.count())) await guard.click().catch(() => {});
    }
  };
  const openEach = async (selector: string, label: string) => {
    const n = await page.locator(selector).count();
    for (let i = 0; i < n && i < 6; i++) {
      const b = page.locator(selector).nth(i);
      if (!(await b.isVisible().catch(() => false)) || !(await b.isEnabled().catch(() => false))) continue;
      await b.click({ timeout: 3000 }).catch(() => {});
      await page.waitForTimeout(500);
      if (await dialog.count()) {
        await collect(page, `${name} ${label}#${i}`, locale, dirs);
        const submit = dialog.locator('button[type=submit]').first();
        if ((await submit.count()) && (await submit.isEnabled().catch(() => false)) && /#\d/.test(label) && label.startsWith('header')) {
          await submit.click({ timeout: 3000 }).catch(() => {});
          await collect(page, `${name} ${label}#${i} submitted`, locale, dirs);
        }
        await closeDialog();
      } else if (!page.url().startsWith(`${url}${path}`)) {
        await collect(page, `${name} ${label}#${i} page`, locale, dirs);
        await page.goto(`${url}${path}`);
        await settle(page);
      }
    }
  };
  await openEach('.page-actions button', 'header#');
  await openEach('table tbody tr:first-child td:last-child button:not(.text-danger)', 'row#');
  await openEach('table tbody tr:first-child td:last-child button.text-danger', 'delete#');
  const tabs = page.locator('[role=tab]');
  for (let i = 0; i < (await tabs.count()); i++) {
    await tabs
      .nth(i)
      .click({ timeout: 3000 })
      .catch(() => {});
    await collect(page, `${name} tab${i}`, locale, dirs);
    await openEach('[role=tabpanel] .page-actions button, [role=tabpanel] .card-actions button', `tab${i} header#`);
  }
  const search = page.locator('.list-search input').first();
  if (await search.count()) {
    await search.fill('zzqqxx');
    await page.waitForTimeout(900);
    await collect(page, `${name} no results`, locale, dirs);
  }
}

async function chooseLanguage(page: Page, url: string, locale: string) {
  await page.goto(`${url}/admin/account`);
  const select = page.locator('select[id$="-language"]');
  await select.waitFor();
  await select.selectOption(locale);
  await page.locator('section.card').filter({ has: select }).locator('button[type=submit], button').last().click();
  await page.waitForFunction((l) => document.documentElement.lang === l, locale);
}

async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/login`);
  await page
    .locator('input[name=email]')
    .first()
    .fill(email)
    .catch(async (err) => {
      await page.screenshot({ path: '/tmp/sweep-signin.png' });
      console.log(page.url(), (await texts(page)).join(' | '));
      throw err;
    });
  await page.locator('input[type=password]').first().fill(password);
  await page.locator('form button[type=submit]').first().click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

async function main() {
  const api = await startTestApi({ demo: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const dirs: string[] = [];
  const errors: string[] = [];
  try {
    // A participant's gallery link.
    const A = await makeOrganiser(api, 'Sweep', 0);
    await api.call('POST', `event/${A.eventId}/participant`, {
      token: A.token,
      form: { bib_number: '42', name: 'Ada Runner', email: 'ada@example.com', face_consent: 'yes' },
    });
    const up = await api.call('POST', 'uploadExcel', {
      token: A.token,
      form: { event_id: String(A.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv([goodRow(42), goodRow(42)])) },
    });
    await awaitJob(api.call, A.token, up);
    await api.call('POST', `event/${A.eventId}/notify-matched`, { token: A.token });
    const mail = await api.sql.get<{ body_text: string }>("SELECT body_text FROM outbox WHERE kind = 'gallery' ORDER BY id");
    const galleryToken = /\/gallery\/([A-Za-z0-9_-]{43})/.exec(mail?.body_text ?? '')?.[1];

    for (const locale of ['en', other]) {
      let ctx: BrowserContext = await browser.newContext({ locale: locale === 'en' ? 'en-US' : locale, viewport: { width: 1280, height: 860 } });
      let page = await ctx.newPage();
      page.setDefaultTimeout(8000);
      page.on('pageerror', (e) => errors.push(`${locale}: ${e.message}`));
      const u = api.url;
      // Before sign-in: the browser's language decides.
      for (const [p, n] of [
        ['/login', 'login'],
        ['/forgot-password', 'forgot-password'],
        ['/reset-password?token=x&email=a@example.com', 'reset-password'],
        ['/invitation?token=x&email=a@example.com', 'invitation'],
        ['/unlock-two-step?token=x', 'unlock-two-step'],
      ]) {
        if (only && !n.includes(only)) continue;
        await page.goto(`${u}${p}`);
        await collect(page, n, locale, dirs);
        const submit = page.locator('form button[type=submit]').first();
        if (await submit.count()) {
          await submit.click({ timeout: 3000 }).catch(() => {});
          await collect(page, `${n} submitted`, locale, dirs);
        }
      }
      if (galleryToken && (!only || 'gallery'.includes(only))) {
        await page.goto(`${u}/gallery/${galleryToken}?lang=${locale}`);
        await collect(page, 'gallery', locale, dirs);
        await page.goto(`${u}/gallery/${'x'.repeat(43)}?lang=${locale}`);
        await collect(page, 'gallery wrong link', locale, dirs);
      }

      // The administrator.
      await signIn(page, u, ADMIN.email, ADMIN.password);
      await chooseLanguage(page, u, locale);
      for (const p of ['', '/account', '/users', '/roles', '/permissions', '/pages', '/adminmenus', '/settings', '/organizers', '/activity'])
        await sweepScreen(page, u, `/admin${p}`, `admin${p || '/'}`, locale, dirs);
      await ctx.close();

      // The demo organiser, in a browser of their own.
      ctx = await browser.newContext({ locale: locale === 'en' ? 'en-US' : locale, viewport: { width: 1280, height: 860 } });
      page = await ctx.newPage();
      page.setDefaultTimeout(8000);
      page.on('pageerror', (e) => errors.push(`${locale}: ${e.message}`));
      await signIn(page, u, ORGANISER.email, ORGANISER.password);
      await page.waitForURL(/\/organizer\/\d+/);
      const companyId = /\/organizer\/(\d+)/.exec(page.url())?.[1];
      await chooseLanguage(page, u, locale);
      const base = `/admin/organizer/${companyId}`;
      for (const p of ['', '/events', '/booking', '/holiday', '/activity', '/reports', '/webhooks', '/profile', '/template-generator', '/admin/account'])
        await sweepScreen(page, u, p === '/admin/account' ? p : `${base}${p}`, `organiser${p || '/'}`, locale, dirs);
      // The first event with a campaign: its detail, the campaign and the template wizard.
      const first = await api.sql.get<{ event: number; campaign: number }>(
        'SELECT e.id AS event, c.id AS campaign FROM events e JOIN campaigns c ON c.event_id = e.id WHERE e.company_id = ? ORDER BY e.id, c.id LIMIT 1',
        [Number(companyId)],
      );
      if (first) {
        await sweepScreen(page, u, `${base}/events/${first.event}`, 'organiser event detail', locale, dirs);
        await sweepScreen(page, u, `${base}/events/${first.event}/${first.campaign}`, 'organiser campaign', locale, dirs);
        await sweepScreen(page, u, `${base}/events/${first.event}/${first.campaign}/add-template`, 'organiser add-template', locale, dirs);
      }
      await ctx.close();
    }
  } finally {
    await browser.close();
    await api.stop();
  }

  // Leftovers: the other language's texts English shows word for word on the same step.
  const english = new Set<string>();
  for (const [k, v] of collected) if (k.startsWith('en|')) for (const t of v) english.add(t);
  const seen = new Set<string>();
  for (const [k, v] of collected) {
    if (!k.startsWith(`${other}|`)) continue;
    const step = k.slice(other.length + 1);
    const en = collected.get(`en|${step}`) ?? new Set();
    for (const t of v) {
      if (isData(t) || seen.has(t)) continue;
      if (en.has(t) || (!collected.has(`en|${step}`) && english.has(t))) {
        seen.add(t);
        console.log(`${step} → ${t}`);
      }
    }
  }
  if (process.env.SWEEP_STEPS) for (const k of collected.keys()) if (k.startsWith(`${other}|`)) console.log(`STEP ${k.slice(other.length + 1)}`);
  for (const d of dirs) console.log(`NOT RTL ${d}`);
  for (const e of errors) console.log(`PAGE ERROR ${e}`);
  console.log(`steps: ${[...collected.keys()].filter((k) => k.startsWith(`${other}|`)).length}, leftovers: ${seen.size}`);
}

await main();
process.exit(0);
