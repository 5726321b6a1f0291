import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { ROOT } from '../test/api/child-server.ts';
import { fmt, spawnFixture, spawnServer } from './lib.ts';
import { rssMb, SETTLE_MS } from './memory.ts';
import { ADMIN, fill, ROWS } from './mixed-fill.ts';
import { captureStatements, type Capture } from './statement-capture.ts';
import { benchDatabase, copyOf, type BenchDatabase } from './database-copy.ts';
import { openDatabase } from '../server/db/index.ts';
import { HEADER, shareLines, type Measured, type Side } from './mixed-report.ts';
import type { Init, Round, RoundFigures } from './load-client.ts';

/**
 * Mixed load (`npm run bench`, alone `npm run bench -- mixed`; issue 42 §1): the product against a
 * reference server that does per request only what any server must (bench/minimal-server.ts: the
 * token's SHA-256, one session statement, the product's own SQL for the call as captured from the
 * product by bench/statement-capture.ts, JSON out on node:http), under a workload shaped like the
 * product's users (bench/mixed-workload.ts): CLIENTS connections signed in as administrator, editor
 * and organiser reading users, roles, permissions, pages and activity lists and, about a third,
 * an organiser's events, event photos, participants and bookings, with searches, sorts, filters and
 * page sizes; the screens' writes (page and user edits, event changes, booking decisions) at 0, 1, 5 and 20 %.
 *
 * Per engine: a fresh database filled through the product (bench/mixed-fill.ts), the capture run
 * on it, then one copy for each server, so each writes only its own. The product runs from its
 * production bundle with `npm start`'s settings (request log on, answer cache on; the e-mail sender
 * off, since the reference sends no e-mail either: both write the outbox row). The reference is
 * bundled with esbuild and run with the same Node flags. The load client runs in a process of its own
 * (bench/load-client.ts). Before any round a few reads go to both servers and their answers must
 * have equal statuses, row counts and totals, so the reference does no less on the data side.
 *
 * Each write share runs ROUNDS rounds per side, the side that goes first alternating (round r of
 * both sides makes one pair); each round WARMUP s not counted, then SECONDS s. Printed per share:
 * each side's median over its rounds of CPU per request (the server process's CPU time from
 * /proc/<pid>/stat over the counted seconds, divided by the requests answered: the figure a busy
 * machine moves least; PostgreSQL's own processes are not in it), req/s, read and write p50/p99,
 * peak RSS (VmHWM reset before each round through /proc/<pid>/clear_refs) and errors; then
 * product/reference ratios, each the median of the per-round ratios. Load averages at the start
 * and end of each engine's run: the machine is shared. Last, idle RSS (VmRSS SETTLE_MS after start)
 * of the product, the reference and a bare Hono server (bench/fixtures/bare-hono.mjs). Figures
 * only, nothing asserted; the targets printed are issue 42's "Done when".
 *
 * Engines: SQLite; PostgreSQL on BENCH_DATABASE_URL's, TEST_DATABASE_URL's or DATABASE_URL's
 * server when one is set (fresh databases, dropped after).
 * Environment: BENCH_CLIENTS (20), BENCH_SECONDS (10), BENCH_WARMUP (2), BENCH_ROUNDS (5),
 * BENCH_SHARES (0,1,5,20: write shares in %), BENCH_ENGINES (sqlite,postgres), BENCH_STREAMS (0:
 * change streams held open on the product through the run, as open console tabs; compare a run
 * with 50 against one without at the same share). A short run while
 * developing: BENCH_SECONDS=2 BENCH_ROUNDS=5 BENCH_SHARES=0,5.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const SHARES = (process.env.BENCH_SHARES ?? '0,1,5,20').split(',').map((s) => Number(s) / 100);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const STREAMS = Math.max(0, Number(process.env.BENCH_STREAMS ?? 0));
const CACHE = path.join(ROOT, 'node_modules/.cache/bench-mixed-load');

const load = () =>
  loadavg()
    .map((x) => fmt(x, 2))
    .join(' ');

/** The reference server and the load client, bundled as build-server.mjs bundles the product (under node_modules, so what stays external resolves). */
async function bundle(entry: string): Promise<string> {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).flatMap((n) => [n, `${n}/*`]);
  const outfile = path.join(CACHE, `${path.basename(entry, '.ts')}.mjs`);
  await esbuild.build({
    entryPoints: [path.join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: ['node22'],
    external,
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * Opens `n` change streams (GET /api/stream) on the product as the bench's connections (their
 * session headers in turn: at most a few per session, under the server's per-session bound), each
 * read to the end in the background, as an open console tab would. Resolves once every stream has
 * answered, to how many events they have received so far (`events()`) and `close()`.
 */
async function openStreams(base: string, sessions: Record<string, string>[], n: number) {
  const stop = new AbortController();
  let events = 0,
    refused = 0;
  const decoder = new TextDecoder();
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      try {
        const res = await fetch(`${base}/api/stream`, { headers: { ...sessions[i % sessions.length], Accept: 'text/event-stream' }, signal: stop.signal });
        if (!res.ok || !res.body) {
          refused++;
          return;
        }
        const reader = res.body.getReader();
        void (async () => {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            events += (decoder.decode(value).match(/^event: change$/gm) ?? []).length;
          }
        })().catch(() => undefined);
      } catch {
        refused++;
      }
    }),
  );
  return { events: () => events, refused, close: () => stop.abort() };
}

