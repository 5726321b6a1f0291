import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, spawnServer, type ChildServer } from '../test/api/child-server.ts';
import { createTestDatabase, TEST_DATABASE_URL } from '../test/api/harness.ts';
import { loginFrom } from '../test/api/source-address.ts';
import { fmt } from './lib.ts';
import { openDatabase } from '../server/db/index.ts';
import type { Sql } from '../server/db/sql.ts';
import { ApiError } from '../server/http/http-error.ts';
import { judged, takeAttempt } from '../server/lib/auth/sign-in-throttle.ts';

const ADMIN = { email: 'bench@example.com', password: 'Bench-pass-1' };
const CLIENTS = Number(process.env.BENCH_SIGNIN_CLIENTS ?? 2);
const SECONDS = Number(process.env.BENCH_SIGNIN_SECONDS ?? 8);
const ROUNDS = 3;
/** 500 loopback source addresses, taken in turn: each makes a few attempts a minute, under either throttle's limits. */
const ADDRESSES = Array.from({ length: 500 }, (_, i) => `127.0.${12 + Math.floor(i / 250)}.${1 + (i % 250)}`);

interface Run {
  requests: number;
  unexpected: number;
  p50: number;
  p99: number;
  p99Good: number;
  p99Wrong: number;
}

/** Drops a bench database, once more after a second when a closing process still holds it. */
const dropLater = async (db: { drop(): Promise<void> } | undefined) => {
  try {
    await db?.drop();
  } catch {
    await new Promise((r) => setTimeout(r, 1000));
    await db?.drop().catch((e: Error) => console.log(`(bench database not dropped: ${e.message})`));
  }
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] : NaN;
};

/**
 * The production bundle of the commit before the new throttle (the parent of the commit that added
 * server/lib/auth/sign-in-throttle.ts, or env BENCH_THROTTLE_BEFORE, a git ref), built in a temporary
 * folder that shares this checkout's node_modules. Undefined when git cannot provide it.
 */
function buildBefore(): { bundle: string; dir: string; ref: string } | undefined {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    const added = git('log', '--diff-filter=A', '--format=%H', '--', 'server/lib/auth/sign-in-throttle.ts').split('\n').pop();
    const ref = process.env.BENCH_THROTTLE_BEFORE ?? `${added}^`;
    const sha = git('rev-parse', '--short', ref);
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-before-'));
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C ${JSON.stringify(dir)}`], { cwd: ROOT });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    execFileSync(process.execPath, ['build-server.mjs'], { cwd: dir, stdio: 'ignore' });
    return { bundle: path.join(dir, 'server-dist/index.mjs'), dir, ref: sha };
  } catch (err) {
    console.log(`sign-in throttle bench: the "before" bundle could not be built (${(err as Error).message.split('\n')[0]}); skipped.`);
    return undefined;
  }
}

/** CLIENTS loops of sign-ins for SECONDS: 3 of 4 right (the admin), 1 of 4 a wrong password for an e-mail used once. */
async function signInLoad(server: ChildServer): Promise<Run> {
  const good: number[] = [];
  const wrong: number[] = [];
  let n = 0;
  let unexpected = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const i = n++;
        const right = i % 4 !== 3;
        const form = right ? ADMIN : { email: `nobody-${i}@example.com`, password: 'Wrong-pass-1' };
        const t = performance.now();
        const r = await loginFrom(server.url, ADDRESSES[i % ADDRESSES.length], form);
        (right ? good : wrong).push(performance.now() - t);
        if (r.status !== (right ? 200 : 401)) unexpected++;
      }
    }),
  );
  const all = [...good, ...wrong];
  return { requests: all.length, unexpected, p50: pct(all, 0.5), p99: pct(all, 0.99), p99Good: pct(good, 0.99), p99Wrong: pct(wrong, 0.99) };
}

/** One server of `bundle` (undefined: this checkout's server-dist) on a fresh database of `engine`, under signInLoad after a short warm-up. */
async function oneRun(engine: 'sqlite' | 'postgres', bundle: string | undefined): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-signin-'));
  const db = engine === 'postgres' ? await createTestDatabase() : undefined;
  const server = await spawnServer(
    { DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SERVER_BUNDLE: bundle },
    30_000,
    { bundled: true },
  );
  try {
    for (let i = 0; i < 10; i++) await loginFrom(server.url, '127.0.14.1', ADMIN); // warm-up: hot paths, pool connections
    return await signInLoad(server);
  } finally {
    await server.stop();
    await dropLater(db);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Bench (h): POST /api/login latency with the sign-in throttle per account and per
 * address (one upsert before the check; a clear and a give-back after a success) against the
 * throttle before it (per e-mail-and-address pair: a delete, an insert and a count before the
 * check; a delete after a success), both from the production bundle, on SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL. CLIENTS (2, the hash slots; env BENCH_SIGNIN_CLIENTS) loops for
 * SECONDS (8, BENCH_SIGNIN_SECONDS) each, from 500 loopback addresses so neither throttle refuses;
 * three rounds of before/after, interleaved, against this machine's noise; the best p99 of each is
 * compared. Target: p99 at most 10 % slower. The password hash (Argon2id) dominates either way, so
 * the throttles' own statements are also timed alone, in this process (`throttleStatements`).
 */
export async function signInThrottleBench() {
  console.log(
    `\n## Sign-in p99: new throttle (per account + per address) vs before (per e-mail and address); ${CLIENTS} clients × ${SECONDS} s, 3 right : 1 wrong`,
  );
  const before = buildBefore();
  if (!before) return;
  try {
    const engines: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
    for (const engine of engines) {
      const runs: Record<'before' | 'after', Run[]> = { before: [], after: [] };
      for (let round = 0; round < ROUNDS; round++) {
        runs.before.push(await oneRun(engine, before.bundle));
        runs.after.push(await oneRun(engine, undefined));
      }
      for (const which of ['before', 'after'] as const) {
        for (const r of runs[which]) {
          console.log(
            `${engine.padEnd(8)} ${which === 'before' ? `before (${before.ref})` : 'after    '.padEnd(before.ref.length + 9)}  ${String(r.requests).padStart(4)} sign-ins  p50 ${fmt(r.p50, 1)} ms  p99 ${fmt(r.p99, 1)} ms (right ${fmt(r.p99Good, 1)}, wrong ${fmt(r.p99Wrong, 1)})${r.unexpected ? `  ${r.unexpected} unexpected answers` : ''}`,
          );
        }
      }
      const best = (rs: Run[]) => Math.min(...rs.map((r) => r.p99));
      const ratio = best(runs.after) / best(runs.before);
      console.log(`${engine}: best p99 after / before = ${fmt(ratio, 2)} (${ratio <= 1.1 ? 'within' : 'OVER'} the 10 % target)`);
      await throttleStatements(engine);
    }
  } finally {
    rmSync(before.dir, { recursive: true, force: true });
  }
}

