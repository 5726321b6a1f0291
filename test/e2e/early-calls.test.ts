import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Request } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';

// On a fresh load of an admin screen, the shell's first calls (who is signed in, the
// menus, the route guard's check) start while the console's scripts still download, so the
// screen's own calls no longer wait one round trip more after the scripts have run.

let e: E2E;
test.before(async () => {
  e = await startE2E();
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
});

const apiPath = (r: Request) => new URL(r.url()).pathname.replace(/^\/api\//, '') + new URL(r.url()).search;

test("the users screen's route check is asked before the console's script has arrived, and only once", async () => {
  // The dashboard that signing in opened must not add its own calls to the count: leave it first
  // (the tab keeps its session).
  await e.page.goto('about:blank');
  const asked: string[] = [];
  const onRequest = (r: Request) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) asked.push(apiPath(r));
  };
  e.page.on('request', onRequest);
  // The console's entry script is held back until the route check has been asked for (or 10 s).
  let checked!: () => void;
  const routeChecked = new Promise<void>((resolve) => {
    checked = resolve;
  });
  e.page.on('request', (r) => {
    if (apiPath(r) === 'route/check?route=users') checked();
  });
  let heldUntilChecked = false;
  const entry = new URL(/<script type="module" src="([^"]+)"/.exec(await (await fetch(`${e.url}/admin/users`)).text())![1], e.url).href;
  await e.page.route(entry, async (route) => {
    heldUntilChecked = await Promise.race([routeChecked.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]);
    await route.continue();
  });
  await e.page.goto(`${e.url}/admin/users?fresh=1`);
  await e.page
    .getByRole('button', { name: /^Edit / })
    .first()
    .waitFor();
  await e.page.unroute(entry);
  e.page.off('request', onRequest);
  assert.ok(heldUntilChecked, `the route check waited for the console's script; asked: ${asked.join(', ')}`);
  const count = (p: string) => asked.filter((a) => a === p).length;
  assert.is(count('route/check?route=users'), 1, asked.join(', '));
  assert.is(count('user/getmenu'), 1, asked.join(', '));
  await e.page.getByRole('link', { name: 'Users' }).first().waitFor(); // the menus (user/getmenu's early answer) are shown
});

test('an early answer serves the first load only: opening the screen again from the menu asks the guard again', async () => {
  const asked: string[] = [];
  e.page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) asked.push(apiPath(r));
  });
  await e.page.getByRole('link', { name: 'Roles' }).first().click();
  await e.page.getByRole('heading', { name: 'Roles' }).waitFor();
  await e.page.getByRole('link', { name: 'Users' }).first().click();
  await e.page
    .getByRole('button', { name: /^Edit / })
    .first()
    .waitFor();
  assert.ok(asked.includes('route/check?route=roles'), asked.join(', '));
  assert.ok(asked.includes('route/check?route=users'), asked.join(', '));
});

test('signed out, the sign-in page asks the API nothing before its scripts run', async () => {
  const context = await e.browser.newContext();
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) asked.push(apiPath(r));
  });
  await page.goto(`${e.url}/admin/users`);
  await page.waitForURL((u) => u.pathname === '/login');
  await page.getByLabel('Email').waitFor();
  assert.not.ok(
    asked.some((a) => /^(user\/get|user\/getmenu|route\/check)/.test(a)),
    asked.join(', '),
  );
  await context.close();
});

test.run();
