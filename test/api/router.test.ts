import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { Result } from 'hono/router';
import { startTestApi, type TestApi } from './harness.ts';
import { createApp } from '../../server/app.ts';
import { KEPT_MATCHES, KEPT_PATH_LENGTH, KeptMatchRouter } from '../../server/http/kept-router.ts';

// The app's router (server/http/kept-router.ts): Hono's TrieRouter with each
// (method, path)'s match kept, answering exactly as a fresh TrieRouter over the same routes.

let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after(async () => {
  await api.stop();
});

type App = ReturnType<typeof createApp>;
type Match = Result<[unknown, { method: string; path: string }]>;

/** One concrete path per route pattern: each parameter as `1`, each wildcard as `x`. */
const concrete = (pattern: string) => pattern.replace(/:[^/{]+(\{[^}]*\})?/g, '1').replace(/\*/g, 'x');

/** A match as comparable data: each handler's route (method and pattern, in order) and its params. */
const shape = (m: Match) => m[0].map(([[, route], params]) => [route.method, route.path, { ...(params as Record<string, string>) }]);

test('the app routes with the kept-match router, from its first request on', async () => {
  const app = createApp(api.sql, api.config, api.files);
  assert.ok(app.router instanceof KeptMatchRouter, `the app's router is ${app.router.name}, not KeptMatchRouter (server/app.ts)`);
  const ping = await app.request('/api/ping');
  assert.is(ping.status, 200);
  assert.is(app.router.name, 'KeptMatchRouter + TrieRouter');
  assert.ok((app.router as KeptMatchRouter<unknown>).size >= 1, 'the first match is kept');
  assert.throws(() => app.get('/api/late', (c) => c.text('late')), /registered after the first request/);
});

test("Hono's default router (RegExpRouter first) refuses this route table: SmartRouter settles on TrieRouter", async () => {
  // Why the app names its own router: if this fails, RegExpRouter accepts the table, and Hono's
  // default SmartRouter may be as cheap as the kept matches; measure before changing server/app.ts.
  const app = createApp(api.sql, api.config, api.files);
  const plain = new Hono();
  for (const r of app.routes) plain.on(r.method, r.path, () => new Response('ok'));
  await plain.request('/api/ping');
  assert.is(plain.router.name, 'SmartRouter + TrieRouter');
});

test('every route answers a kept match exactly as a fresh TrieRouter does: same handlers, same order, same params', async () => {
  const app: App = createApp(api.sql, api.config, api.files);
  const fresh = new TrieRouter<[unknown, { method: string; path: string }]>();
  for (const r of app.routes) fresh.add(r.method, r.path, [r.handler, r]);
  const router = app.router as unknown as KeptMatchRouter<[unknown, { method: string; path: string }]>;
  const calls = [...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${concrete(r.path)}`))];
  calls.push('GET /api/nowhere', 'DELETE /api/event/export', 'HEAD /api/user', `GET /api/${'a'.repeat(KEPT_PATH_LENGTH)}`);
  assert.ok(calls.length > 100, `${calls.length} calls`);
  const differ: string[] = [];
  for (const call of calls) {
    const [method, path] = call.split(' ');
    const expected = shape(fresh.match(method, path) as Match);
    if (expected.length === 0) differ.push(`${call}: no handler at all`);
    const first = router.match(method, path) as Match;
    const again = router.match(method, path) as Match;
    if (JSON.stringify(shape(first)) !== JSON.stringify(expected)) differ.push(`${call}: first match differs`);
    if (JSON.stringify(shape(again)) !== JSON.stringify(expected)) differ.push(`${call}: kept match differs`);
  }
  assert.equal(differ, []);
  // GET /api/event/export reaches its own route before the parametric one; GET /api/event/7 the parametric one.
  const gets = (path: string) => shape(router.match('GET', path) as Match).filter(([m, p]) => m === 'GET' && p !== '/*');
  assert.equal(gets('/api/event/export')[0], ['GET', '/api/event/export', {}]);
  assert.equal(gets('/api/event/7'), [['GET', '/api/event/:id', { id: '7' }]]);
});

test('the kept matches stay bounded: a long path is not kept, a full store is emptied', async () => {
  const app = createApp(api.sql, api.config, api.files);
  const router = app.router as unknown as KeptMatchRouter<unknown>;
  router.match('GET', `/api/${'b'.repeat(KEPT_PATH_LENGTH)}`);
  assert.is(router.size, 0, 'a path longer than KEPT_PATH_LENGTH is matched afresh');
  for (let i = 0; i < KEPT_MATCHES; i++) router.match('GET', `/api/event/${i}`);
  assert.is(router.size, KEPT_MATCHES);
  router.match('GET', '/api/event/one-more');
  assert.is(router.size, 1, 'the store was emptied, then kept the new match');
  // A request still answers after the store was emptied.
  const ping = await app.request('/api/ping');
  assert.is(ping.status, 200);
});

test('a CSV export answered to a signed-in user is recorded once; a list read is not (http/middleware/session-activity.ts)', async () => {
  const token = await api.login();
  const exports = async () => Number((await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM activity WHERE action = 'export'"))!.n);
  const before = await exports();
  assert.is((await api.call('GET', 'page/export', { token })).status, 200);
  assert.is(await exports(), before + 1);
  assert.is((await api.call('GET', 'page?page=1', { token })).status, 200);
  assert.is(await exports(), before + 1);
});

test.run();
