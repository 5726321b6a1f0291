import { Busy, Conflict, DomainError } from '../../runtime/domain-errors.ts';
import { DbError } from '../../db/errors.ts';
import type { Sql } from '../../db/sql.ts';
import * as q from '../../db/queries/import-jobs.ts';
import type { ImportJob } from '../../../src/common/import-job.ts';
import { log } from '../../runtime/log.ts';
import { opsEvents } from '../../runtime/ops-events.ts';
import { byDeadline, RESTARTING } from '../../runtime/graceful-stop.ts';

/** How often a running job saves its progress and renews its lease (ms). */
export const HEARTBEAT_MS = 1000;
/**
 * How long a job's lease lasts from its last renewal (ms on the database's clock), unless
 * `configureImportJobs` (env IMPORT_LEASE_MS) says otherwise. A process that stalls (a blocked
 * event loop, a long GC pause, a lost database connection) for less than this keeps its job; a
 * job whose process died is failed this long after its last renewal.
 */
export const LEASE_MS = 60_000;
/** Jobs of processes from before leases (migration 012): active with a heartbeat older than this (ms) means dead. */
export const STALE_MS = 10_000;
/** How long a stop waits, after the grace period, for interrupted jobs to roll back (ms). */
const ROLLBACK_WAIT_MS = 2000;
/** The reason a job shows when its process stopped before the job's transaction committed. */
export const INTERRUPTED = 'The server stopped before this import finished; nothing was imported. Please import the file again.';
const FAILED = 'The import could not be finished; nothing was imported. Please try again.';

let leaseMs = LEASE_MS;
/**
 * At start (startServer): the lease length of jobs this process starts from now on (ms; env
 * IMPORT_LEASE_MS), and jobs may start again (a test may start a server after stopping one).
 */
export function configureImportJobs(o: { leaseMs?: number }) {
  leaseMs = o.leaseMs ?? LEASE_MS;
  stopping = false;
}

/** Thrown inside a job's work to end it without writing: the process stops, or the lease was lost. */
class JobEnded extends Error {}

/** A job this process runs: its live progress (rows written inside the open transaction), its fencing token, its run. */
interface Held {
  job: ImportJob;
  token: number;
  run: Promise<void>;
  end?: 'stop' | 'lost';
}
/** Jobs this process is running, by id. */
const held = new Map<number, Held>();
/** Set once the process stops: no job starts any more. */
let stopping = false;

/** What a job's work gets: progress counters and the call that marks it done inside its transaction. */
export interface JobContext {
  readonly id: number;
  /** Counts a password hashed; throws (ending the work, nothing written) when the job must end. */
  hashed(): void;
  /** Counts `n` rows written; throws (the transaction rolls back) when the job must end. */
  written(n: number): void;
  /** Marks the job done with `message`; call inside the transaction that writes its rows. Throws (rolling it back) when the lease was lost. */
  done(tx: Sql, message: string): Promise<void>;
}

export interface JobSpec extends q.NewJob {
  /** The 409 message when `ownerKey` already has an active job. */
  busyMessage: string;
}

/**
 * Records a queued job leased to this process and starts `work` in the background (after the
 * answer is sent); resolves to the job id. `work` must write everything in one transaction and
 * call `ctx.done` in it, so a crash, a stop or a lost lease writes nothing. `record` writes the
 * job's activity row in the transaction that records the job (the job's id known). Errors: 409
 * `busyMessage` when the owner already has a queued or running job (checked again by a unique
 * index, so two processes cannot both start one); 503 while the process stops.
 */
export async function startImportJob(
  sql: Sql,
  spec: JobSpec,
  work: (ctx: JobContext) => Promise<void>,
  record: (tx: Sql, id: number) => Promise<void>,
): Promise<number> {
  if (stopping) throw new Busy(RESTARTING);
  await reapExpired(sql);
  if (await q.hasActiveJob(sql, spec.ownerKey)) throw new Conflict(spec.busyMessage);
  let id: number;
  try {
    id = await sql.transaction(async (tx) => {
      const id = await q.insertJob(tx, spec, leaseMs);
      await record(tx, id);
      return id;
    });
  } catch (err) {
    if (err instanceof DbError && err.kind === 'unique') throw new Conflict(spec.busyMessage);
    throw err;
  }
  const now = Date.now();
  const job: ImportJob = {
    id,
    kind: spec.kind,
    state: 'queued',
    rows_total: spec.rowsTotal,
    rows_checked: spec.rowsTotal,
    rows_written: 0,
    passwords_total: spec.passwordsTotal,
    passwords_hashed: 0,
    message: '',
    created_at: now,
    finished_at: null,
  };
  const h: Held = { job, token: q.FIRST_TOKEN, run: Promise.resolve() };
  h.run = new Promise<void>((resolve) =>
    setImmediate(
      () =>
        void run(sql, h, work).finally(() => {
          held.delete(id);
          resolve();
        }),
    ),
  );
  held.set(id, h);
  return id;
}

