import { ApiError } from '../http-error.ts';
import { DbError } from '../db/errors.ts';
import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/import-jobs.ts';
import type { ImportJob } from '../../src/common/import-job.ts';
import { log } from './log.ts';

/** How often a running job saves its progress and heartbeat (ms). */
export const HEARTBEAT_MS = 1000;
/** An active job whose heartbeat is older than this (ms) belongs to a process that died. */
export const STALE_MS = 10_000;
/** The reason a job shows when its process stopped before the job's transaction committed. */
export const INTERRUPTED = 'The server stopped before this import finished; nothing was imported. Please import the file again.';
const FAILED = 'The import could not be finished; nothing was imported. Please try again.';

/** Jobs this process is running, by id: their live progress (rows written inside the open transaction). */
const live = new Map<number, ImportJob>();

/** What a job's work gets: progress counters and the call that marks it done inside its transaction. */
export interface JobContext {
  readonly id: number;
  hashed(): void;
  written(n: number): void;
  /** Marks the job done with `message`; call inside the transaction that writes its rows. */
  done(tx: Sql, message: string): Promise<void>;
}

export interface JobSpec extends q.NewJob {
  /** The 409 message when `ownerKey` already has an active job. */
  busyMessage: string;
}

/**
 * Records a queued job and starts `work` in the background (after the answer is sent); resolves
 * to the job id. `work` must write everything in one transaction and call `ctx.done` in it, so a
 * crash writes nothing. Errors: 409 `busyMessage` when the owner already has a queued or running
 * job (checked again by a unique index, so two processes cannot both start one).
 */
export async function startImportJob(sql: Sql, spec: JobSpec, work: (ctx: JobContext) => Promise<void>): Promise<number> {
  await reapStale(sql);
  if (await q.hasActiveJob(sql, spec.ownerKey)) throw new ApiError(409, spec.busyMessage);
  let id: number;
  try { id = await q.insertJob(sql, spec); } catch (err) {
    if (err instanceof DbError && err.kind === 'unique') throw new ApiError(409, spec.busyMessage);
    throw err;
  }
  const now = Date.now();
  const job: ImportJob = {
    id, kind: spec.kind, state: 'queued', rows_total: spec.rowsTotal, rows_checked: spec.rowsTotal, rows_written: 0,
    passwords_total: spec.passwordsTotal, passwords_hashed: 0, message: '', created_at: now, finished_at: null,
  };
  live.set(id, job);
  setImmediate(() => void run(sql, job, work));
  return id;
}

async function run(sql: Sql, job: ImportJob, work: (ctx: JobContext) => Promise<void>) {
  const save = () => q.saveProgress(sql, job.id, job).catch(() => undefined);
  const beat = setInterval(() => void save(), HEARTBEAT_MS);
  beat.unref();
  let message = '';
  try {
    job.state = 'running';
    await save();
    await work({
      id: job.id,
      hashed: () => { job.passwords_hashed++; },
      written: (n) => { job.rows_written += n; },
      done: async (tx, m) => { message = m; await q.markDone(tx, job.id, job.rows_written, job.passwords_hashed, m); },
    });
    Object.assign(job, { state: 'done', message, finished_at: Date.now() });
  } catch (err) {
    log.error({ err, job_id: job.id, kind: job.kind }, 'import job failed');
    Object.assign(job, { state: 'failed', rows_written: 0, message: err instanceof ApiError ? err.message : FAILED, finished_at: Date.now() });
    await q.markFailed(sql, job.id, job.message).catch(() => undefined);
  } finally {
    clearInterval(beat);
    live.delete(job.id);
  }
}

/** Marks failed the active jobs of dead processes (stale heartbeat, not run here). */
const reapStale = (sql: Sql) => q.failStale(sql, Date.now() - STALE_MS, [...live.keys()], INTERRUPTED);

/**
 * At start: jobs left queued or running by a process that stopped are failed. On SQLite one
 * process owns the file, so every active job is; on PostgreSQL only stale ones (another
 * process may be running the rest).
 */
export const failInterruptedJobs = (sql: Sql) =>
  q.failStale(sql, sql.engine === 'sqlite' ? Number.MAX_SAFE_INTEGER : Date.now() - STALE_MS, [...live.keys()], INTERRUPTED);

/**
 * A job as `GET import-job/{id}` reports it: live progress when this process runs it, else the
 * stored row (a stale active one is failed first). Undefined when there is no such job.
 */
export async function readJob(sql: Sql, id: number): Promise<ImportJob | undefined> {
  const mine = live.get(id);
  if (mine) return { ...mine };
  const stored = await q.getJob(sql, id);
  if (stored && (stored.state === 'queued' || stored.state === 'running') && (await reapStale(sql)) > 0) return q.getJob(sql, id);
  return stored;
}
