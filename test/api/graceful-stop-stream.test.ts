import { test } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import { ADMIN, testEngine } from './harness.ts';
import { apiLogin, spawnServer, type ChildServer } from './child-server.ts';
import { sigterm, stopStorage } from './stop-storage.ts';

// A rolling restart as a load balancer sees it (docs/architecture.md "Stopping"), on the harness
// engine: new connections keep coming across SIGTERM, through the drain delay and past it, until
// the balancer takes the process out. The balancer here is a slow one: it checks /api/health but
// takes the process out only after 5 answers in a row to its traffic were 503 (Envoy's outlier
// detection default), so its traffic reaches the process after it stopped taking work too.

/**
 * The drain delay of this test: a few hundred connections arrive in it. Longer than a stall of
 * this busy machine, so that a keep-alive lane whose last answer came before the signal has sent
 * its next request (and been told `Connection: close`) before the process ends idle connections:
 * a client reusing one at that very instant would see it closed (with the default delay of 15 s,
 * Node's 5 s keep-alive timeout has closed them long before).
 */
const DELAY_MS = 1000;
/** New connections (one request each, no keep-alive): PER_TICK every TICK_MS. */
const TICK_MS = 5;
const PER_TICK = 2;
/** Keep-alive lanes: each sends its next request once the last one is answered, on its connection while the server keeps it. */
const LANES = 2;
/** The balancer takes the process out after this many 503s in a row to its traffic. */
const OUT_AFTER = 5;
const HEALTH_EVERY_MS = 50;
const XSRF = 'graceful-stream-xsrf-0123456789';
const RESTARTING = 'The server is restarting. Please try again in a moment.';

interface Sent {
  p: string;
  kind: 'fresh' | 'kept' | 'health';
  /** Sent once the process had printed that it is stopping (so it had begun to stop). */
  afterStopping: boolean;
  status: number;
  connection?: string;
  retryAfter?: string;
  body: string;
  /** The error code of a request with no answer (ECONNREFUSED, ECONNRESET, …). */
  error?: string;
}

