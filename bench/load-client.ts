import { loadClient } from './http-client.ts';
import { cpuMs } from './process-cpu.ts';
import { generator, nextCall, type Ids, type Kind } from './mixed-workload.ts';

/**
 * The load client of bench/mixed-load.ts, in a process of its own (forked, bundled like the
 * reference server), so the bench's own work never shares its event loop. Messages:
 * - `init` { connections: [{ kind, headers }], catalogues, ids }: who each connection is and what it reads;
 * - `round` { base, pid, share, seed, warmup, seconds, booking }: every connection sends back to back
 *   (mixed-workload.ts nextCall; connection c's sequence seeded by `seed` and c, so both servers get
 *   the same calls) for `warmup` s, not counted, then `seconds` s; booking decisions take the
 *   pool's bookings from id `booking` on. Answers `result` with the round's figures (RoundFigures),
 *   including the server's CPU time over the counted seconds (process `pid`, /proc).
 */

export interface RoundFigures {
  requests: number;
  seconds: number;
  rps: number;
  readP50: number;
  readP99: number;
  writeP50: number;
  writeP99: number;
  writes: number;
  errors: number;
  firstErrors: string[];
  /** Server CPU (ms) per request answered in the counted seconds. */
  cpuPerRequest: number;
  /** This client's CPU (ms) per request, for judging how much of the machine it took. */
  clientCpuPerRequest: number;
  bookingsUsed: number;
  /** Writes answered 200, warm-up included (each leaves one activity row). */
  writesAnswered: number;
}
export interface Init {
  type: 'init';
  connections: { kind: Kind; headers: Record<string, string> }[];
  catalogues: Record<Kind, string[]>;
  ids: Ids;
}
export interface Round {
  type: 'round';
  base: string;
  pid: number;
  share: number;
  seed: number;
  warmup: number;
  seconds: number;
  booking: number;
}

const quantile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);

async function round(init: Init, r: Round): Promise<RoundFigures> {
  const http = loadClient(r.base, init.connections.length);
  const reads: number[] = [],
    written: number[] = [];
  const firstErrors: string[] = [];
  let errors = 0,
    booking = r.booking,
    writesAnswered = 0;
  const nextBooking = () => booking++;
  const loop = async (c: number, until: number, counted: boolean) => {
    const { kind, headers } = init.connections[c];
    const rng = generator(r.seed * 1000 + c + (counted ? 500 : 0));
    for (let n = 0; performance.now() < until; n++) {
      const call = nextCall(kind, rng, r.share, init.ids, init.catalogues[kind], n, nextBooking);
      const t = performance.now();
      try {
        const a = await http.call(
          call.method,
          call.path,
          call.body === undefined ? headers : { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
          call.body,
        );
        if (a.status === 200 && call.write) writesAnswered++;
        if (a.status !== 200) {
          errors++;
          if (firstErrors.length < 3) firstErrors.push(`${call.method} ${call.path} ${a.status} ${a.text.slice(0, 120)}`);
        }
      } catch (err) {
        errors++;
        if (firstErrors.length < 3) firstErrors.push(`${call.method} ${call.path} ${(err as Error).message}`);
      }
      if (counted) (call.write ? written : reads).push(performance.now() - t);
    }
  };
  const warm = performance.now() + r.warmup * 1000;
  await Promise.all(init.connections.map((_, c) => loop(c, warm, false)));
  const cpu0 = cpuMs(r.pid),
    own0 = process.cpuUsage(),
    t0 = performance.now();
  await Promise.all(init.connections.map((_, c) => loop(c, t0 + r.seconds * 1000, true)));
  const seconds = (performance.now() - t0) / 1000,
    cpu = cpuMs(r.pid) - cpu0,
    own = process.cpuUsage(own0);
  http.close();
  reads.sort((a, b) => a - b);
  written.sort((a, b) => a - b);
  const requests = reads.length + written.length;
  return {
    requests,
    seconds,
    rps: requests / seconds,
    writes: written.length,
    errors,
    firstErrors,
    readP50: quantile(reads, 0.5),
    readP99: quantile(reads, 0.99),
    writeP50: quantile(written, 0.5),
    writeP99: quantile(written, 0.99),
    cpuPerRequest: cpu / requests,
    clientCpuPerRequest: (own.user + own.system) / 1000 / requests,
    bookingsUsed: booking - r.booking,
    writesAnswered,
  };
}

let init: Init | undefined;
process.on('message', (m: Init | Round) => {
  if (m.type === 'init') {
    init = m;
    return;
  }
  round(init!, m).then(
    (figures) => process.send!({ type: 'result', figures }),
    (err: Error) => process.send!({ type: 'failed', message: err.stack ?? err.message }),
  );
});