/**
 * The throttles' own database work per sign-in, without HTTP or hashing, N times one after the
 * other on a fresh database of `engine` (ms per sign-in, p50 / p99): before, a delete of old rows,
 * an insert and a count (and a delete after a success: login_failures is still there); after,
 * takeAttempt and its settling by outcome (judged). 3 right : 1 wrong, as above.
 */
async function throttleStatements(engine: 'sqlite' | 'postgres', n = 600) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-throttle-sql-'));
  const db = engine === 'postgres' ? await createTestDatabase() : undefined;
  const sql: Sql = await openDatabase(dataDir, db?.url);
  const old = async (key: string, right: boolean) => {
    const now = Date.now();
    await sql.run('DELETE FROM login_failures WHERE at < ?', [now - 3600_000]);
    await sql.run('INSERT INTO login_failures (key, at) VALUES (?, ?)', [key, now]);
    await sql.get('SELECT COUNT(*) AS n FROM login_failures WHERE key = ? AND at > ?', [key, now - 60_000]);
    if (right) await sql.run('DELETE FROM login_failures WHERE key = ?', [key]);
  };
  const fresh = async (email: string, addr: string, right: boolean) => {
    const a = await takeAttempt(sql, email, addr);
    if ('retryAfter' in a) return;
    await judged(sql, a, async () => {
      if (!right) throw new ApiError(401, 'wrong');
    }).catch(() => undefined);
  };
  const times: Record<'before' | 'after', number[]> = { before: [], after: [] };
  try {
    for (let i = 0; i < n; i++) {
      const right = i % 4 !== 3;
      const email = right ? ADMIN.email : `nobody-${i}@example.com`;
      const addr = ADDRESSES[i % ADDRESSES.length];
      let t = performance.now();
      await old(`${email}|${addr}`, right);
      times.before.push(performance.now() - t);
      t = performance.now();
      await fresh(email, addr, right);
      times.after.push(performance.now() - t);
    }
    for (const which of ['before', 'after'] as const) {
      console.log(
        `${engine.padEnd(8)} throttle statements alone, ${which.padEnd(6)}: p50 ${fmt(pct(times[which], 0.5), 2)} ms  p99 ${fmt(pct(times[which], 0.99), 2)} ms per sign-in (${n})`,
      );
    }
  } finally {
    await sql.close();
    await dropLater(db);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('sign-in-throttle.ts')) await signInThrottleBench();