/** Resets the peak RSS (VmHWM) of `pid` to its current RSS; false when /proc refuses. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** One round on the forked load client. */
function runRound(client: ChildProcess, round: Round): Promise<RoundFigures> {
  return new Promise((resolve, reject) => {
    client.once('message', (m: { type: string; figures?: RoundFigures; message?: string }) =>
      m.type === 'result' ? resolve(m.figures!) : reject(new Error(m.message)),
    );
    client.send(round);
  });
}

/**
 * A few reads of each kind sent to both servers: their statuses, page row counts and totals must
 * agree. Resolves to a line saying how many agreed, or naming those that did not.
 */
async function spotCheck(cap: Capture, urls: Record<Side, string>): Promise<string> {
  const differ: string[] = [];
  let rows = 0,
    n = 0;
  for (const c of cap.connections.filter((x, i, all) => all.findIndex((y) => y.kind === x.kind) === i)) {
    const paths = [...new Set(cap.catalogues[c.kind])].filter((_, i) => i % 25 === 0).slice(0, 6);
    for (const p of paths) {
      const [a, b] = await Promise.all(
        [urls.reference, urls.product].map(async (u) => {
          const r = await fetch(`${u}${p}`, { headers: c.headers });
          const d = ((await r.json()) as { data: { data?: unknown[]; total?: number } | null }).data;
          return { status: r.status, rows: Array.isArray(d?.data) ? d.data.length : d ? 1 : 0, total: d?.total };
        }),
      );
      n++;
      rows += b.rows;
      if (a.status !== b.status || a.rows !== b.rows || a.total !== b.total)
        differ.push(`${c.kind} ${p}: reference ${JSON.stringify(a)}, product ${JSON.stringify(b)}`);
    }
  }
  return differ.length
    ? `ANSWERS DIFFER on ${differ.length} of ${n} reads: ${differ.join('; ')}`
    : `${n} reads answered alike by both (status, rows, total; ${rows} rows in all)`;
}

/** Rows of the activity log in `db` (each answered write leaves one). */
async function activityRows(db: BenchDatabase): Promise<number> {
  const sql = await openDatabase(db.dataDir, db.url);
  try {
    return Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM activity'))!.n);
  } finally {
    await sql.close();
  }
}

