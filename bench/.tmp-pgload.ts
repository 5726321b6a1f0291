import { loadRun, printResult } from '/work/wt-ops/bench/load.ts';
import { createTestDatabase } from '/work/wt-ops/test/api/harness.ts';
const secs = Number(process.env.S ?? 10);
if (process.env.SQLITE) printResult(await loadRun('sqlite', undefined, 50, secs));
const db = await createTestDatabase(process.env.TEST_DATABASE_URL);
try { printResult(await loadRun('postgres', db.url, 50, secs)); } finally { await db.drop(); }
