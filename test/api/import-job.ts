import type { ImportJob } from '../../src/common/import-job.ts';

type Call = (method: string, p: string, o: { token?: string }) => Promise<{ status: number; body: any }>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Follows an accepted import (`started`: the answer of POST user/import or uploadExcel) by
 * polling GET import-job/{id} every `everyMs` until it is done or failed; throws when the import
 * was not accepted or does not finish within `timeoutMs`. Returns the final job and every
 * distinct progress report seen on the way.
 */
export async function awaitJob(
  call: Call,
  token: string,
  started: { status: number; body: any },
  timeoutMs = 60_000,
  everyMs = 25,
): Promise<ImportJob & { seen: ImportJob[] }> {
  if (started.status !== 200 || !started.body?.data?.job_id)
    throw new Error(`import not accepted: ${started.status} ${JSON.stringify(started.body).slice(0, 300)}`);
  const id = started.body.data.job_id as number;
  const seen: ImportJob[] = [];
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const r = await call('GET', `import-job/${id}`, { token });
    if (r.status !== 200) throw new Error(`import-job/${id}: ${r.status} ${JSON.stringify(r.body)}`);
    const job = r.body.data as ImportJob;
    const last = seen[seen.length - 1];
    if (!last || JSON.stringify({ ...last, finished_at: 0 }) !== JSON.stringify({ ...job, finished_at: 0 })) seen.push(job);
    if (job.state === 'done' || job.state === 'failed') return { ...job, seen };
    await sleep(everyMs);
  }
  throw new Error(`import job ${id} did not finish in ${timeoutMs} ms: ${JSON.stringify(seen[seen.length - 1])}`);
}