async function run(sql: Sql, h: Held, work: (ctx: JobContext) => Promise<void>) {
  const { job, token } = h;
  const started = performance.now();
  const check = () => {
    if (h.end) throw new JobEnded(h.end);
  };
  let renewing = false;
  const renew = async () => {
    if (renewing) return; // the last one still waits (SQLite: behind the job's own transaction)
    renewing = true;
    try {
      if (!(await q.renewLease(sql, job.id, token, leaseMs, job)) && job.state === 'running') h.end ??= 'lost';
    } catch {
      /* the database is away: the lease holds until it ends; the next beat tries again */
    } finally {
      renewing = false;
    }
  };
  const beat = setInterval(() => void renew(), HEARTBEAT_MS);
  beat.unref();
  let message = '';
  try {
    job.state = 'running';
    await renew();
    check();
    await work({
      id: job.id,
      hashed: () => {
        check();
        job.passwords_hashed++;
      },
      written: (n) => {
        check();
        job.rows_written += n;
      },
      done: async (tx, m) => {
        message = m;
        if (!(await q.markDone(tx, job.id, token, job.rows_written, job.passwords_hashed, m))) {
          h.end = 'lost';
          throw new JobEnded('lost');
        }
      },
    });
    Object.assign(job, { state: 'done', message, finished_at: Date.now() });
  } catch (err) {
    clearInterval(beat);
    if (h.end === 'lost') {
      // Another process took the job over once its lease had ended and failed it: its row says so.
      log.warn({ job_id: job.id, kind: job.kind }, 'import job lost its lease; nothing of it was written');
      Object.assign(job, { state: 'failed', rows_written: 0, message: INTERRUPTED, finished_at: Date.now() });
    } else {
      if (h.end === 'stop') log.warn({ job_id: job.id, kind: job.kind }, 'import job stopped with the process; nothing of it was written');
      else log.error({ err, job_id: job.id, kind: job.kind }, 'import job failed');
      Object.assign(job, {
        state: 'failed',
        rows_written: 0,
        message: h.end === 'stop' ? INTERRUPTED : err instanceof DomainError ? err.message : FAILED,
        finished_at: Date.now(),
      });
      await q.markFailed(sql, job.id, token, job.message).catch(() => undefined);
    }
  } finally {
    clearInterval(beat);
    opsEvents.jobEnded(job.kind, job.state === 'done' ? 'done' : 'failed', (performance.now() - started) / 1000);
  }
}

/** Takes over and fails the active jobs whose lease has ended (database clock), except this process's own. */
const reapExpired = (sql: Sql) => q.failExpired(sql, [...held.keys()], INTERRUPTED, Date.now() - STALE_MS);

/**
 * At start: jobs left queued or running by a process that stopped are failed. On SQLite one
 * process owns the file, so every active job is; on PostgreSQL only those whose lease has ended
 * (another process may be running the rest; a job of a process that died is failed once its
 * lease ends, on `GET import-job/{id}` or before a new import of its owner).
 */
export const failInterruptedJobs = (sql: Sql) => q.failExpired(sql, [...held.keys()], INTERRUPTED, Date.now() - STALE_MS, sql.engine === 'sqlite');

/**
 * A job as `GET import-job/{id}` reports it: live progress when this process runs it, else the
 * stored row (an active one whose lease has ended is failed first). Undefined when there is no such job.
 */
export async function readJob(sql: Sql, id: number): Promise<ImportJob | undefined> {
  const mine = held.get(id);
  if (mine) return { ...mine.job };
  const stored = await q.getJob(sql, id);
  if (stored && (stored.state === 'queued' || stored.state === 'running') && (await reapExpired(sql)) > 0) return q.getJob(sql, id);
  return stored;
}

/**
 * Graceful stop (docs/architecture.md "Stopping"): no job starts any more (503); the jobs this
 * process runs may finish until `deadline` (performance.now() ms). Those still running then are
 * ended at their next batch: their transaction rolls back, nothing of them is written, and they
 * are marked failed with INTERRUPTED (the user imports the file again). Resolves to true when
 * every job finished by the deadline.
 */
export async function stopImportJobs(deadline: number): Promise<boolean> {
  stopping = true;
  const all = () => Promise.all([...held.values()].map((h) => h.run));
  if (await byDeadline(all(), deadline)) return true;
  for (const h of held.values()) h.end ??= 'stop';
  await byDeadline(all(), performance.now() + ROLLBACK_WAIT_MS);
  return false;
}
