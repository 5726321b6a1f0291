import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ROOT, startCommand } from '../test/api/child-server.ts';
import { loadClient } from './http-client.ts';

/** Resident memory of a process now (VmRSS) or at its peak so far (VmHWM), in MB; 0 without /proc. */
export function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Idle settle time before reading an idle RSS, ms: start-up garbage is collected by then. */
export const SETTLE_MS = 2000;

export interface BareFigures {
  idleRssMb: number;
  peakRssMb: number;
  requests: number;
  p99: number;
}

/**
 * The yardstick: bench/fixtures/bare-hono.mjs on this machine's Node, run as `npm start` runs the server (its environment and flags). Idle RSS after SETTLE_MS,
 * then `clients` closed-loop clients on GET /api/ping for `seconds`, and its peak RSS (VmHWM).
 */
export async function bareHono(clients: number, seconds: number): Promise<BareFigures> {
  const { env, nodeArgs } = startCommand();
  const proc = spawn(process.execPath, [...nodeArgs, 'bench/fixtures/bare-hono.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      proc.stdout!.on('data', (d) => {
        out += d;
        const m = /listening on ([^\s"]+)/.exec(out);
        if (m) resolve(m[1]);
      });
      proc.once('exit', (code) => reject(new Error(`bare Hono exited with ${code}`)));
    });
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const idleRssMb = rssMb(proc.pid!);
    const latencies: number[] = [];
    const http = loadClient(url, clients); // the same client as the load run
    const run = (secs: number, measured: boolean) => {
      const until = performance.now() + secs * 1000;
      return Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < until) {
            const t = performance.now();
            await http.call('GET', '/api/ping', { Accept: 'application/json' });
            if (measured) latencies.push(performance.now() - t);
          }
        }),
      );
    };
    await run(Number(process.env.BENCH_WARMUP ?? 5), false); // the same warm-up as the load run
    await run(seconds, true);
    http.close();
    latencies.sort((a, b) => a - b);
    return { idleRssMb, peakRssMb: rssMb(proc.pid!, 'VmHWM'), requests: latencies.length, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
  } finally {
    proc.kill('SIGTERM');
  }
}
