import { startServer } from './start.ts';

/**
 * `npm start` (DESIGN.md §1). Environment: PORT (8080), HOST (127.0.0.1), DATA_DIR (data/),
 * ADMIN_EMAIL (admin@example.com), ADMIN_PASSWORD (generated and printed once when unset),
 * DEMO_DATA (1: demo data in an empty database; 0: only the admin), STATIC_DIR (dist/),
 * RECOGNITION_UPSTREAM_URL (an upstream photo-recognition service; unset: the built-in emulation)
 * with RECOGNITION_TOKEN (its static token, sent only server-to-server), CLIENT_APP_URL,
 * DATABASE_URL (postgres://…: PostgreSQL instead of the SQLite file in DATA_DIR),
 * FILE_STORE (disk | database: where stored images live; database by default with DATABASE_URL),
 * LOG_REQUESTS (0: no JSON line per request on stdout).
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
});

console.log(`Console and API listening on ${running.url}`);
if (env.RECOGNITION_UPSTREAM_URL && !env.RECOGNITION_TOKEN) console.warn('RECOGNITION_UPSTREAM_URL is set without RECOGNITION_TOKEN: the upstream service will refuse the calls (502).');
console.log(`Admin e-mail: ${running.seed.adminEmail}`);
if (running.seed.generatedPassword) console.log(`Admin password (generated, shown only now): ${running.seed.generatedPassword}`);
else if (!running.seed.seeded) console.log(`Using the existing database in ${running.config.dataDir} (delete it to start over).`);

const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