/** Both servers on one engine. Resolves to their idle RSS (MB). */
async function engineRun(label: string, scripts: { reference: string; client: string }, base: string | undefined) {
  console.log(`\n### ${label} — load average at start ${load()}`);
  const source = await benchDatabase(base);
  const copies: BenchDatabase[] = [];
  const written = { reference: 0, product: 0 };
  try {
    let t = performance.now();
    const ids = await fill(source.dataDir, source.url);
    console.log(
      `filled in ${fmt((performance.now() - t) / 1000, 1)} s: demo data plus ${ROWS.users.toLocaleString('en')} users, ${ROWS.pages.toLocaleString('en')} pages, ${ROWS.permissions.toLocaleString('en')} permissions, ` +
        `${ROWS.roles} roles, ${ROWS.events} events, ${ROWS.photos.toLocaleString('en')} photos, ${ROWS.participants.toLocaleString('en')} participants, ` +
        `${ROWS.bookings.toLocaleString('en')} Requested bookings, ${ROWS.activity.toLocaleString('en')} activity rows`,
    );
    t = performance.now();
    const cap = await captureStatements(source.dataDir, source.url, ids, CLIENTS);
    const statements = path.join(CACHE, `statements-${cap.fixture.engine}.json`);
    writeFileSync(statements, JSON.stringify(cap.fixture));
    console.log(`${cap.summary} (${fmt((performance.now() - t) / 1000, 1)} s; ${path.relative(ROOT, statements)})`);
    copies.push(await copyOf(source, base), await copyOf(source, base));
    const [forProduct, forReference] = copies;
    const product = await spawnServer({
      DATA_DIR: forProduct.dataDir,
      DATABASE_URL: forProduct.url ?? '',
      ADMIN_EMAIL: ADMIN.email,
      LOG_REQUESTS: '1',
      MAIL_SENDER: '0',
    });
    try {
      const reference = await spawnFixture(scripts.reference, {
        PORT: '0',
        STATEMENTS: statements,
        DATA_DIR: forReference.dataDir,
        DATABASE_URL: forReference.url ?? '',
      });
      const client = fork(scripts.client, { stdio: 'inherit', serialization: 'advanced' }); // NaN (no writes) survives
      try {
        await new Promise((r) => setTimeout(r, SETTLE_MS));
        const idle = { product: rssMb(product.pid), reference: rssMb(reference.pid) };
        console.log(`spot check: ${await spotCheck(cap, { reference: reference.url, product: product.url })}`);
        client.send({
          type: 'init',
          connections: cap.connections.map(({ kind, headers }) => ({ kind, headers })),
          catalogues: cap.catalogues,
          ids,
        } satisfies Init);
        const kinds = cap.connections.map((c) => c.kind);
        console.log(
          `${CLIENTS} connections (${['admin', 'editor', 'organiser'].map((k) => `${kinds.filter((x) => x === k).length} ${k}`).join(', ')}), ` +
            `${WARMUP} s warm-up + ${SECONDS} s counted per round, ${ROUNDS} rounds per side and share, sides alternating${ROUNDS < 5 ? ' (issue 42 asks for at least 5)' : ''}`,
        );
        console.log(HEADER);
        const sides = { reference: { url: reference.url, pid: reference.pid }, product: { url: product.url, pid: product.pid } };
        // Open consoles: change streams on the product for the whole run (issue 47: a write's cost with 50 streams open).
        const streams = STREAMS
          ? await openStreams(
              product.url,
              cap.connections.map((c) => c.headers),
              STREAMS,
            )
          : null;
        if (streams) console.log(`${STREAMS} change streams open on the product for the whole run (${streams.refused} refused)`);
        const booking = { reference: ids.bookings[0], product: ids.bookings[0] };
        for (const [i, share] of SHARES.entries()) {
          const rounds: Record<Side, Measured[]> = { reference: [], product: [] };
          for (let r = 0; r < ROUNDS; r++) {
            const order: Side[] = (i + r) % 2 === 0 ? ['reference', 'product'] : ['product', 'reference'];
            for (const side of order) {
              const peakReset = resetPeak(sides[side].pid);
              const f = await runRound(client, {
                type: 'round',
                base: sides[side].url,
                pid: sides[side].pid,
                share,
                seed: i * 100 + r + 1,
                warmup: WARMUP,
                seconds: SECONDS,
                booking: booking[side],
              });
              booking[side] += f.bookingsUsed;
              written[side] += f.writesAnswered;
              rounds[side].push({ ...f, peakMb: rssMb(sides[side].pid, 'VmHWM'), peakReset });
            }
          }
          for (const line of shareLines(share, rounds)) console.log(line);
        }
        if (streams) {
          console.log(`change events received by the ${STREAMS} streams: ${streams.events().toLocaleString('en')}`);
          streams.close();
        }
        const used = Math.max(booking.reference, booking.product) - ids.bookings[0];
        console.log(
          `bookings decided: ${used.toLocaleString('en')} of the pool's ${(ids.bookings[1] - ids.bookings[0] + 1).toLocaleString('en')} (past it, decisions fail)`,
        );
        return idle;
      } finally {
        client.kill();
        await reference.stop();
      }
    } finally {
      await product.stop();
    }
  } finally {
    // Both servers' writes must have been written, not only answered: one activity row each.
    if (copies.length === 2) {
      await Promise.all([source, ...copies].map(activityRows)).then(
        ([before, p, r]) =>
          console.log(
            `writes landed: product ${(p - before).toLocaleString('en')} activity rows ` +
              `for ${written.product.toLocaleString('en')} writes answered, reference ${(r - before).toLocaleString('en')} for ${written.reference.toLocaleString('en')}`,
          ),
        (err: Error) => console.log(`writes landed: not counted (${err.message})`),
      );
    }
    console.log(`${label} — load average at end ${load()}`);
    for (const db of [...copies, source]) await db.drop().catch((err) => console.log(`could not drop a bench database: ${(err as Error).message}`));
  }
}

