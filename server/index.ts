import { startServer } from './start.ts';
import { log } from './lib/runtime/log.ts';
import { SHUTDOWN_DELAY_MS } from './lib/runtime/graceful-stop.ts';

/**
 * `npm start` (DESIGN.md §1). Environment: PORT (8080), HOST (127.0.0.1), DATA_DIR (data/),
 * ADMIN_EMAIL (admin@example.com), ADMIN_PASSWORD (generated and printed once when unset),
 * DEMO_DATA (1: demo data in an empty database; 0: only the admin), STATIC_DIR (dist/),
 * RECOGNITION_UPSTREAM_URL (an upstream photo-recognition service; unset: the built-in emulation)
 * with RECOGNITION_TOKEN (its static token, sent only server-to-server), CLIENT_APP_URL,
 * DATABASE_URL (postgres://…: PostgreSQL instead of the SQLite file in DATA_DIR),
 * FILE_STORE (disk | database: where stored images live; database by default with DATABASE_URL),
 * LOG_REQUESTS (0: no JSON line per request on stdout), PUBLIC_URL (the console's address in e-mailed
 * links; default http://HOST:PORT), MAIL_SENDER (0: this process sends no e-mail; others on the
 * same database do), MAIL_POLL_MS, MAIL_RETRY_BASE_MS (outbox timing), SMTP_TLS_INSECURE (1:
 * accept any TLS certificate of the SMTP server), SMTP_DENY_PRIVATE (1: refuse loopback and private
 * SMTP server addresses too), SMTP_ALLOW_HOSTS (SMTP hosts, addresses and CIDR ranges allowed
 * whatever the address policy says; lib/mail/egress.ts), TRUST_PROXY (the reverse proxies whose
 * X-Forwarded-For names the client: addresses, CIDR ranges, `loopback`, `private`; unset: none),
 * SHUTDOWN_DELAY_MS (5000, 0 allowed: how long after SIGTERM or SIGINT the process goes on serving,
 * `/api/health` answering 503, before it closes its port), SHUTDOWN_GRACE_MS (25000: how long it
 * then waits for requests in flight, import jobs and the e-mail sender before the process exits;
 * docs/architecture.md "Stopping"; a second signal while stopping exits at once, code 1),
 * IMPORT_LEASE_MS (60000: an import job's lease,
 * lib/jobs/import-jobs.ts).
 * Every line it prints is JSON (lib/runtime/log.ts).
 */
const env = process.env;
const running = await startServer({
  port: Number(env.PORT ?? 8080),
  host: env.HOST ?? '127.0.0.1',
  dataDir: env.DATA_DIR ?? 'data',
  staticDir: env.STATIC_DIR ?? 'dist',
  adminEmail: env.ADMIN_EMAIL ?? 'admin@example.com',
  adminPassword: env.ADMIN_PASSWORD,
  demo: env.DEMO_DATA !== '0',
  recognitionToken: env.RECOGNITION_TOKEN,
  recognitionUpstreamUrl: env.RECOGNITION_UPSTREAM_URL || undefined,
  clientAppUrl: env.CLIENT_APP_URL,
  databaseUrl: env.DATABASE_URL || undefined,
  fileStore: env.FILE_STORE === 'disk' || env.FILE_STORE === 'database' ? env.FILE_STORE : undefined,
  logRequests: env.LOG_REQUESTS !== '0',
  publicUrl: env.PUBLIC_URL || undefined,
  mail: env.MAIL_SENDER === '0' ? false : {
    pollMs: Number(env.MAIL_POLL_MS) || undefined, retryBaseMs: Number(env.MAIL_RETRY_BASE_MS) || undefined,
  },
  smtpTlsInsecure: env.SMTP_TLS_INSECURE === '1',
  smtpDenyPrivate: env.SMTP_DENY_PRIVATE === '1',
  smtpAllowHosts: env.SMTP_ALLOW_HOSTS,
  activityLog: env.ACTIVITY_LOG !== '0',
  trustProxy: env.TRUST_PROXY,
  shutdownGraceMs: /^\d+$/.test(env.SHUTDOWN_GRACE_MS ?? '') ? Number(env.SHUTDOWN_GRACE_MS) : undefined,
  shutdownDelayMs: /^\d+$/.test(env.SHUTDOWN_DELAY_MS ?? '') ? Number(env.SHUTDOWN_DELAY_MS) : SHUTDOWN_DELAY_MS,
  importLeaseMs: /^[1-9]\d*$/.test(env.IMPORT_LEASE_MS ?? '') ? Number(env.IMPORT_LEASE_MS) : undefined,
  // Answer at once; a first start seeds right after (API calls answer 503 + Retry-After meanwhile).
  listenFirst: true,
});

// Registered before the seed finishes: a stop during it lets it end, then closes.
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) { log.warn({ signal }, `${signal} again: exiting now.`); process.exit(1); }
  stopping = true;
  log.info({ signal }, `${signal}: stopping (/api/health answers 503; serving on until the port closes).`);
  const portClosed = (inFlight: number) =>
    log.info({ in_flight: inFlight }, 'Port closed: no new connections; answering the connections already open, finishing import jobs.');
  running.close({ portClosed }).then((clean) => {
    if (clean) log.info('Stopped.');
    else log.warn('Stopped after the grace period; the connections still open were closed.');
    process.exit(0);
  }, (err) => { log.error({ err }, 'Stopping failed.'); process.exit(1); });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

log.info({ url: running.url }, `Console and API listening on ${running.url}`);
if (env.RECOGNITION_UPSTREAM_URL && !env.RECOGNITION_TOKEN) log.warn('RECOGNITION_UPSTREAM_URL is set without RECOGNITION_TOKEN: the upstream service will refuse the calls (502).');
let seed;
try {
  seed = await running.ready;
} catch (err) {
  log.fatal({ err }, 'Seeding the database failed.');
  await running.close();
  process.exit(1);
}
/** The line scripts wait for before calling the API (test/api/child-server.ts, bench/lib.ts). */
log.info({ ready: true }, 'Ready: the API answers.');
log.info({ admin_email: seed.adminEmail }, `Admin e-mail: ${seed.adminEmail}`);
// The one secret ever logged, on purpose: a generated password exists nowhere else.
if (seed.generatedPassword) log.info(`Admin password (generated, shown only now): ${seed.generatedPassword}`);
else if (!seed.seeded) log.info({ data_dir: running.config.dataDir }, `Using the existing database in ${running.config.dataDir} (delete it to start over).`);
