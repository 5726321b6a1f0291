import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/index.ts';
import { apiCall, apiLogin, spawnServer } from '../test/api/child-server.ts';

/**
 * Import latency (DESIGN.md §4, `npm run bench`): p99 of `GET /api/user/get` from CLIENTS (10)
 * concurrent clients, first with the server idle, then while imports run back to back: a
 * 50,000-row photo CSV (accepted) and a 10 MB one-column CSV (refused at the row limit).
 * Target: the loaded p99 at most 2 × the idle p99, and under 100 ms. SQLite, child server.
 * Environment: BENCH_IMPORT_SECONDS (default 10) per phase.
 */
const ADMIN = { email: 'bench@example.com', password: 'Bench-pass-1' };
const CLIENTS = 10;

const p99 = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.max(0, Math.ceil(0.99 * s.length) - 1)] ?? 0; };

export async function importLatencyBench() {
  const seconds = Number(process.env.BENCH_IMPORT_SECONDS ?? 10);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  const sql = await openDatabase(dataDir);
  const c = await sql.get<{ id: number }>('INSERT INTO companies (name, email, status, created_at) VALUES (?, ?, 1, ?) RETURNING id', ['Bench Org', 'org@example.com', Date.now()]);
  const eventId = (await sql.get<{ id: number }>('INSERT INTO events (company_id, title, start_date, end_date, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id', [c!.id, 'Bench run', '2030-01-01', '2030-01-02', Date.now()]))!.id;
  await sql.close();
  const server = await spawnServer({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    const tokens: string[] = [];
    for (let i = 0; i <= CLIENTS; i++) tokens.push(await apiLogin(server.url, ADMIN.email, ADMIN.password));
    const lines = ['bid_number,low_res_image,high_res_image,orientation'];
    for (let i = 1; i <= 50_000; i++) lines.push(`B${i},https://img.example.com/low/${i}.jpg,https://img.example.com/high/${i}.jpg,portrait`);
    const photos = new File([lines.join('\n')], 'photos.csv', { type: 'text/csv' });
    const tiny = new File(['name\n' + 'a\n'.repeat(5_000_000)], 'tiny.csv', { type: 'text/csv' });

    const phase = async (withImports: boolean) => {
      const until = performance.now() + seconds * 1000;
      const latencies: number[] = [];
      let imports = 0;
      const importer = async () => {
        while (withImports && performance.now() < until) {
          const a = await apiCall(server.url, 'POST', 'uploadExcel', { token: tokens[CLIENTS], form: { event_id: String(eventId), photo_price_type_id: '1', photo_price: '', excel: photos } });
          const b = await apiCall(server.url, 'POST', 'user/import', { token: tokens[CLIENTS], form: { file: tiny } });
          if (a.status !== 200 || b.status !== 422) throw new Error(`imports answered ${a.status} / ${b.status}`);
          imports += 2;
          await apiCall(server.url, 'POST', 'deleteEventPhotos', { token: tokens[CLIENTS], form: { event_id: String(eventId) } });
        }
      };
      const client = async (i: number) => {
        while (performance.now() < until) {
          const t = performance.now();
          const r = await apiCall(server.url, 'GET', 'user/get', { token: tokens[i] });
          if (r.status !== 200) throw new Error(`user/get answered ${r.status}`);
          latencies.push(performance.now() - t);
        }
      };
      await Promise.all([importer(), ...Array.from({ length: CLIENTS }, (_, i) => client(i))]);
      return { p99: p99(latencies), requests: latencies.length, imports };
    };
    const idle = await phase(false);
    const loaded = await phase(true);
    console.log(`Import latency: GET user/get, ${CLIENTS} clients, ${seconds} s per phase (SQLite)`);
    console.log(`  idle:             p99 ${idle.p99.toFixed(1)} ms over ${idle.requests} requests`);
    console.log(`  while importing:  p99 ${loaded.p99.toFixed(1)} ms over ${loaded.requests} requests, ${loaded.imports} imports (50,000-row photo CSV + 10 MB CSV)`);
    console.log(`  ratio ${(loaded.p99 / Math.max(idle.p99, 0.001)).toFixed(2)} × idle (target ≤ 2 × and < 100 ms); server peak memory ${(server.peakRssKb() / 1024).toFixed(0)} MB`);
    return { idle, loaded };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await importLatencyBench();