/** The mixed-load part: both engines, then idle memory against a bare Hono server. Prints figures only. */
export async function mixedLoadBench() {
  const t0 = performance.now();
  console.log(`\n## Mixed load: the product vs a reference doing only what any server must (bench/mixed-load.ts) — load average ${load()}`);
  console.log('Final figures need a quiet machine: on a shared one, read CPU per request first.');
  mkdirSync(CACHE, { recursive: true });
  const scripts = { reference: await bundle('bench/minimal-server.ts'), client: await bundle('bench/load-client.ts') };
  const idle: [string, { product: number; reference: number }][] = [];
  if (ENGINES.includes('sqlite')) idle.push(['SQLite', await engineRun('SQLite', scripts, undefined)]);
  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (base && ENGINES.includes('postgres')) idle.push(['PostgreSQL', await engineRun('PostgreSQL', scripts, base)]);
  else if (!base) console.log('\nPostgreSQL: skipped — set BENCH_DATABASE_URL or TEST_DATABASE_URL to a postgres:// URL of a role that may CREATE DATABASE');
  const bare = await spawnFixture('bench/fixtures/bare-hono.mjs', { PORT: '0' });
  let bareIdle: number;
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    bareIdle = rssMb(bare.pid);
  } finally {
    await bare.stop();
  }
  console.log(`\n### Idle RSS (VmRSS ${SETTLE_MS / 1000} s after start, before any request): bare Hono (one route) ${fmt(bareIdle, 0)} MB`);
  for (const [label, r] of idle) {
    console.log(
      `${label.padEnd(10)} product ${fmt(r.product, 0)} MB = ${fmt(r.product / bareIdle, 2)}× bare Hono (target ≤ 1.3×); reference ${fmt(r.reference, 0)} MB`,
    );
  }
  console.log(`Mixed load part: ${fmt((performance.now() - t0) / 1000, 0)} s; load average at end ${load()}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await mixedLoadBench();
