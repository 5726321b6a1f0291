import { changeFeed } from './lib/live/changes.ts';
import { getRequestListener } from '@hono/node-server';
import path from 'node:path';
import { openDatabase } from './db/index.ts';
import { createApp } from './app.ts';
import { seedIfEmpty, type SeedResult } from './seed/index.ts';
import { startActivityPruner } from './lib/activity/activity.ts';
import { startFaceSearchPurger } from './services/face-data-retention.ts';
import { forwarderFor } from './recognition/upstream.ts';
import { configureImportJobs, failInterruptedJobs, stopImportJobs } from './lib/jobs/import-jobs.ts';
import { byDeadline, listenDrainable, SHUTDOWN_GRACE_MS } from './runtime/graceful-stop.ts';
import type { AppConfig } from './http/context.ts';
import type { Sql } from './db/sql.ts';
import type { FileStore } from './lib/files/file-store.ts';
import { diskStore } from './lib/files/disk-store.ts';
import { databaseStore } from './lib/files/database-store.ts';
import { log } from './runtime/log.ts';
import { startMailSender, type SenderOptions } from './lib/mail/sender.ts';
import { startReportScheduler } from './services/report-sender.ts';
import type { ThrottleLimits } from './lib/auth/link-throttle.ts';
import type { TokenLimits } from './lib/auth/api-token-auth.ts';
import { loadPasswordHasher } from './lib/auth/passwords.ts';
import { parseTrustProxy } from './http/client-address.ts';
import { createMetrics, serveMetrics, type MetricsListen } from './http/metrics.ts';
import { configureAnswerCache } from './http/answer-cache.ts';
import { reportOpsEventsTo } from './runtime/ops-events.ts';
import { parseEgressPolicy, webhookEgress as webhookPolicy } from './lib/mail/egress.ts';
import { startWebhookSender, type WebhookSenderOptions } from './lib/webhooks/sender.ts';
import { loadTwoStepKey } from './lib/auth/two-step-key.ts';
import { sealLegacyPassword } from './lib/mail/smtp-password.ts';

/** Listening addresses this machine's browser reaches as localhost. */
const LOCAL_HOSTS = new Set(['127.0.0.1', '0.0.0.0', '::1', '::', 'localhost']);

