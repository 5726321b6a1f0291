import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { AppEnv } from '../http/context.ts';
import { arrivedWhileStopping } from '../runtime/graceful-stop.ts';
import { migrations } from '../db/migrations/index.ts';
import { appliedMigrations, pingDatabase } from '../db/migrate.ts';

/** How long a health check may wait on the database or the file store, ms. */
const CHECK_TIMEOUT_MS = 3000;

const within = <T>(p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref())]);

async function check(run: () => Promise<unknown>): Promise<string> {
  try {
    await within(run());
    return 'ok';
  } catch (err) {
    return `failing: ${(err as Error).message || 'error'}`;
  }
}

/**
 * GET /api/health (for load balancers and operators; no sign-in): 200 `success` when the
 * database answers, every migration of this build is applied and the file store can be
 * written; else 503 `server_error`. `data`: { database, migrations, storage } each "ok" or
 * "failing: <reason>", plus `engine` and `storage_kind`. Reasons never carry credentials: the
 * database URL is not part of any driver message we pass on. Once the process got SIGTERM
 * (docs/architecture.md "Stopping"), at once 503 with `Retry-After: 1` and `data`
 * { state: "stopping" }, checking nothing: a load balancer stops sending while the process
 * still serves for SHUTDOWN_DELAY_MS.
 */
export async function health(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  if (arrivedWhileStopping((c.env as HttpBindings | undefined)?.incoming)) {
    c.header('Retry-After', '1');
    return c.json({ status: 'server_error', message: 'The server is stopping.', data: { state: 'stopping' } }, 503);
  }
  const sql = c.get('sql');
  const files = c.get('files');
  const database = await check(() => pingDatabase(sql));
  const applied =
    database === 'ok'
      ? await check(async () => {
          const done = await appliedMigrations(sql);
          const missing = migrations.filter((m) => !done.has(m.id)).map((m) => m.id);
          if (missing.length) throw new Error(`not applied: ${missing.join(', ')}`);
        })
      : 'failing: database unreachable';
  const storage = await check(() => files.probe());
  const healthy = database === 'ok' && applied === 'ok' && storage === 'ok';
  return c.json(
    {
      status: healthy ? 'success' : 'server_error',
      message: healthy ? 'OK' : 'The service is not healthy.',
      data: { database, migrations: applied, storage, engine: sql.engine, storage_kind: files.kind },
    },
    healthy ? 200 : 503,
  );
}
