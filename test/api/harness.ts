import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { apiRequest } from './call.ts';
import { checkAnswer } from './contract-check.ts';
import { startServer, type RunningServer, type StartOptions } from '../../server/start.ts';

/**
 * The engine API tests run on: PostgreSQL when env TEST_DATABASE_URL (postgres://… of a role
 * that may CREATE DATABASE) is set, else SQLite. `npm test` runs the api group once per engine.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const testEngine: 'sqlite' | 'postgres' = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * Creates an empty PostgreSQL database `test_<random>` on TEST_DATABASE_URL's server; `url`
 * reaches it, `drop()` removes it (closing any connection still open to it).
 */
export async function createTestDatabase(base = TEST_DATABASE_URL): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  // An autovacuum worker (a superuser's process, which FORCE may not end for this role) can hold a
  // fresh database for a moment after its last client left: try again for a few seconds.
  const drop = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (attempt >= 10 || (code !== '42501' && code !== '55006')) throw err;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };
  return { url: url.toString(), name, drop };
}

export const ADMIN = { email: 'admin@example.com', password: 'Admin-pass-1' };
/**
 * The two-step key every test server on PostgreSQL holds unless a test names its own (production
 * with DATABASE_URL sets TWO_STEP_KEY; it seals the SMTP password and authenticator secrets). On
 * SQLite each test's data folder generates its own.
 */
export const TEST_TWO_STEP_KEY = Buffer.alloc(32, 7).toString('base64');

export interface TestApi extends RunningServer {
  /** Signs in and returns the bearer token. */
  login(email?: string, password?: string): Promise<string>;
  /** One call with the XSRF cookie and header set; `form` is form-encoded (or multipart when it holds a Blob). */
  call(
    method: string,
    path: string,
    opts?: { token?: string; form?: Record<string, string | Blob>; json?: unknown; xsrf?: boolean; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

/**
 * Starts the real API on a free port over a fresh temporary database (removed by `stop`): a
 * SQLite file, or with TEST_DATABASE_URL a new PostgreSQL database. `opts.databaseUrl` shares
 * an existing database instead (not dropped by `stop`).
 */
export async function startTestApi(opts: Partial<StartOptions> = {}): Promise<TestApi> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'api-test-'));
  const db = !opts.databaseUrl && TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const onPostgres = !!(db ?? opts.databaseUrl);
  const server = await startServer({
    dataDir,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    demo: false,
    staticDir: process.env.STATIC_DIR ?? 'dist',
    databaseUrl: db?.url,
    twoStepKey: onPostgres ? TEST_TWO_STEP_KEY : undefined,
    ...opts,
  });
  const first = await fetch(`${server.url}/api/ping`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1];

  // Every answer a test receives is checked against the wire contract where it describes the route.
  const call: TestApi['call'] = async (method, p, o = {}) => {
    const r = await apiRequest(server.url, method, p, { ...o, xsrf: o.xsrf === false ? false : xsrf });
    checkAnswer(method, p, r.status, r.body);
    return r;
  };
  const login = async (email = ADMIN.email, password = ADMIN.password) => {
    const r = await call('POST', 'login', { form: { email, password } });
    if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data.token as string;
  };
  return {
    ...server,
    call,
    login,
    stop: async () => {
      await server.close();
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