/** How to start the API: data directory, admin sign-in, demo data, static files, database URL, port. */
export interface StartOptions {
  port?: number;
  host?: string;
  dataDir: string;
  staticDir?: string;
  adminEmail?: string;
  adminPassword?: string;
  demo?: boolean;
  recognitionToken?: string;
  recognitionUpstreamUrl?: string;
  clientAppUrl?: string;
  /** `postgres://…` selects PostgreSQL (env DATABASE_URL in index.ts); unset: SQLite in dataDir. */
  databaseUrl?: string;
  /** PostgreSQL connections per process (env PG_POOL_MAX; default 20). */
  pgPoolMax?: number;
  /** How long a request waits for a PostgreSQL connection before 503 (ms; env PG_CONNECT_TIMEOUT_MS; default 10,000). */
  pgConnectTimeoutMs?: number;
  /** Activity rows older than this many days are removed hourly (env ACTIVITY_RETENTION_DAYS; default 365). */
  activityRetentionDays?: number;
  /** Reuse list answers (env ANSWER_CACHE; default on; http/answer-cache.ts). */
  answerCache?: boolean;
  /** Where stored images live (env FILE_STORE): default `database` with databaseUrl, else `disk`. */
  fileStore?: 'disk' | 'database';
  /** A ready file store instead (tests: a disk store with an injected fault); wins over fileStore. */
  files?: FileStore;
  /** One JSON line per request to stdout through runtime/log.ts (env LOG_REQUESTS, on unless 0); off when unset (tests). */
  logRequests?: boolean;
  /** The console's public address for links in e-mails and the passkeys' relying party (env PUBLIC_URL); default `url`, or `consoleUrl` with localhostDefault. */
  publicUrl?: string;
  /**
   * `npm start`: without publicUrl, the console's address is `consoleUrl` (http://localhost:PORT
   * on a loopback or wildcard address), where browsers allow passkeys; off (tests): `url`.
   */
  localhostDefault?: boolean;
  /** The outbox sender's timing (lib/mail/sender.ts); `false` runs no sender in this process (env MAIL_SENDER=0). */
  mail?: SenderOptions | false;
  /** The app clock (ms since 1970) for link expiry; tests inject one to move time. */
  now?: () => number;
  /** Accept any TLS certificate from the SMTP server (env SMTP_TLS_INSECURE=1). */
  smtpTlsInsecure?: boolean;
  /** Refuse loopback and private SMTP server addresses too (env SMTP_DENY_PRIVATE=1; lib/mail/egress.ts). */
  smtpDenyPrivate?: boolean;
  /** SMTP hosts, addresses and CIDR ranges allowed whatever the address policy says (env SMTP_ALLOW_HOSTS, comma-separated). */
  smtpAllowHosts?: string;
  /** Webhook hosts, addresses and CIDR ranges allowed whatever the address policy says, private and loopback ones included (env WEBHOOK_ALLOW_HOSTS). */
  webhookAllowHosts?: string;
  /** The webhook sender's timing (lib/webhooks/sender.ts); `false` runs no sender in this process (env WEBHOOK_SENDER=0). */
  webhooks?: WebhookSenderOptions | false;
  /** Scheduled reports (services/report-sender.ts): how often the scheduler looks for a due report (ms, default 20,000); false: not in this process. */
  reports?: { pollMs?: number } | false;
  /** AppConfig.activityLog (false only to measure the log's cost). */
  activityLog?: boolean;
  /** Limits of link e-mails and password changes (tests raise them); LINK_LIMITS when unset. */
  linkLimits?: ThrottleLimits;
  /** Calls one API token may make per window (env API_TOKEN_RATE, per minute; tests lower it); TOKEN_LIMITS when unset. */
  apiTokenLimits?: TokenLimits;
  /** Trusted proxies (env TRUST_PROXY): addresses, CIDR ranges, `loopback`, `private`; see http/client-address.ts. Unset: none. */
  trustProxy?: string;
  /**
   * How long `close()` waits, once it stopped taking work, for the port to close, requests in
   * flight and import jobs (ms; env SHUTDOWN_GRACE_MS, default 25,000).
   */
  shutdownGraceMs?: number;
  /**
   * How long `close()` serves on, `/api/health` answering 503, before it stops taking work (ms;
   * env SHUTDOWN_DELAY_MS, whose default in index.ts is 15,000); unset: 0 (tests).
   */
  shutdownDelayMs?: number;
  /** Prometheus metrics on their own listener (env METRICS, METRICS_HOST, METRICS_PORT, METRICS_TOKEN; http/metrics.ts); unset: none. */
  metrics?: MetricsListen;
  /** How long an import job's lease lasts from its last renewal (ms; env IMPORT_LEASE_MS, default 60,000; lib/jobs/import-jobs.ts). */
  importLeaseMs?: number;
  /** Encrypts authenticator-app secrets (env TWO_STEP_KEY, 32 bytes base64 or hex; lib/auth/two-step-key.ts). Unset: DATA_DIR/two-step.key on SQLite, none with databaseUrl. */
  twoStepKey?: string;
  /** Passkeys' relying-party id and origin (env WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN); unset: publicUrl's host name and origin. */
  webauthnRpId?: string;
  webauthnOrigin?: string;
  /**
   * Listen before seeding (`npm start`): the first answer comes as soon as the
   * schema is current; the seed and the sweep of interrupted imports run after, API calls
   * answering 503 with Retry-After until `ready` resolves. Off (tests): seeded before listening.
   */
  listenFirst?: boolean;
}
/**
 * A started server: its URL and port, the database, the file store, the config, `ready` (the
 * seed result once seeding finished; already settled unless `listenFirst`), and close(): the
 * graceful stop (docs/architecture.md "Stopping"): `/api/health` answers 503 at once while
 * everything else is served for `shutdownDelayMs`; then the process stops taking work (a
 * request on a connection accepted from then on is answered 503, a new import too) and closes
 * its port once no connection came for QUIET_MS (`hooks.portClosed` gets the number of requests
 * in flight and of those answered 503); every request on a connection accepted before is
 * answered, import jobs finish or are handed back, a seed under way finishes, and the database
 * is closed; at most `shutdownGraceMs` of waiting from the end of the delay, after which the
 * connections still open are cut. Resolves to true when nothing had to be cut.
 */
