import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, startCommand } from '../test/api/child-server.ts';

/**
 * A server child process for benchmarks: the production bundle (`server-dist/index.mjs`, built by
 * `npm run bench` as by `npm start`, with its settings and flags) on a free port over a temp
 * database, request log off unless `env` turns it on. Its stdout (the JSON log lines) goes to
 * `<dataDir>/server.log`, as a deployment sends it to a collector: read back by this process,
 * ~20,000 request lines a second cost the load client's own CPU while it measured the product
 * (not while it measured bare Hono, which logs nothing), a fifth of PostgreSQL's ping figure.
 */
export interface BenchServer {
  url: string;
  pid: number;
  proc: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The product's production bundle as a child process with `npm start`'s flags and settings plus
 * `env`. BENCH_PRODUCT_NODE_ARGS adds Node flags to it alone (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` to see where a bench's CPU goes; the profile is written when it stops).
 */
export async function spawnServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const start = startCommand();
  const logFile = path.join(dataDir, 'server.log');
  const out = openSync(logFile, 'w');
  const extra = (process.env.BENCH_PRODUCT_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const proc = spawn(process.execPath, [...start.nodeArgs, ...extra, 'server-dist/index.mjs'], {
    env: { ...process.env, ...start.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-pass-1', DEMO_DATA: '0', LOG_REQUESTS: '0', ...env },
    stdio: ['ignore', out, 'inherit'],
  });
  closeSync(out); // the child holds its own copy
  await new Promise<void>((resolve, reject) => {
    const exited = (code: number | null) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}`));
    };
    // The ready line is among the first few; the log is read only until it appears.
    const timer = setInterval(() => {
      if (!readFileSync(logFile, 'utf8').includes('"ready":true')) return;
      clearInterval(timer);
      proc.off('exit', exited);
      resolve();
    }, 20);
    proc.once('exit', exited);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: proc.pid!,
    proc,
    dataDir,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A yardstick server (bench/fixtures/, bench/minimal-server.ts) as a child process, with
 * `npm start`'s node flags and settings plus `env` (BENCH_REFERENCE_NODE_ARGS adds Node flags to it,
 * e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`): resolves once it prints "listening on <url>",
 * with that URL, its process id (for peakRssMb) and a stop (SIGTERM, resolves when it exited);
 * rejects when it exits first.
 */
export async function spawnFixture(script: string, env: Record<string, string> = {}): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const start = startCommand();
  const extra = (process.env.BENCH_REFERENCE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const proc = spawn(process.execPath, [...start.nodeArgs, ...extra, script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...start.env, ...env },
  });
  const gone = new Promise((r) => proc.once('exit', r));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[^\s"]+)/.exec(out);
      if (m) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  // Later output is read and dropped, so a chatty child never blocks on a full pipe.
  proc.stdout!.resume();
  return {
    url,
    pid: proc.pid!,
    stop: async () => {
      proc.kill('SIGTERM');
      await gone;
    },
  };
}

/** Peak resident memory of a process so far (VmHWM), in MB; NaN when /proc is not there. */
export function peakRssMb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Signs in against a bench server and returns what authenticated calls need. */
export async function session(url: string, email = 'admin@example.com', password = 'Bench-pass-1') {
  const first = await fetch(`${url}/api/ping`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1];
  const headers = { Cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf };
  const r = await fetch(`${url}/api/login`, { method: 'POST', headers, body: new URLSearchParams({ email, password }) });
  const token = (await r.json()).data.token as string;
  return { token, headers: { ...headers, Authorization: `Bearer ${token}` } };
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

/**
 * Closed-loop load: `clients` concurrent loops, each sending `next()`'s request as soon as the
 * previous answered, for `seconds`. Latencies in ms.
 */
export async function load(clients: number, seconds: number, next: (i: number) => { url: string; init?: RequestInit }): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const { url, init } = next(n++);
        const t = performance.now();
        try {
          const res = await fetch(url, init);
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { requests: latencies.length, errors, seconds, rps: latencies.length / seconds, p50: q(0.5), p99: q(0.99) };
}

export const fmt = (n: number, d = 1) => n.toFixed(d);

/** One API call of a bench: resolves to the envelope's `data`; throws with the status and the answer on a refusal. */
export async function apiData(url: string, headers: Record<string, string>, method: string, body?: BodyInit) {
  const r = await fetch(url, { method, headers, body });
  const json = (await r.json()) as { status: string; message: string; data: any };
  if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(json).slice(0, 400)}`);
  return json.data;
}

/** Asks `GET {api}/import-job/{jobId}` every `everyMs` until the job ends; resolves to the done job, throws when it failed. */
export async function awaitImportJob(api: string, headers: Record<string, string>, jobId: number, everyMs: number) {
  let job: { state: string; rows_written: number; passwords_total: number; message: string };
  do {
    await new Promise((r) => setTimeout(r, everyMs));
    job = await apiData(`${api}/import-job/${jobId}`, headers, 'GET');
  } while (job.state === 'queued' || job.state === 'running');
  if (job.state !== 'done') throw new Error(`the import job ${job.state}: ${job.message}`);
  return job;
}
