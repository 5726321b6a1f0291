import { serve } from '@hono/node-server';
import path from 'node:path';
import { openDatabase } from './db/index.ts';
import { createApp } from './app.ts';
import { seedIfEmpty } from './seed/index.ts';

/**
 * Starts the reference API and the console (DESIGN.md §1). Environment: PORT (8080), HOST
 * (127.0.0.1), DATA_DIR (data/), ADMIN_EMAIL, ADMIN_PASSWORD (generated and printed once when
 * unset), DEMO_DATA (1: seed demo data into an empty database; 0: only the admin), STATIC_DIR
 * (dist/), RECOGNITION_TOKEN (the photo-recognition API's static token).
 */
const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '127.0.0.1';
const dataDir = path.resolve(env.DATA_DIR ?? 'data');
const adminEmail = env.ADMIN_EMAIL ?? 'admin@example.com';

const sql = await openDatabase(dataDir);
const seed = await seedIfEmpty(sql, { adminEmail, adminPassword: env.ADMIN_PASSWORD, demo: env.DEMO_DATA !== '0' });
const app = createApp(sql, {
  dataDir,
  staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
  recognitionToken: env.RECOGNITION_TOKEN ?? 'demo-recognition-token',
  clientAppUrl: env.CLIENT_APP_URL ?? 'https://app.example.com',
});

const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`Console and API listening on http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${info.port}`);
  console.log(`Admin e-mail: ${seed.adminEmail}`);
  if (seed.generatedPassword) console.log(`Admin password (generated, shown once): ${seed.generatedPassword}`);
  else if (!seed.seeded) console.log(`Database: ${dataDir} (existing; delete it to start over)`);
});

const stop = () => server.close(() => { void sql.close().then(() => process.exit(0)); });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
