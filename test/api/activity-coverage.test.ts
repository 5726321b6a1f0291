import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Hono } from 'hono';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import { startTestApi, type TestApi } from './harness.ts';
import { createApp } from '../../server/app.ts';
import { declaredLog, logs, whoOf } from '../../server/http/logs.ts';
import type { AppEnv } from '../../server/http/context.ts';

/**
 * Every call that may write declares what it logs beside its path (`logs(resource)`,
 * server/http/logs.ts), or is named below with the reason it changes no record. So a new
 * write route that forgets its activity row fails here instead of going unlogged.
 */

/** Write routes that record no row of their own, each with why. */
const NOT_LOGGED: Record<string, string> = {
  // Sign-in, failed sign-in and sign-out are `session` rows written by http/middleware/session-activity.ts around the call.
  'POST /api/login': 'session row by sessionActivity',
  'POST /api/logout': 'session row by sessionActivity',
  // Queues a reset e-mail to whatever address was typed; no account changes (and none may exist).
  'POST /api/password/forgot': 'queues an e-mail only',
  // Reads a link's state; changes nothing.
  'POST /api/password/link': 'read only',
  // Sends a test e-mail with unsaved settings; it is listed under Recent e-mails, no setting changes.
  'POST /api/settings/email/test': 'sends a test e-mail only',
  // Answers which of the typed e-mails are taken; changes nothing.
  'POST /api/user/import/check': 'read only',
  // The caller signing out its own other browsers: sessions, not a record of the consoles.
  'POST /api/account/sessions/others': "ends the caller's own sessions",
  'DELETE /api/account/sessions/:id': "ends one of the caller's own sessions",
  // Starts an authenticator enrolment that changes nothing until it is confirmed (totp/confirm logs).
  'POST /api/account/two-step/totp': 'unconfirmed enrolment',
  // Starts replacing the authenticator (a new phone); nothing changes until totp/confirm, which logs.
  'POST /api/account/two-step/totp/replace': 'unconfirmed replacement',
  // Hand out a passkey ceremony's challenge (stored hashed); the ceremony's answer logs (account/passkeys, login/passkey).
  'POST /api/account/passkeys/options': 'a passkey challenge only',
  'POST /api/login/passkey/options': 'a passkey challenge only',
  // Queue a delivery of an endpoint (a test event, or one sent again); listed under the endpoint's deliveries, no setting changes.
  'POST /api/webhooks/:id/test': 'sends a test event only',
  'POST /api/webhooks/:id/deliveries/:delivery/replay': 'sends a delivery again only',
};

type Route = { method: string; path: string; handler: unknown };

/** `METHOD path` -> whether one of the route's handlers declares `logs`, for every call under /api and /recognition that may write. */
function writeRoutes(routes: Route[]): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const r of routes) {
    if (['GET', 'HEAD', 'OPTIONS', 'ALL'].includes(r.method) || !/^\/(api|recognition)\//.test(r.path)) continue;
    const key = `${r.method} ${r.path}`;
    const h = r.handler as { [COMPOSED_HANDLER]?: unknown };
    out.set(key, (out.get(key) ?? false) || declaredLog(h) !== undefined || declaredLog(h[COMPOSED_HANDLER]) !== undefined);
  }
  return out;
}

/** The write routes of `routes` that neither declare `logs` nor are on NOT_LOGGED. */
const unlogged = (routes: Route[]) => [...writeRoutes(routes)].filter(([key, declared]) => !declared && !(key in NOT_LOGGED)).map(([key]) => key);

let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after(async () => {
  await api.stop();
});

test('every write route the app registers declares its activity row or is on the commented list of calls that change no record', () => {
  const routes = createApp(api.sql, api.config, api.files).routes;
  const writes = writeRoutes(routes);
  assert.ok(writes.size > 60, `${writes.size} write routes`);
  assert.equal(unlogged(routes), []);
  // The list stays true: each entry names a registered write route that does not log.
  assert.equal(
    Object.keys(NOT_LOGGED).filter((k) => writes.get(k) !== false),
    [],
  );
});

test('a write route added without logs(...) is reported, under /api and /recognition alike', () => {
  const app = new Hono<AppEnv>()
    .post('/api/tag', (c) => c.json({}))
    .put('/api/tag/:id', logs('pages'), (c) => c.json({}))
    .route(
      '/recognition',
      new Hono<AppEnv>().delete('/tag/:id', (c) => c.json({})),
    );
  assert.equal(unlogged(app.routes), ['POST /api/tag', 'DELETE /recognition/tag/:id']);
});

test('a handler that hands whoOf(c) to a service without declaring logs(...) fails instead of writing unlogged', async () => {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('config', api.config);
    await next();
  });
  app.post('/declared', logs('pages'), (c) => c.json(whoOf(c)));
  app.post('/undeclared', (c) => c.json(whoOf(c)));
  app.onError((err, c) => c.text(err.message, 500));
  const ok = await app.request('/declared', { method: 'POST', headers: { 'User-Agent': 'Coverage/1' } });
  assert.is(ok.status, 200);
  assert.is((await ok.json()).userAgent, 'Coverage/1');
  const bad = await app.request('/undeclared', { method: 'POST' });
  assert.is(bad.status, 500);
  assert.match(await bad.text(), /without declaring logs/);
});

test('with the log off (ACTIVITY_LOG=0) writes, sign-ins and exports leave no row', async () => {
  const off = await startTestApi({ activityLog: false });
  try {
    const token = await off.login();
    const page = await off.call('POST', 'page', { token, form: { title: 'Unlogged', content: 'x' } });
    assert.is(page.status, 200);
    assert.is((await off.call('PUT', `page/${page.body.data.id}`, { token, form: { title: 'Still unlogged', content: 'y' } })).status, 200);
    assert.is((await off.call('GET', 'page/export', { token })).status, 200);
    assert.is(Number((await off.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM activity'))!.n), 0);
  } finally {
    await off.stop();
  }
});

test.run();