/** One GET to `base` on `agent` (false: a connection of its own); resolves to its answer or its error, never rejects. */
function send(base: string, p: string, agent: http.Agent | false, token: string): Promise<Omit<Sent, 'kind' | 'afterStopping'>> {
  return new Promise((resolve) => {
    const req = http.get(
      `${base}/api/${p}`,
      {
        agent,
        headers: { Accept: 'application/json', Cookie: `XSRF-TOKEN=${XSRF}`, 'X-XSRF-TOKEN': XSRF, Authorization: `Bearer ${token}` },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ p, status: res.statusCode ?? 0, connection: res.headers.connection, retryAfter: res.headers['retry-after'], body }));
        res.on('error', (err) => resolve({ p, status: 0, body, error: (err as NodeJS.ErrnoException).code ?? err.message }));
      },
    );
    req.on('error', (err) => resolve({ p, status: 0, body: '', error: (err as NodeJS.ErrnoException).code ?? err.message }));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test(`[${testEngine}] a stream of new and kept-alive connections across SIGTERM until the balancer takes the process out: none is reset, each is answered 200, or 503 with Retry-After and Connection: close once the process stopped taking work; /api/health answers 503 at once; the process exits 0`, async () => {
  const s = await stopStorage();
  let server: ChildServer | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: LANES });
  try {
    server = await spawnServer({ ...s.env, SHUTDOWN_DELAY_MS: String(DELAY_MS) });
    const url = server.url;
    const token = await apiLogin(url, ADMIN.email, ADMIN.password);
    // Set once the process has certainly begun to stop: it printed so, or answered a 503.
    let stopping = false;
    server.proc.stdout!.on('data', () => {
      stopping ||= /SIGTERM: stopping/.test(server!.output());
    });
    let out = false;
    let in503s = 0;
    const results: Sent[] = [];
    const pending: Promise<unknown>[] = [];
    /** Sends one request and counts its answer as the balancer does. */
    const request = (p: string, kind: Sent['kind']) => {
      const afterStopping = stopping;
      const sent = send(url, p, kind === 'kept' ? agent : false, token).then((r) => {
        results.push({ ...r, kind, afterStopping });
        stopping ||= r.status === 503;
        if (kind === 'health') return;
        in503s = r.status === 503 ? in503s + 1 : 0;
        // A balancer takes a process out after 5 answers of 503 in a row, or when it cannot connect.
        if (in503s >= OUT_AFTER || r.status === 0) out = true;
      });
      pending.push(sent);
      return sent;
    };
    const fresh = (async () => {
      for (let i = 0; !out; i++) {
        for (let k = 0; k < PER_TICK; k++) void request((i + k) % 2 ? 'user?page=1' : 'ping', 'fresh');
        await sleep(TICK_MS);
      }
    })();
    const lanes = Array.from({ length: LANES }, async () => {
      while (!out) await request('ping', 'kept');
    });
    const health = (async () => {
      while (!out) {
        void request('health', 'health');
        await sleep(HEALTH_EVERY_MS);
      }
    })();

    // The signal comes once the stream flows: fresh connections, kept ones and health checks answered (30 s: a failure guard only).
    const flowing = () => (['fresh', 'kept', 'health'] as const).every((k) => results.some((r) => r.kind === k));
    for (const guard = Date.now() + 30_000; !flowing() && Date.now() < guard; ) await sleep(10);
    const exit = sigterm(server);
    // The process closes its port only once no new connection came for a while, so it cannot exit
    // before the balancer took it out; should it, the stream ends there and the checks below say why.
    void exit.then(() => {
      out = true;
    });
    await Promise.all([fresh, ...lanes, health]);
    await Promise.all(pending);
    const { code, signal } = await exit;

    const traffic = results.filter((r) => r.kind !== 'health');
    const resets = results.filter((r) => r.status === 0 && r.error !== 'ECONNREFUSED');
    assert.equal(
      resets.map((r) => `${r.kind} ${r.p}: ${r.error}`),
      [],
      'no connection is reset',
    );
    const wrong = traffic.filter(
      (r) =>
        r.status !== 0 &&
        r.status !== 200 &&
        !(r.status === 503 && r.retryAfter === '1' && r.connection === 'close' && JSON.parse(r.body).message === RESTARTING),
    );
    assert.equal(
      wrong.map((r) => `${r.kind} ${r.p}: ${r.status} ${r.connection} ${r.retryAfter} ${r.body.slice(0, 120)}`),
      [],
      'every answer is 200, or the 503 of a stopping process',
    );
    const kept = traffic.filter((r) => r.afterStopping && r.status !== 0 && r.connection !== 'close');
    assert.equal(
      kept.map((r) => `${r.kind} ${r.p}: ${r.status}`),
      [],
      'every answer from the stop on closes its connection',
    );
    const checks = results.filter((r) => r.kind === 'health' && r.afterStopping && r.status !== 0);
    assert.ok(
      checks.every((r) => r.status === 503),
      `/api/health answers 503 once stopping: ${checks.map((r) => r.status)}`,
    );
    assert.ok(
      results.some((r) => r.kind === 'health' && r.status === 503),
      'the balancer saw /api/health fail',
    );
    const served = traffic.filter((r) => r.afterStopping && r.status === 200).length;
    const refusedWork = traffic.filter((r) => r.status === 503).length;
    assert.ok(refusedWork >= OUT_AFTER, `requests that came after the delay were answered 503 (${refusedWork})`);
    assert.equal({ code, signal }, { code: 0, signal: null }, server.output());
    assert.match(server.output(), /"msg":"Stopped\."/);
    const refusedConnections = results.filter((r) => r.error === 'ECONNREFUSED').length;
    console.log(
      `  [${testEngine}] ${results.length} requests (${traffic.filter((r) => r.kind === 'kept').length} kept-alive), ${served} served after the stop began, ${refusedWork} answered 503, ${refusedConnections} connections refused after the port closed, 0 resets`,
    );
  } finally {
    agent.destroy();
    await server?.kill();
    await s.dispose();
  }
});

test.run();
