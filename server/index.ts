import { startServer } from './start.ts';
import { log } from './lib/log.ts';

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
 * accept any TLS certificate of the SMTP server), TRUST_PROXY (the reverse proxies whose
 * X-Forwarded-For names the client: addresses, CIDR ranges, `loopback`, `private`; unset: none).
 * Every line it prints is JSON (lib/log.ts).
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
  trustProxy: env.TRUST_PROXY,
});

log.info({ url: running.url }, `Console and API listening on ${running.url}`);
if (env.RECOGNITION_UPSTREAM_URL && !env.RECOGNITION_TOKEN) log.warn('RECOGNITION_UPSTREAM_URL is set without RECOGNITION_TOKEN: the upstream service will refuse the calls (502).');
log.info({ admin_email: running.seed.adminEmail }, `Admin e-mail: ${running.seed.adminEmail}`);
// The one secret ever logged, on purpose: a generated password exists nowhere else.
if (running.seed.generatedPassword) log.info(`Admin password (generated, shown only now): ${running.seed.generatedPassword}`);
else if (!running.seed.seeded) log.info({ data_dir: running.config.dataDir }, `Using the existing database in ${running.config.dataDir} (delete it to start over).`);

const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
