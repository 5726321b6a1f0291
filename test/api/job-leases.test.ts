import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, TEST_DATABASE_URL } from './harness.ts';
import { ROOT, apiCall, apiLogin, spawnServer, type ChildServer } from './child-server.ts';
import { awaitJob } from './import-job.ts';
import { photoSheet, printed, stopStorage } from './stop-storage.ts';
import { INTERRUPTED, LEASE_MS, STALE_MS } from '../../server/lib/jobs/import-jobs.ts';
import { PHOTO_IMPORT_BUSY } from '../../server/routes/event-photos.ts';

// Two API processes on one PostgreSQL; the process running a photo import
// stalls (its main thread blocked, no lease renewal) or the other one's clock runs 15 s ahead.
// Neither loses the job nor lets a second import of the same organiser in; a lease that really
// ended is taken over, and then the old holder can no longer finish the job (fencing token).
const HOOKS = `--import=${path.join(ROOT, 'test/api/fault-hooks.mjs')}`;
const ROWS = 20_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!TEST_DATABASE_URL) {
  console.log('job-leases: skipped — TEST_DATABASE_URL is not set (two processes need PostgreSQL).');
  test.skip('needs TEST_DATABASE_URL (PostgreSQL)');
  test.run();
} else {
  /** Two processes (A runs the import, B judges it) on one fresh database; `a`/`b` add to their environment. */
  async function twoNodes(a: Record<string, string>, b: Record<string, string>) {
    const s = await stopStorage();
    const dirs = [mkdtempSync(path.join(tmpdir(), 'lease-a-')), mkdtempSync(path.join(tmpdir(), 'lease-b-'))];
    const nodes: ChildServer[] = [];
    const { eventId, companyId } = await s.event('Lease');
    const A = await spawnServer({ ...s.env, DATA_DIR: dirs[0], NODE_OPTIONS: HOOKS, ...a });
    nodes.push(A);
    const B = await spawnServer({ ...s.env, DATA_DIR: dirs[1], NODE_OPTIONS: HOOKS, ...b });
    nodes.push(B);
    const token = await apiLogin(A.url, ADMIN.email, ADMIN.password);
    const upload = (node: ChildServer, rows: number, tag: string) =>
      apiCall(node.url, 'POST', 'uploadExcel', {
        token,
        form: { event_id: String(eventId), excel: photoSheet(rows, tag), photo_price_type_id: '1', photo_price: '' },
      });
    const jobRow = (id: number) =>
      s.row<{ state: string; lease_token: number; rows_written: number; message: string }>(
        'SELECT state, lease_token, rows_written, message FROM import_jobs WHERE id = ?',
        [id],
      );
    /** Starts A's import and waits until it is running (inside its write transaction). */
    const startOnA = async () => {
      const started = await upload(A, ROWS, 'A');
      assert.is(started.status, 200, JSON.stringify(started.body).slice(0, 300));
      const id = started.body.data.job_id as number;
      while ((await jobRow(id))?.state !== 'running') await sleep(5);
      return { started, id };
    };
    const stall = async () => {
      A.proc.kill('SIGUSR2');
      await printed(A, /"fault":"stall"/);
    };
    return {
      s,
      A,
      B,
      token,
      eventId,
      companyId,
      upload,
      jobRow,
      startOnA,
      stall,
      photos: () => s.count('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [eventId]),
      jobsOfOwner: () => s.count('SELECT COUNT(*) AS n FROM import_jobs WHERE owner_key = ?', [`organiser:${companyId}`]),
      async dispose() {
        await Promise.all(nodes.map((n) => n.kill()));
        await s.dispose();
        for (const d of dirs) rmSync(d, { recursive: true, force: true });
      },
    };
  }

  /** While `ms` pass, B keeps asking about job `id` and tries a second import: every try must be refused. */
  async function bKeepsTrying(t: Awaited<ReturnType<typeof twoNodes>>, id: number, ms: number) {
    const until = performance.now() + ms;
    let tries = 0;
    while (performance.now() < until) {
      const seen = await apiCall(t.B.url, 'GET', `import-job/${id}`, { token: t.token });
      assert.is(seen.status, 200);
      assert.ok(seen.body.data.state === 'running', `B sees the job ${seen.body.data.state} after ${tries} tries: ${seen.body.data.message}`);
      const second = await t.upload(t.B, 3, 'B');
      assert.is(second.status, 409, `a second import was accepted: ${JSON.stringify(second.body)}`);
      assert.is(second.body.message, PHOTO_IMPORT_BUSY);
      tries++;
      await sleep(250);
    }
    return tries;
  }

  const STALL_MS = 12_000;

  test(`a process stalled ${STALL_MS / 1000} s (over the old ${STALE_MS / 1000} s heartbeat rule, under the ${LEASE_MS / 1000} s lease) keeps its import; no second import gets in`, async () => {
    assert.ok(STALL_MS > STALE_MS + 1000 && STALL_MS < LEASE_MS - 10_000);
    const t = await twoNodes({ FAULT_STALL_MS: String(STALL_MS) }, {});
    try {
      const { started, id } = await t.startOnA();
      await t.stall();
      const tries = await bKeepsTrying(t, id, STALL_MS - 1500);
      // At B's last judgement the job's heartbeat was older than the old rule allowed: that rule
      // would have failed the job, the lease kept it running.
      const beat = await t.s.row<{ updated_at: number }>('SELECT updated_at FROM import_jobs WHERE id = ?', [id]);
      assert.ok(Date.now() - Number(beat!.updated_at) > STALE_MS, 'B judged the job while its heartbeat was still fresh by the old rule');
      assert.ok(tries >= 20, `${tries} tries`);
      const done = await awaitJob((m, p, o) => apiCall(t.A.url, m, p, o), t.token, started, 120_000, 100);
      assert.equal([done.state, done.rows_written, done.message], ['done', ROWS, 'Successfully uploaded photos']);
      assert.is(await t.photos(), ROWS, "exactly the import's rows");
      assert.is(await t.jobsOfOwner(), 1, 'no second job was ever recorded');
      assert.equal({ ...(await t.jobRow(id)), message: '' }, { state: 'done', lease_token: 1, rows_written: ROWS, message: '' });
    } finally {
      await t.dispose();
    }
  });

  test("a process whose clock runs 15 s ahead neither fails another process's running import nor accepts a second one", async () => {
    const t = await twoNodes({ FAULT_STALL_MS: '4000' }, { FAULT_CLOCK_OFFSET_MS: '15000' });
    try {
      const { started, id } = await t.startOnA();
      // A holds still (no renewal) while B, 15 s ahead, judges the job: the old rule saw a 15 s old heartbeat.
      await t.stall();
      const tries = await bKeepsTrying(t, id, 3000);
      assert.ok(tries >= 5, `${tries} tries`);
      const done = await awaitJob((m, p, o) => apiCall(t.B.url, m, p, o), t.token, started, 120_000, 100);
      assert.equal([done.state, done.rows_written], ['done', ROWS]);
      assert.is(await t.photos(), ROWS);
      assert.is(await t.jobsOfOwner(), 1);
      // Once it is done, B (still 15 s ahead) takes the organiser's next import at once.
      const next = await awaitJob((m, p, o) => apiCall(t.B.url, m, p, o), t.token, await t.upload(t.B, 3, 'B'), 60_000, 50);
      assert.equal([next.state, next.rows_written], ['done', 3]);
      assert.is(await t.photos(), ROWS + 3);
    } finally {
      await t.dispose();
    }
  });

  test('a lease that really ended is taken over: the job shows failed, a new import gets in, and the stalled holder cannot finish it (fencing token)', async () => {
    // A 1.5 s lease and a 5 s stall: this time the lease does end.
    const t = await twoNodes({ FAULT_STALL_MS: '5000', IMPORT_LEASE_MS: '1500' }, {});
    try {
      const { started, id } = await t.startOnA();
      await t.stall();
      // B takes the job over once the lease has ended (30 s: a failure guard only).
      const guard = Date.now() + 30_000;
      let seen = await apiCall(t.B.url, 'GET', `import-job/${id}`, { token: t.token });
      while (seen.body.data.state === 'running' && Date.now() < guard) {
        await sleep(100);
        seen = await apiCall(t.B.url, 'GET', `import-job/${id}`, { token: t.token });
      }
      assert.equal([seen.body.data.state, seen.body.data.message], ['failed', INTERRUPTED]);
      assert.is((await t.jobRow(id))?.lease_token, 2, 'the take-over raised the token');
      const second = await t.upload(t.B, 3, 'B');
      assert.is(second.status, 200, JSON.stringify(second.body));
      assert.is((await awaitJob((m, p, o) => apiCall(t.B.url, m, p, o), t.token, second, 60_000, 50)).state, 'done');
      // A wakes up: its next renewal finds the token changed, the job ends without writing.
      await printed(t.A, /import job lost its lease/, 60_000);
      const after = await awaitJob((m, p, o) => apiCall(t.A.url, m, p, o), t.token, started, 60_000, 100);
      assert.equal([after.state, after.message], ['failed', INTERRUPTED]);
      assert.equal(
        { ...(await t.jobRow(id)), message: '' },
        { state: 'failed', lease_token: 2, rows_written: 0, message: '' },
        'a failed job never becomes done',
      );
      assert.is(await t.photos(), 3, "only the second import's rows");
    } finally {
      await t.dispose();
    }
  });

  test.run();
}
