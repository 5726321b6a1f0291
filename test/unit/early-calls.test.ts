import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EARLY_TTL_MS, earlyPaths, startEarlyCalls, takeEarlyCall } from '../../src/lib/early-calls.ts';
import { http, HttpError } from '../../src/lib/http.ts';

// The admin shell's first calls start before the console's scripts run, and the
// console takes their answers instead of asking again.

let fetched: { url: string; headers: Record<string, string> }[] = [];
let fail = false;
const envelope = (data: unknown) => new Response(JSON.stringify({ status: 'success', message: '', data }), { status: 200 });

// The files after this one, in the same process, get the real fetch back.
const realFetch = globalThis.fetch;
test.after(() => {
  globalThis.fetch = realFetch;
});

test.before.each(() => {
  resetDom('/admin/users');
  (globalThis as { __earlyCalls?: unknown[] }).__earlyCalls = [];
  (globalThis as { APP_CONFIG?: object }).APP_CONFIG = { apiBaseUrl: 'https://api.test/api/' };
  fetched = [];
  fail = false;
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    fetched.push({ url, headers: init.headers as Record<string, string> });
    if (fail) throw new TypeError('Failed to fetch');
    return envelope({ url, n: fetched.length });
  }) as typeof fetch;
});

test("an admin address asks who is signed in, the menus and its screen's route check; an organiser asks nothing", () => {
  assert.equal(earlyPaths('/admin/users', 'admin'), ['user/get', 'user/getmenu', 'route/check?route=users']);
  assert.equal(earlyPaths('/admin/users/', 'admin'), ['user/get', 'user/getmenu', 'route/check?route=users']);
  assert.equal(earlyPaths('/admin/permissions/x', null), ['user/get', 'user/getmenu', 'route/check?route=permissions']);
  assert.equal(earlyPaths('/admin', 'admin'), ['user/get', 'user/getmenu'], 'the dashboard has no guard');
  assert.equal(earlyPaths('/admin/account', 'admin'), ['user/get', 'user/getmenu'], 'nor has My account');
  assert.equal(earlyPaths('/admin/users', 'company'), [], 'an organiser is sent on to their console');
});

test('with a stored session the calls start with its bearer token; without one nothing is asked', () => {
  startEarlyCalls();
  assert.is(fetched.length, 0, 'signed out');
  sessionStorage.setItem('token', 'tab-token');
  sessionStorage.setItem('user_role', 'admin');
  startEarlyCalls();
  assert.equal(
    fetched.map((f) => f.url),
    ['https://api.test/api/user/get', 'https://api.test/api/user/getmenu', 'https://api.test/api/route/check?route=users'],
  );
  assert.is(fetched[0].headers.Authorization, 'Bearer tab-token');
});

test("the console's same GET is answered by the early call, once; the next one asks the server", async () => {
  localStorage.setItem('token', 'kept');
  startEarlyCalls();
  assert.is(fetched.length, 3);
  const first = await http.get<{ url: string; n: number }>('route/check?route=users');
  assert.is(fetched.length, 3, 'no second request');
  assert.equal(first.data, { url: 'https://api.test/api/route/check?route=users', n: 3 });
  await http.get('route/check?route=users');
  assert.is(fetched.length, 4, 'the answer is given once');
  await http.get('role');
  assert.is(fetched.length, 5, 'other calls are made as before');
});

test('an early answer is not given to another session, nor after EARLY_TTL_MS', () => {
  localStorage.setItem('token', 'kept');
  startEarlyCalls(1_000);
  assert.is(takeEarlyCall('https://api.test/api/user/get', 'Bearer someone-else', 1_001), undefined);
  assert.is(takeEarlyCall('https://api.test/api/user/get', 'Bearer kept', 1_000 + EARLY_TTL_MS + 1), undefined);
  assert.ok(takeEarlyCall('https://api.test/api/user/get', 'Bearer kept', 1_000 + EARLY_TTL_MS));
});

test("an early call that failed is made again by the console; an answered failure is the console's failure", async () => {
  localStorage.setItem('token', 'kept');
  fail = true;
  startEarlyCalls();
  fail = false;
  const menu = await http.get<{ n: number }>('user/getmenu');
  assert.is(fetched.length, 4, 'asked again');
  assert.is(menu.data.n, 4);
  (globalThis as { __earlyCalls?: unknown[] }).__earlyCalls = [];
  globalThis.fetch = (async () => new Response(JSON.stringify({ status: 'fail', message: 'Forbidden', data: null }), { status: 403 })) as typeof fetch;
  startEarlyCalls();
  const err = await http.get('route/check?route=users').catch((e: unknown) => e);
  assert.instance(err, HttpError);
  assert.is((err as HttpError).status, 403);
});

test('a caller that gave up does not get the early answer', async () => {
  localStorage.setItem('token', 'kept');
  startEarlyCalls();
  const ctl = new AbortController();
  const call = http.get('user/get', { signal: ctl.signal });
  ctl.abort();
  const err = await call.catch((e: unknown) => e);
  assert.is((err as Error).name, 'AbortError');
});

test.run();
