import http from 'node:http';
import { hash, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as promClient from 'prom-client';
import type { Sql } from '../db/sql.ts';
import type { OpsEvents } from '../runtime/ops-events.ts';

/**
 * Prometheus metrics (README "Metrics"), on when METRICS is yes. Served in the Prometheus text
 * format by `serveMetrics` on their own listener (METRICS_HOST:METRICS_PORT, 127.0.0.1:9464 by
 * default), never on the console's port, so nothing outside reaches them unless an operator
 * binds them wider; with METRICS_TOKEN a scrape must send `Authorization: Bearer <token>`.
 *
 * What is measured:
 *   - `http_requests_total{method,route,status}` and `http_request_duration_seconds{…}`: every
 *     answer, by the route's pattern (`/api/user/:id`), never by its concrete path;
 *   - `db_pool_connections{state="in_use"|"idle"|"waiting"}`: PostgreSQL's pool (absent on SQLite);
 *   - `outbox_messages{status}` and `import_jobs{state}`: read from the database at each scrape;
 *   - `answer_cache_lookups_total{result="hit"|"miss"}`;
 *   - `emails_sent_total{kind}` and `emails_failed_total{kind,retry="yes"|"no"}`: outbox e-mails by
 *     kind (reset, invite, booking, …) as the sender settles them, `retry="no"` when given up;
 *   - `sign_in_failures_total` (wrong credentials or a malformed body) and
 *     `sign_in_throttled_total` (refused with 429 before any check): password sign-ins;
 *   - `import_job_duration_seconds{kind,state}`: how long each import job ran (users, photos,
 *     participants; done or failed);
 *   - `events_backoffice_build_info{version}`: 1, with the version of package.json;
 *   - prom-client's process defaults: memory, CPU, event-loop lag (`nodejs_eventloop_lag_*`), GC.
 * prom-client is loaded only when metrics are on: a start without them does not pay for it.
 */
export interface Metrics {
  /** One answer: method, route pattern, HTTP status, duration in seconds. */
  observe(method: string, route: string, status: number, seconds: number): void;
  /** One answer-cache lookup. */
  cacheLookup(hit: boolean): void;
  /** What the counters of operational events hear (runtime/ops-events.ts; start.ts reports to it). */
  events: OpsEvents;
  /** The current values in the Prometheus text format, and its content type. */
  scrape(): Promise<{ body: string; contentType: string }>;
}

/** The PostgreSQL pool's counts, when there is a pool. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

/** Creates the registry and its metrics; `pool` reads the pool's counts at each scrape. */
export function createMetrics(sql: Sql, pool?: () => PoolCounts): Metrics {
  const prom = createRequire(import.meta.url)('prom-client') as typeof promClient;
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new prom.Counter({
    name: 'http_requests_total',
    help: 'Answers sent, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new prom.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to the answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cache = new prom.Counter({
    name: 'answer_cache_lookups_total',
    help: 'Answer-cache lookups, by result.',
    labelNames: ['result'],
    registers: [registry],
  });
  if (pool) {
    new prom.Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: in use, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const p = pool();
        this.set({ state: 'in_use' }, p.total - p.idle);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
      },
    });
  }
  const countsBy = (name: string, help: string, label: string, query: string) =>
    new prom.Gauge({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await sql.all<{ k: string; n: number }>(query)) this.set({ [label]: r.k }, Number(r.n));
      },
    });
  const sent = new prom.Counter({ name: 'emails_sent_total', help: 'Outbox e-mails sent, by kind.', labelNames: ['kind'], registers: [registry] });
  const failed = new prom.Counter({
    name: 'emails_failed_total',
    help: 'Outbox e-mail sends that failed, by kind; retry="yes" when tried again later, "no" when given up.',
    labelNames: ['kind', 'retry'],
    registers: [registry],
  });
  const signInFailures = new prom.Counter({
    name: 'sign_in_failures_total',
    help: 'Password sign-ins refused for wrong credentials or a malformed body.',
    registers: [registry],
  });
  const signInThrottled = new prom.Counter({
    name: 'sign_in_throttled_total',
    help: 'Sign-ins refused by the throttle (429) before their credentials were checked.',
    registers: [registry],
  });
  const jobs = new prom.Histogram({
    name: 'import_job_duration_seconds',
    help: 'How long import jobs ran, by kind and final state.',
    labelNames: ['kind', 'state'],
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  new prom.Gauge({
    name: 'events_backoffice_build_info',
    help: 'Always 1; the running release in its labels.',
    labelNames: ['version'],
    registers: [registry],
  }).set({ version: releaseVersion() }, 1);
  countsBy(
    'outbox_messages',
    'E-mails in the outbox, by status (waiting, sent, failed).',
    'status',
    'SELECT status AS k, COUNT(*) AS n FROM outbox GROUP BY status',
  );
  countsBy('import_jobs', 'Import jobs, by state.', 'state', 'SELECT state AS k, COUNT(*) AS n FROM import_jobs GROUP BY state');
  return {
    observe(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    cacheLookup: (hit) => cache.inc({ result: hit ? 'hit' : 'miss' }),
    events: {
      mailSent: (kind) => sent.inc({ kind }),
      mailFailed: (kind, retry) => failed.inc({ kind, retry: retry ? 'yes' : 'no' }),
      signInFailed: () => signInFailures.inc(),
      signInThrottled: () => signInThrottled.inc(),
      jobEnded: (kind, state, seconds) => jobs.observe({ kind, state }, seconds),
    },
    scrape: async () => ({ body: await registry.metrics(), contentType: registry.contentType }),
  };
}

/**
 * The version of the nearest package.json above this module: the release's own, whether it runs
 * from the sources (server/http/) or from the bundle (server-dist/); 'unknown' without one.
 */
function releaseVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    try {
      return String(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version ?? 'unknown');
    } catch {
      /* none here (or unreadable): look further up */
    }
    if (path.dirname(dir) === dir) return 'unknown';
  }
}

/** Where the metrics are served and who may read them. */
export interface MetricsListen {
  host: string;
  port: number;
  token?: string;
}

/**
 * Serves `GET /metrics` of `metrics` on its own HTTP listener; anything else is 404, a missing or
 * wrong bearer token (when `token` is set) 401. Resolves to the port and a close function.
 */
export async function serveMetrics(metrics: Metrics, o: MetricsListen): Promise<{ port: number; close(): Promise<void> }> {
  const digest = (v: string) => hash('sha256', v, 'buffer');
  const expected = o.token ? digest(`Bearer ${o.token}`) : undefined;
  const allowed = (auth: string | undefined) => !expected || timingSafeEqual(digest(auth ?? ''), expected);
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end('Not found.\n');
      return;
    }
    if (!allowed(req.headers.authorization)) {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer' }).end('Unauthorized.\n');
      return;
    }
    metrics.scrape().then(
      ({ body, contentType }) => res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body),
      () => res.writeHead(503).end('Metrics are not available right now.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
