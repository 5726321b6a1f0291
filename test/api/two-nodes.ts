import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import { ADMIN, createTestDatabase } from './harness.ts';
import { spawnServer, type ChildServer } from './child-server.ts';

/** Two API processes on one fresh PostgreSQL database, each with its own DATA_DIR. */
export interface TwoNodes {
  db: Awaited<ReturnType<typeof createTestDatabase>>;
  a: ChildServer;
  b: ChildServer;
}

/**
 * Registers uvu before/after hooks that create a fresh PostgreSQL database and start two child
 * API processes on it (both at once, so they race on migrations and seeding), and stop and drop
 * them afterwards. Returns the object the hooks fill in. PostgreSQL only (TEST_DATABASE_URL).
 * `extraEnv` is added to both processes' environment (e.g. the mail sender's timing).
 */
export function twoNodesOnOnePostgres(extraEnv: Record<string, string> = {}): TwoNodes {
  const nodes = {} as TwoNodes;
  const dirs: string[] = [];
  const env = (url: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'two-nodes-'));
    dirs.push(dir);
    return { DATA_DIR: dir, DATABASE_URL: url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extraEnv };
  };
  test.before(async () => {
    nodes.db = await createTestDatabase();
    [nodes.a, nodes.b] = await Promise.all([spawnServer(env(nodes.db.url)), spawnServer(env(nodes.db.url))]);
  });
  test.after(async () => {
    await Promise.all([nodes.a?.stop(), nodes.b?.stop()]);
    await nodes.db?.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return nodes;
}
