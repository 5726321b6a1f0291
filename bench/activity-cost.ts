import { createTestDatabase } from '../test/api/harness.ts';
import { fmt, load, session, spawnServer, type BenchServer } from './lib.ts';

/**
 * Bench: the activity log's cost on the write path. One run per engine: the same
 * production server with the log on and with it off (ACTIVITY_LOG=0, for measuring only), each
 * answering `PUT /api/user/{id}` (a rename and its role, one client, closed loop, the name
 * alternating so every call changes a field). Target: with the log at most 10 % slower at p99.
 * PostgreSQL when DATABASE_URL or TEST_DATABASE_URL names a server where the role may CREATE DATABASE.
 */
async function updates(server: BenchServer, seconds: number) {
  const { headers } = await session(server.url);
  const api = `${server.url}/api`;
  const json = { ...headers, 'Content-Type': 'application/json' };
  const role = await (
    await fetch(`${api}/role`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'bench-writer', permissions: '[]', roles: '[]' }) })
  ).json();
  const roleId = role.data?.id ?? role.data?.role?.id;
  const user = await (
    await fetch(`${api}/user`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Bench Writer', email: 'writer@bench.example', password: 'Bench-pass-1', role: String(roleId) }),
    })
  ).json();
  const id = user.data?.id ?? user.data?.user?.id;
  if (!id) throw new Error(`could not create the bench user: ${JSON.stringify(user).slice(0, 200)}`);
  const put = (i: number) => ({
    url: `${api}/user/${id}`,
    init: { method: 'PUT', headers: json, body: JSON.stringify({ name: `Bench Writer ${i % 2}`, email: 'writer@bench.example', role: String(roleId) }) },
  });
  await load(1, 1, put); // warm-up
  return load(1, seconds, put);
}

export async function activityCostBench(seconds = 5) {
  console.log(`\n## Activity log on the write path: PUT /api/user/{id}, 1 client, ${seconds} s each`);
  const engines: [string, Record<string, string> | null][] = [['SQLite', {}]];
  const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  engines.push(['PostgreSQL', base ? { base } : null]);
  for (const [name, opts] of engines) {
    if (!opts) {
      console.log(`${name}: skipped (set DATABASE_URL or TEST_DATABASE_URL)`);
      continue;
    }
    const figures: string[] = [];
    let p99: Record<string, number> = {};
    for (const on of [false, true]) {
      const db = opts.base ? await createTestDatabase(opts.base) : null;
      const server = await spawnServer({ ACTIVITY_LOG: on ? '1' : '0', ...(db ? { DATABASE_URL: db.url } : {}) });
      try {
        const r = await updates(server, seconds);
        p99 = { ...p99, [on ? 'on' : 'off']: r.p99 };
        figures.push(
          `${name} log ${on ? 'on ' : 'off'}  p50 ${fmt(r.p50, 2).padStart(6)} ms  p99 ${fmt(r.p99, 2).padStart(6)} ms  ${fmt(r.rps, 0)} req/s  errors ${r.errors}`,
        );
      } finally {
        await server.stop();
        await db?.drop().catch(() => undefined);
      }
    }
    for (const f of figures) console.log(f);
    console.log(`${name}: p99 with the log ${fmt((100 * (p99.on - p99.off)) / p99.off, 0)} % against without (target ≤ 10 %)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await activityCostBench();
