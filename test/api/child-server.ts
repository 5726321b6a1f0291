import { apiRequest, type CallOptions } from './call.ts';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (the server is started from there). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds the production server bundle (build-server.mjs, as `npm start` does) into a new folder
 * under .build/ (ignored by git: the bundle imports its npm packages, so it lives inside the
 * repository). Answers the bundle's path, for `spawnServer({ SERVER_BUNDLE }, …, { bundled: true })`,
 * and `remove()` for the test's end. Takes a few seconds; throws with esbuild's output on failure.
 */
export function buildServerBundle(): { bundle: string; remove(): void } {
  mkdirSync(path.join(ROOT, '.build'), { recursive: true });
  const out = mkdtempSync(path.join(ROOT, '.build', 'server-bundle-'));
  execFileSync(process.execPath, ['build-server.mjs'], { cwd: ROOT, env: { ...process.env, SERVER_OUT_DIR: out }, stdio: 'pipe' });
  return { bundle: path.join(out, 'index.mjs'), remove: () => rmSync(out, { recursive: true, force: true }) };
}

export interface ChildServer {
  url: string;
  pid: number;
  proc: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Peak resident memory of the process in kB (VmHWM of /proc/<pid>/status), or 0. */
  peakRssKb(): number;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful close), resolved once the process is gone. */
  stop(): Promise<void>;
}

/**
 * How `npm run serve` (and so `npm start`) runs the bundle (package.json scripts.serve:
 * `NAME=value … node <flags> server-dist/index.mjs`): the environment settings and the Node/V8
 * flags, so a bundled child runs exactly as `npm run serve` runs it (README, Operations, "Memory").
 */
export function startCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const start: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.serve;
  const words = start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? '')) {
    const [k, ...v] = words.shift()!.split('=');
    env[k] = v.join('=');
  }
  return { env, nodeArgs: words.slice(1, -1).filter((w) => w.startsWith('--')) };
}

/**
 * Starts `node --import tsx server/index.ts` as a separate process (fault tests, the load bench,
 * two API processes on one PostgreSQL); with `opts.bundled`, the production bundle
 * `server-dist/index.mjs` (or env SERVER_BUNDLE; build-server.mjs must have run) as `npm start` does, with its
 * `startCommand()` settings and flags. `env` adds to /
 * overrides the environment; PORT defaults to 0 (a free port), DEMO_DATA, LOG_REQUESTS and
 * SHUTDOWN_DELAY_MS to 0 (a SIGTERM'd child closes its port at once).
 * Resolves once the server prints its URL and, after seeding, its ready line (it listens first and
 * answers the API with 503 until then); rejects when the process exits first or after `timeoutMs`.
 */
export function spawnServer(env: Record<string, string | undefined>, timeoutMs = 30_000, opts: { bundled?: boolean } = {}): Promise<ChildServer> {
  const start = opts.bundled ? startCommand() : { env: {}, nodeArgs: [] };
  const args = opts.bundled ? [...start.nodeArgs, env.SERVER_BUNDLE ?? 'server-dist/index.mjs'] : ['--import', 'tsx', 'server/index.ts'];
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...start.env,
      PORT: '0',
      DEMO_DATA: '0',
      LOG_REQUESTS: '0',
      SHUTDOWN_DELAY_MS: '0',
      STATIC_DIR: process.env.STATIC_DIR ?? 'dist',
      ...env,
    },
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const endWith = (signal: NodeJS.Signals) => async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    await gone;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = () => {
      const m = /listening on (http:\/\/[^\s"]+)/.exec(out);
      if (!m || !out.includes('"ready":true')) return;
      clearTimeout(timer);
      proc.stdout!.off('data', onData);
      resolve({
        url: m[1],
        pid: proc.pid!,
        proc,
        output: () => out,
        peakRssKb: () => {
          try {
            return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))?.[1] ?? 0);
          } catch {
            return 0;
          }
        },
        kill: endWith('SIGKILL'),
        stop: endWith('SIGTERM'),
      });
    };
    proc.stdout!.on('data', onData);
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`));
    });
  });
}

/** A fixed double-submit XSRF value: any value works when cookie and header agree. */
const XSRF = 'test-xsrf-token-0123456789';

/** One API call to `base` with the XSRF cookie/header pair and an optional bearer token (see call.ts). */
export const apiCall = (base: string, method: string, p: string, o: Omit<CallOptions, 'xsrf' | 'headers'> = {}) =>
  apiRequest(base, method, p, { ...o, xsrf: XSRF });

/** Signs in at `base` and returns the bearer token (throws on anything but 200). */
export async function apiLogin(base: string, email: string, password: string): Promise<string> {
  const r = await apiCall(base, 'POST', 'login', { form: { email, password } });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.token as string;
}