export interface RunningServer {
  /** The address it listens at, for programs (http://127.0.0.1:PORT by default). */
  url: string;
  /** The address a person opens: http://localhost:PORT when it listens on a loopback or wildcard address (passkeys need a host name), else `url`. */
  consoleUrl: string;
  port: number;
  sql: Sql;
  files: FileStore;
  ready: Promise<SeedResult>;
  config: AppConfig;
  /** The metrics listener's URL when metrics are on. */
  metricsUrl?: string;
  close(hooks?: { portClosed?(inFlight: number, refused: number): void }): Promise<boolean>;
}

/**
 * Opens (and migrates) the database, seeds it when empty, and serves the app. Port 0 picks a
 * free port (tests). Resolves once listening (with `listenFirst`, before the seed finished);
 * `close()` stops the server gracefully and closes the database.
 */
export async function startServer(o: StartOptions): Promise<RunningServer> {
  const dataDir = path.resolve(o.dataDir);
  // Read first: a TRUST_PROXY that cannot be read stops the start before anything is opened.
  const trustProxy = parseTrustProxy(o.trustProxy);
  const smtpEgress = parseEgressPolicy(o.smtpDenyPrivate, o.smtpAllowHosts);
  const webhookEgress = webhookPolicy(o.webhookAllowHosts);
  // One line per migration this start applied, once committed: what an upgrade changed, in the log.
  const sql = await openDatabase(dataDir, o.databaseUrl, { max: o.pgPoolMax, connectTimeoutMs: o.pgConnectTimeoutMs }, (id, ms) =>
    log.info({ migration: id, ms }, `Migration ${id} applied (${ms} ms).`),
  );
  const adminEmail = o.adminEmail ?? 'admin@example.com';
  configureImportJobs({ leaseMs: o.importLeaseMs });
  const prepare = async () => {
    await loadPasswordHasher(); // after listen with listenFirst: not on the way to the first answer
    const seed = await seedIfEmpty(sql, { adminEmail, adminPassword: o.adminPassword, demo: o.demo ?? false });
    // An import cut off by a crash or restart wrote nothing (one transaction); say so.
    await failInterruptedJobs(sql);
    return seed;
  };
  // A listen-first start seeds once it listens: hashing the admin password (argon2, memory-hard)
  // and writing the demo rows then no longer compete with loading the app for this machine's
  // cores before the first answer.
  let listening: (() => void) | undefined;
  const ready = o.listenFirst ? new Promise<void>((resolve) => (listening = resolve)).then(prepare) : Promise.resolve(await prepare());
  ready.catch(() => undefined); // the caller awaits it; never an unhandled rejection here
  const config: AppConfig = {
    dataDir,
    staticDir: path.resolve(o.staticDir ?? 'dist'),
    recognitionToken: o.recognitionToken ?? '',
    recognitionUpstreamUrl: o.recognitionUpstreamUrl || undefined,
    clientAppUrl: o.clientAppUrl ?? 'https://app.example.com',
    publicUrl: o.publicUrl ?? '',
    now: o.now ?? Date.now,
    smtpTlsInsecure: o.smtpTlsInsecure ?? false,
    smtpEgress,
    webhookEgress,
    activityLog: o.activityLog ?? true,
    linkLimits: o.linkLimits,
    apiTokenLimits: o.apiTokenLimits,
    trustProxy,
    twoStepKey: loadTwoStepKey(dataDir, o.twoStepKey, o.databaseUrl),
    webauthnRpId: o.webauthnRpId,
    webauthnOrigin: o.webauthnOrigin,
  };
  // An SMTP password stored before passwords were sealed is sealed once this server has the key (one read otherwise).
  await sealLegacyPassword(sql, config.twoStepKey);
  const files = o.files ?? ((o.fileStore ?? (o.databaseUrl ? 'database' : 'disk')) === 'database' ? databaseStore(sql) : diskStore(dataDir));
  const mailer =
    o.mail === false
      ? undefined
      : startMailSender(
          sql,
          { publicUrl: () => config.publicUrl, now: () => config.now(), key: config.twoStepKey },
          { ...o.mail, tlsInsecure: config.smtpTlsInsecure, egress: smtpEgress },
        );
  const webhookSender =
    o.webhooks === false
      ? undefined
      : startWebhookSender(sql, { key: config.twoStepKey, egress: webhookEgress, publicUrl: () => config.publicUrl }, o.webhooks);
  const reportScheduler =
    o.reports === false
      ? undefined
      : startReportScheduler(
          sql,
          { now: () => config.now(), publicUrl: () => config.publicUrl, logs: config.activityLog !== false, queued: () => mailer?.wake() },
          o.reports?.pollMs,
        );
  const metrics = o.metrics ? createMetrics(sql, sql.poolCounts) : undefined;
  configureAnswerCache({ enabled: o.answerCache ?? true, onLookup: metrics?.cacheLookup });
  reportOpsEventsTo(metrics?.events);
  const metricsServer = o.metrics && metrics ? await serveMetrics(metrics, o.metrics) : undefined;
  const app = createApp(sql, config, files, { log: o.logRequests ? log : undefined, mailer, starting: o.listenFirst ? ready : undefined, metrics });
  const host = o.host ?? '127.0.0.1';
  const http = await listenDrainable(getRequestListener(app.fetch, { hostname: host }), o.port ?? 0, host);
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${http.port}`;
  const consoleUrl = LOCAL_HOSTS.has(host) ? `http://localhost:${http.port}` : url;
  config.publicUrl ||= o.localhostDefault ? consoleUrl : url;
  listening?.();
  // Activity rows older than the retention (365 days) go, in the background.
  const stopPruner = startActivityPruner(sql, o.activityRetentionDays ?? 365);
  // Face data of events past their face-search retention is purged once a day (docs/participants.md).
  const stopFacePurger = startFaceSearchPurger(sql, {
    forward: forwarderFor(config.recognitionUpstreamUrl, config.recognitionToken),
    logs: config.activityLog !== false,
    now: config.now,
  });
  const grace = o.shutdownGraceMs ?? SHUTDOWN_GRACE_MS;
  let closing: Promise<boolean> | undefined;
  const close = async (hooks: Parameters<RunningServer['close']>[0] = {}) => {
    stopPruner();
    stopFacePurger();
    // A load balancer polling /api/health has this long to send elsewhere; until then everything is served.
    http.announceStop();
    if (o.shutdownDelayMs) await new Promise((resolve) => setTimeout(resolve, o.shutdownDelayMs));
    const deadline = performance.now() + grace;
    // From here new work is refused (new connections and new imports answer 503); what was taken finishes.
    const jobsStopped = stopImportJobs(deadline);
    // Open change streams end (their clients reconnect to another process); new ones answer 503.
    changeFeed(sql).stop();
    await http.closePort(deadline);
    hooks.portClosed?.(http.inFlight(), http.refused());
    // The e-mail sender finishes the pass under way; an e-mail it could not mark sent is sent again by another pass (its lease ends).
    const [answered, jobsDone, mailStopped] = await Promise.all([
      http.drain(deadline),
      jobsStopped,
      byDeadline(mailer?.stop() ?? Promise.resolve(), deadline),
      byDeadline(webhookSender?.stop() ?? Promise.resolve(), deadline),
      byDeadline(reportScheduler?.stop() ?? Promise.resolve(), deadline),
    ]);
    await http.forceClose();
    await metricsServer?.close();
    await ready.catch(() => undefined); // a seed under way ends (commits or rolls back) first
    await sql.close();
    return answered && jobsDone && mailStopped;
  };
  return {
    url,
    consoleUrl,
    port: http.port,
    sql,
    files,
    ready,
    config,
    metricsUrl:
      metricsServer && o.metrics ? `http://${o.metrics.host.includes(':') ? `[${o.metrics.host}]` : o.metrics.host}:${metricsServer.port}/metrics` : undefined,
    close: (hooks) => (closing ??= close(hooks)),
  };
}
