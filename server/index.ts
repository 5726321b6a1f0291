import { startServer, type RunningServer } from './start.ts';
import type { SeedResult } from './seed/index.ts';
import { log } from './runtime/log.ts';
import { SHUTDOWN_DELAY_MS } from './runtime/graceful-stop.ts';
import { ConfigError, demoWanted, readEnv, type Env } from './config.ts';
import { relyingParty } from './lib/auth/passkey-site.ts';
import { passkeySiteProblem, passkeySiteWords } from '../src/common/passkey-site.ts';
import { en } from '../src/common/i18n/catalogs/index.ts';
import { formatMessage } from '../src/common/i18n/message-format.ts';
import { settleMemoryAfterStart } from './runtime/settle-memory.ts';
import module from 'node:module';

/**
 * `npm start` / `npm run serve` (DESIGN.md §1). Every environment variable is read once, here,
 * through server/config.ts (listed in docs/configuration.md); a value that cannot be read stops
 * the start with one JSON `fatal` line naming the variable, its problem and the expected form.
 * Every line it prints is JSON (runtime/log.ts), a failed start included. Without PUBLIC_URL the
 * console's address is http://localhost:PORT (start.ts `localhostDefault`): browsers refuse
 * passkeys on an IP address; a passkey setting no browser accepts is warned of at start.
 */
process.on('uncaughtException', (err) => {
  log.fatal({ err }, 'The server stopped on an unexpected error.');
  process.exit(1);
});

let env: Env;
try {
  env = readEnv(process.env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  log.fatal({ variable: err.variable, problem: err.problem, expected: err.expected }, `Configuration: ${err.message}`);
  process.exit(1);
}

let running: RunningServer;
try {
  running = await startServer({
    port: env.PORT ?? 8080,
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? 'data',
    staticDir: env.STATIC_DIR ?? 'dist',
    adminEmail: env.ADMIN_EMAIL ?? 'admin@example.com',
    adminPassword: env.ADMIN_PASSWORD,
    demo: demoWanted(env),
    recognitionToken: env.RECOGNITION_TOKEN,
    recognitionUpstreamUrl: env.RECOGNITION_UPSTREAM_URL,
    clientAppUrl: env.CLIENT_APP_URL,
    databaseUrl: env.DATABASE_URL,
    pgPoolMax: env.PG_POOL_MAX,
    pgConnectTimeoutMs: env.PG_CONNECT_TIMEOUT_MS,
    fileStore: env.FILE_STORE,
    logRequests: env.LOG_REQUESTS ?? true,
    publicUrl: env.PUBLIC_URL,
    localhostDefault: true,
    mail: env.MAIL_SENDER === false ? false : { pollMs: env.MAIL_POLL_MS, retryBaseMs: env.MAIL_RETRY_BASE_MS },
    smtpTlsInsecure: env.SMTP_TLS_INSECURE ?? false,
    smtpDenyPrivate: env.SMTP_DENY_PRIVATE ?? false,
    smtpAllowHosts: env.SMTP_ALLOW_HOSTS,
    webhookAllowHosts: env.WEBHOOK_ALLOW_HOSTS,
    webhooks:
      env.WEBHOOK_SENDER === false
        ? false
        : {
            pollMs: env.WEBHOOK_POLL_MS,
            retryScale: 1 / (env.WEBHOOK_RETRY_DIVISOR ?? 1),
            disableAfterMs: env.WEBHOOK_DISABLE_AFTER_MS,
            leaseMs: env.WEBHOOK_LEASE_MS,
          },
    reports: { pollMs: env.REPORT_POLL_MS },
    activityLog: env.ACTIVITY_LOG ?? true,
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS,
    answerCache: env.ANSWER_CACHE ?? true,
    trustProxy: env.TRUST_PROXY,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS ?? SHUTDOWN_DELAY_MS,
    importLeaseMs: env.IMPORT_LEASE_MS,
    apiTokenLimits: env.API_TOKEN_RATE ? { calls: env.API_TOKEN_RATE, windowMs: 60_000 } : undefined,
    twoStepKey: env.TWO_STEP_KEY,
    webauthnRpId: env.WEBAUTHN_RP_ID,
    webauthnOrigin: env.WEBAUTHN_ORIGIN,
    metrics: env.METRICS ? { host: env.METRICS_HOST ?? '127.0.0.1', port: env.METRICS_PORT ?? 9464, token: env.METRICS_TOKEN } : undefined,
    // Answer at once; a first start seeds right after (API calls answer 503 + Retry-After meanwhile).
    listenFirst: true,
  });
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  const why =
    e.code === 'EADDRINUSE'
      ? `Port ${env.PORT ?? 8080} is already in use.`
      : e.code === 'EACCES'
        ? 'Not allowed to listen on that address and port.'
        : 'The server could not start.';
  log.fatal({ err }, why);
  process.exit(1);
}

// The compile cache (server/boot.ts) is written once listening, with the code of the start so
// far, rather than only after the seed: a process stopped sooner still leaves it for the next start.
setImmediate(() => module.flushCompileCache?.());

// Registered before the seed finishes: a stop during it lets it end, then closes.
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) {
    log.warn({ signal }, `${signal} again: exiting now.`);
    process.exit(1);
  }
  stopping = true;
  log.info({ signal }, `${signal}: stopping (/api/health answers 503; serving on for the delay, then answering new connections 503 until the port closes).`);
  const portClosed = (inFlight: number, refused: number) =>
    log.info({ in_flight: inFlight, refused }, 'Port closed: no new connections; answering the connections already open, finishing import jobs.');
  running.close({ portClosed }).then(
    (clean) => {
      if (clean) log.info('Stopped.');
      else log.warn('Stopped after the grace period; the connections still open were closed.');
      process.exit(0);
    },
    (err) => {
      log.error({ err }, 'Stopping failed.');
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

log.info({ url: running.consoleUrl }, `Console and API listening on ${running.consoleUrl}`);
// A relying party no browser accepts (an IP address, plain http away from localhost) is said at start, not at the first passkey.
const site = relyingParty(running.config);
const siteProblem = passkeySiteProblem(site);
if (siteProblem) {
  const words = passkeySiteWords(siteProblem, site.origin, site, '/', (key, values) => formatMessage('en', en[key], values));
  log.warn({ passkey_site: site, problem: siteProblem }, `${words.why} ${words.fix}`);
}
if (running.metricsUrl) log.info({ metrics_url: running.metricsUrl }, `Metrics on ${running.metricsUrl}`);
if (env.RECOGNITION_UPSTREAM_URL && !env.RECOGNITION_TOKEN)
  log.warn('RECOGNITION_UPSTREAM_URL is set without RECOGNITION_TOKEN: the upstream service will refuse the calls (502).');
let seed: SeedResult;
try {
  seed = await running.ready;
} catch (err) {
  log.fatal({ err }, 'Seeding the database failed.');
  await running.close();
  process.exit(1);
}
/** The line scripts wait for before calling the API (test/api/child-server.ts, bench/lib.ts). */
log.info({ ready: true }, 'Ready: the API answers.');
settleMemoryAfterStart();
log.info({ admin_email: seed.adminEmail }, `Admin e-mail: ${seed.adminEmail}`);
// The one secret ever logged, on purpose: a generated password exists nowhere else.
if (seed.generatedPassword) log.info(`Admin password (generated, shown only now): ${seed.generatedPassword}`);
else if (!seed.seeded) log.info({ data_dir: running.config.dataDir }, `Using the existing database in ${running.config.dataDir} (delete it to start over).`);
