import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/index.ts';
import { apiCall, apiLogin, spawnServer } from '../test/api/child-server.ts';
import type { ImportJob } from '../src/common/import-job.ts';
import { loadClient } from './http-client.ts';

/**
 * Import latency (DESIGN.md §4, `npm run bench`): p99 of `GET /api/user/get` from CLIENTS (10)
 * concurrent clients in three phases of BENCH_IMPORT_SECONDS (default 10) each: the server idle;
 * while 50,000-row photo imports run back to back as jobs (each followed to done, then cleared,
 * with a refused 10 MB one-column user sheet in between); while one 50,000-row users import job
 * runs (hashing then writing). Also the users import's rows per second (passwords hashed per
 * second while it runs; the write comes at the end of the job). Target: p99 during imports at
 * most 2 × idle. SQLite, the bundled server started as `npm start` starts it; the user/get
 * clients use bench/http-client.ts.
 */
const ADMIN = { email: 'bench@example.com', password: 'Bench-pass-1' };
const CLIENTS = 10;
const ROWS = 50_000;

const p99 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(0.99 * s.length) - 1)] ?? 0;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const csv = (header: string, row: (i: number) => string) =>
  new File([[header, ...Array.from({ length: ROWS }, (_, i) => row(i + 1))].join('\n')], 'sheet.csv', { type: 'text/csv' });

export async function importLatencyBench() {
  const seconds = Number(process.env.BENCH_IMPORT_SECONDS ?? 10);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  const sql = await openDatabase(dataDir);
  const c = await sql.get<{ id: number }>('INSERT INTO companies (name, email, status, created_at) VALUES (?, ?, 1, ?) RETURNING id', [
    'Bench Org',
    'org@example.com',
    Date.now(),
  ]);
  const eventId = (await sql.get<{ id: number }>(
    'INSERT INTO events (company_id, title, start_date, end_date, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
    [c!.id, 'Bench run', '2030-01-01', '2030-01-02', Date.now()],
  ))!.id;
  await sql.close();
  const server = await spawnServer({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, 30_000, { bundled: true });
  try {
    const tokens: string[] = [];
    for (let i = 0; i <= CLIENTS; i++) tokens.push(await apiLogin(server.url, ADMIN.email, ADMIN.password));
    const importer = tokens[CLIENTS];
    const http = loadClient(server.url, CLIENTS); // the lean client of the load run
    const call = (m: string, p: string, form?: Record<string, string | Blob>) => apiCall(server.url, m, p, { token: importer, form });
    const photos = csv(
      'bid_number,low_res_image,high_res_image,orientation',
      (i) => `B${i},https://img.example.com/low/${i}.jpg,https://img.example.com/high/${i}.jpg,portrait`,
    );
    const users = csv('name,email,password,role', (i) => `Bench ${i},bench${i}@example.com,Bench-pass-${i},admin`);
    const tiny = new File(['name\n' + 'a\n'.repeat(5_000_000)], 'tiny.csv', { type: 'text/csv' });
    const job = async (id: number) => (await call('GET', `import-job/${id}`)).body.data as ImportJob;
    const follow = async (started: { status: number; body: any }) => {
      if (started.status !== 200) throw new Error(`import answered ${started.status} ${JSON.stringify(started.body).slice(0, 200)}`);
      for (;;) {
        const j = await job(started.body.data.job_id);
        if (j.state === 'done') return j;
        if (j.state === 'failed') throw new Error(`import job failed: ${j.message}`);
        await sleep(100);
      }
    };

    /** Runs CLIENTS user/get loops for `seconds` next to `work` (given the deadline). */
    const phase = async (work: (until: number) => Promise<unknown>) => {
      const until = performance.now() + seconds * 1000;
      const latencies: number[] = [];
      const client = async (i: number) => {
        const headers = { Accept: 'application/json', Authorization: `Bearer ${tokens[i]}` };
        while (performance.now() < until) {
          const t = performance.now();
          const r = await http.call('GET', '/api/user/get', headers);
          if (r.status !== 200) throw new Error(`user/get answered ${r.status}`);
          latencies.push(performance.now() - t);
        }
      };
      const [extra] = await Promise.all([work(until), ...Array.from({ length: CLIENTS }, (_, i) => client(i))]);
      return { p99: p99(latencies), requests: latencies.length, extra };
    };

    const idle = await phase(async () => undefined);
    const photoPhase = await phase(async (until) => {
      let imports = 0;
      while (performance.now() < until) {
        await follow(await call('POST', 'uploadExcel', { event_id: String(eventId), photo_price_type_id: '1', photo_price: '', excel: photos }));
        const refused = await call('POST', 'user/import', { file: tiny });
        if (refused.status !== 422) throw new Error(`the 10 MB one-column sheet answered ${refused.status}`);
        imports++;
        await call('POST', 'deleteEventPhotos', { event_id: String(eventId) });
      }
      return imports;
    });
    let rate = 0;
    const userPhase = await phase(async (until) => {
      const started = await call('POST', 'user/import', { file: users });
      if (started.status !== 200) throw new Error(`users import answered ${started.status} ${JSON.stringify(started.body).slice(0, 200)}`);
      const t0 = performance.now();
      let last: ImportJob | undefined;
      while (performance.now() < until) {
        last = await job(started.body.data.job_id);
        if (last.state === 'done' || last.state === 'failed') break;
        await sleep(250);
      }
      rate = (last?.passwords_hashed ?? 0) / ((performance.now() - t0) / 1000);
      return last;
    });

    const ratio = (x: number) => `${(x / Math.max(idle.p99, 0.001)).toFixed(2)} × idle`;
    console.log(`Import latency: GET user/get, ${CLIENTS} clients, ${seconds} s per phase (SQLite; target during imports ≤ 2 × idle)`);
    console.log(`  idle:                        p99 ${idle.p99.toFixed(1)} ms over ${idle.requests} requests`);
    console.log(
      `  50,000-row photo import jobs: p99 ${photoPhase.p99.toFixed(1)} ms (${ratio(photoPhase.p99)}) over ${photoPhase.requests} requests, ${photoPhase.extra} imports done`,
    );
    console.log(`  50,000-row users import job:  p99 ${userPhase.p99.toFixed(1)} ms (${ratio(userPhase.p99)}) over ${userPhase.requests} requests`);
    console.log(
      `  users import: ${rate.toFixed(1)} rows/s hashed (≈ ${(ROWS / Math.max(rate, 0.001) / 60).toFixed(1)} min for ${ROWS.toLocaleString('en-US')} rows); server peak memory ${(server.peakRssKb() / 1024).toFixed(0)} MB`,
    );
    http.close();
    return { idle, photos: photoPhase, users: userPhase, usersRowsPerSecond: rate };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await importLatencyBench();
