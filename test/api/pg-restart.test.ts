import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { sparePort } from './spare-port.ts';
import path from 'node:path';
import { startTestApi, testEngine, type TestApi } from './harness.ts';

// Outages answer 503, never 500: PostgreSQL restarted (`pg_ctl restart`, fast mode)
// under 20 concurrent clients gives only successes and 503s, and no write is lost or doubled.
// The test runs its OWN cluster (initdb into a temporary folder, its own port); the shared one
// is never touched. It runs in the PostgreSQL API run only (TEST_DATABASE_URL set), once per
// `npm test`, and skips with a message where no PostgreSQL binaries exist.

const CLIENTS = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The newest PostgreSQL bin folder holding initdb and pg_ctl, or undefined. */
function pgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  const r = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = r.status === 0 ? r.stdout.trim() : '';
  return dir && existsSync(path.join(dir, 'initdb')) ? dir : undefined;
}

/**
 * A private PostgreSQL cluster in a temporary folder on a free port, trust authentication for
 * the `postgres` user. As root (CI) the binaries run as the `postgres` system user through
 * runuser, and the folder is made its own.
 */
async function privateCluster(bin: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-restart-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
  const run = (tool: string, args: string[]) => {
    const r = spawnSync(...command(tool, args), { encoding: 'utf8', cwd: dir, timeout: 120_000 });
    if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  /** Like run, without blocking the event loop (the API under test lives in this process). */
  const runAsync = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const p = spawn(...command(tool, args), { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      p.stderr.on('data', (d) => (err += d));
      p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(' ')} failed (${code}): ${err}`))));
    });
  const port = await sparePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60 -c synchronous_commit=off`;
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', opts, '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** `pg_ctl restart` (fast shutdown: sessions are ended, open transactions rolled back); ms it took. */
    async restart() {
      const t = Date.now();
      await runAsync('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'restart']);
      return Date.now() - t;
    },
    log: () => {
      try {
        return readFileSync(path.join(dir, 'log'), 'utf8');
      } catch {
        return '';
      }
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already down */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const bin = pgBin();
if (testEngine !== 'postgres') {
  console.log('  skipped: the pg_ctl restart test runs in the PostgreSQL API run (set TEST_DATABASE_URL)');
  test.skip('pg_ctl restart');
} else if (!bin) {
  console.log('  skipped: no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql or pg_config --bindir');
  test.skip('pg_ctl restart');
} else {
  test('pg_ctl restart under 20 clients: only successes and 503 (with Retry-After), no lost or doubled page', async () => {
    const cluster = await privateCluster(bin);
    let api: TestApi | undefined;
    try {
      api = await startTestApi({ databaseUrl: cluster.url });
      const token = await api.login();
      const statuses = new Map<number, number>();
      const bad: string[] = [];
      const created = new Set<string>();
      let stop = false,
        retryAfterMissing = 0;
      const client = async (n: number) => {
        for (let i = 0; !stop; i++) {
          const title = `client ${n} page ${i}`;
          // A write, retried on 503 until it is answered 200; a read between writes.
          for (;;) {
            const r = await api!.call('POST', 'page', { token, form: { title, content: 'x' } });
            statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
            if (r.status === 503 && !r.headers.get('retry-after')) retryAfterMissing++;
            if (r.status === 200) {
              created.add(title);
              break;
            }
            if (r.status !== 503) {
              bad.push(`POST ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
              break;
            }
            await sleep(50);
          }
          const g = await api!.call('GET', 'page?page=1', { token });
          statuses.set(g.status, (statuses.get(g.status) ?? 0) + 1);
          if (g.status !== 200 && g.status !== 503) bad.push(`GET ${g.status} ${JSON.stringify(g.body).slice(0, 200)}`);
        }
      };
      const t0 = Date.now();
      const at = (m: string) => console.log(`  ${Date.now() - t0} ms ${m}`);
      const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
      /** Waits until `n` pages have been answered 200 (60 s: a failure guard only). */
      const written = async (n: number) => {
        for (const guard = Date.now() + 60_000; created.size < n && Date.now() < guard; ) await sleep(10);
      };
      // The restart comes once the clients are writing, and they stop once writes are answered again after it.
      await written(CLIENTS);
      at('restart');
      const restartMs = await cluster.restart();
      at('restarted');
      await written(created.size + CLIENTS);
      stop = true;
      await Promise.all(clients);
      at('clients done');

      const rows = await api.sql.all<{ title: string; n: number }>('SELECT title, COUNT(*) AS n FROM pages GROUP BY title');
      const doubled = rows.filter((r) => Number(r.n) > 1).map((r) => r.title);
      const stored = new Set(rows.map((r) => r.title));
      const lost = [...created].filter((t) => !stored.has(t));
      const summary = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${n} × ${s}`)
        .join(', ');
      console.log(`  pg_ctl restart took ${restartMs} ms; answers: ${summary}; pages written: ${created.size}`);
      assert.equal(bad.slice(0, 5), [], `${bad.length} answers other than 200/503`);
      assert.ok((statuses.get(503) ?? 0) > 0, `the restart was never seen (${summary}): the test proves nothing`);
      assert.is(retryAfterMissing, 0, 'every 503 carries Retry-After');
      assert.equal(doubled, [], 'no page written twice');
      assert.equal(lost, [], 'no page answered 200 is missing');
      assert.is(rows.length, created.size, 'exactly the pages answered 200 are stored');
      const after = await api.call('GET', 'page?page=1', { token });
      assert.is(after.status, 200, 'the server serves again after the restart');
    } catch (err) {
      console.log(cluster.log().split('\n').slice(-20).join('\n'));
      throw err;
    } finally {
      await api?.stop();
      cluster.stop();
    }
  });
}

test.run();
