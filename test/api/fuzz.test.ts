import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../server/app.ts';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { tokenFor } from './admin-helpers.ts';
import { makeOrganiser } from './organiser-fixtures.ts';
import { HOSTILE_IDS, HOSTILE_VALUES, BODY_FIELDS, rawBodies } from './fuzz-corpus.ts';

// No input earns a 5xx or a dropped connection: every route and method
// of the app, read from the Hono app itself so new routes are covered without editing this file,
// gets a corpus of hostile ids, values and bodies, as anonymous, as a restricted role and as an
// organiser.

let api: TestApi;
const dropReasons = new Set<string>();
const XSRF = 'fuzz-xsrf-0123456789';
test.before(async () => {
  api = await startTestApi();
});
test.after(() => api.stop());

interface Probe {
  method: string;
  path: string;
  token?: string;
  body?: string;
  type?: string;
  xsrf?: { cookie: string; header: string };
}

/** Sends one probe; returns its status, 0 when the connection dropped. */
async function send(p: Probe): Promise<number> {
  const x = p.xsrf ?? { cookie: XSRF, header: XSRF };
  const headers: Record<string, string> = { Accept: 'application/json', Cookie: `XSRF-TOKEN=${x.cookie}`, 'X-XSRF-TOKEN': x.header };
  if (p.token) headers.Authorization = `Bearer ${p.token}`;
  if (p.type) headers['Content-Type'] = p.type;
  try {
    const res = await fetch(`${api.url}${p.path}`, { method: p.method, headers, body: p.method === 'GET' || p.method === 'HEAD' ? undefined : p.body });
    await res.arrayBuffer();
    return res.status;
  } catch (err) {
    dropReasons.add(String((err as { cause?: { code?: string; message?: string } }).cause?.code ?? (err as Error).message));
    return 0;
  }
}

/** Every route of the app with a handler: method and path pattern, middleware-only entries left out. */
function routes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const out: { method: string; path: string }[] = [];
  for (const r of createApp(api.sql, api.config).routes) {
    if (r.method === 'ALL' || r.path.includes('*') || !/^\/(api|recognition)\//.test(r.path)) continue;
    const key = `${r.method} ${r.path}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ method: r.method, path: r.path });
    }
  }
  return out;
}

/**
 * All probes of one route for one identity. `gated`: the route refused this identity an empty
 * body with 401/403, so its body values are never read; only ids, malformed bodies and XSRF
 * encodings are sent (the gate itself must survive them).
 */
function probes(method: string, pattern: string, token: string | undefined, gated: boolean): Probe[] {
  const fill = (v: string) => pattern.replace(/:[^/]+/g, v);
  const query = (v: string) =>
    `?${['page', 'pageCount', 'id', 'event_id', 'campaign_id', 'company_id', 'organizer_id', 'user_id', 'type', 'status', 'route'].map((k) => `${k}=${v}`).join('&')}`;
  const list: Probe[] = [];
  const hasParam = pattern.includes('/:');
  for (const id of HOSTILE_IDS) {
    if (hasParam) list.push({ method, path: fill(id), token, body: '{}', type: 'application/json' });
    if (method === 'GET') list.push({ method, path: fill('1') + query(id), token });
  }
  if (method !== 'GET') {
    if (!gated) {
      for (const v of HOSTILE_VALUES) {
        list.push({ method, path: fill('1'), token, type: 'application/json', body: JSON.stringify(Object.fromEntries(BODY_FIELDS.map((f) => [f, v]))) });
      }
    }
    for (const b of rawBodies()) list.push({ method, path: fill('1'), token, ...b });
    for (const xsrf of [
      { cookie: '%E0%A4%A', header: '%E0%A4%A' },
      { cookie: XSRF, header: '%' },
      { cookie: '%zz', header: XSRF },
      { cookie: '"', header: '\u00ff' },
    ]) {
      list.push({ method, path: fill('1'), token, body: '{}', type: 'application/json', xsrf });
    }
  }
  return list;
}

/** Runs `jobs` on `width` parallel lanes: concurrency is part of what the server must survive. */
async function lanes<T>(jobs: T[], width: number, run: (job: T) => Promise<void>) {
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let j = queue.shift(); j !== undefined; j = queue.shift()) await run(j);
    }),
  );
}

test(`[${testEngine}] no route answers 5xx or drops the connection for hostile input, as anonymous, a restricted role and an organiser`, async () => {
  const admin = await api.login();
  const restricted = (await tokenFor(api, admin, ['pages'])).token;
  const organiser = (await makeOrganiser(api, 'Fuzz')).token;
  const all = routes();
  assert.ok(all.length > 40, `routes read from the app: ${all.length}`);
  const failures: string[] = [];
  let count = 0;
  const started = Date.now();
  for (const [who, token] of [
    ['anonymous', undefined],
    ['restricted', restricted],
    ['organiser', organiser],
  ] as const) {
    const check = async (p: Probe) => {
      const status = await send(p);
      count++;
      if (status === 0 || status >= 500)
        failures.push(`${who} ${p.method} ${p.path.slice(0, 120)} [${p.type ?? ''}] ${(p.body ?? '').slice(0, 60)} -> ${status || 'dropped'}`);
      return status;
    };
    const gated = new Set<string>();
    await lanes(all, 8, async (r) => {
      const first = await check({ method: r.method, path: r.path.replace(/:[^/]+/g, '1'), token, body: '{}', type: 'application/json' });
      if (first === 401 || first === 403) gated.add(`${r.method} ${r.path}`);
    });
    await lanes(
      all.flatMap((r) => probes(r.method, r.path, token, gated.has(`${r.method} ${r.path}`))),
      8,
      async (p) => {
        await check(p);
      },
    );
  }
  const ping = await send({ method: 'GET', path: '/api/ping' });
  console.log(
    `  [${testEngine}] fuzz: ${count} requests over ${all.length} routes, ${failures.length} × 5xx/dropped, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (dropReasons.size) console.log(`  dropped: ${[...dropReasons].join(', ')}`);
  assert.is(ping, 200, 'the server still answers');
  assert.equal(failures.slice(0, 30), [], `${failures.length} failures`);
});

test(`[${testEngine}] 50 parallel creates of one e-mail: one succeeds, the rest answer 422 "The email has already been taken."`, async () => {
  const admin = await api.login();
  const roles = await api.call('GET', 'role', { token: admin });
  const role = String(roles.body.data[0].id);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      api.call('POST', 'user', { token: admin, form: { name: `Racer ${i}`, email: 'race@example.com', password: 'Race-pass-1', role } }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  assert.is(statuses.filter((s) => s === 200).length, 1, statuses.join(','));
  for (const a of answers.filter((x) => x.status !== 200)) {
    assert.is(a.status, 422);
    assert.equal(a.body.errors?.email, ['The email has already been taken.'], JSON.stringify(a.body));
  }
});

test.run();
