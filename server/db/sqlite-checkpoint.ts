import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { log } from '../runtime/log.ts';

/**
 * WAL checkpoints outside the COMMITs of requests (SQLite; docs/architecture.md). By default the
 * connection that commits copies the write-ahead log back into the database file when the log is
 * over 1,000 pages, inside its COMMIT: after a 50,000-row import that is about 40 ms of
 * synchronous work, during which no other request is answered. The serving connection turns that
 * off (`wal_autocheckpoint = 0`, `journal_size_limit` under CHECKPOINT_BYTES) and calls
 * `startCheckpoints`: once every `everyMs` the log's size is read (one stat call), and when it
 * holds more than CHECKPOINT_BYTES it is copied back with `wal_checkpoint(PASSIVE)`, which never
 * blocks readers or writers:
 * - up to INLINE_MAX_BYTES (the steady trickle of everyday writes: tens of ms at most, the work SQLite's own
 *   autocheckpoint does in a COMMIT), by `inline` on the calling thread, between requests (it
 *   skips a look while its connection is inside a transaction; the next look tries again);
 * - past it (an import's log), or with no `inline`, by a checkpointer thread with its own
 *   connection at the lowest priority. A thread costs about 22 MB of memory while it lives, so it
 *   starts at the first such checkpoint and ends after THREAD_IDLE_MS without one.
 * `idleMs`: THREAD_IDLE_MS unless a test says otherwise. Returns `stop()`, which ends the thread
 * (its connection closed) and the timer, and `threadAlive()`, whether a checkpointer thread lives.
 */
export function startCheckpoints(
  file: string,
  everyMs = CHECKPOINT_EVERY_MS,
  inline?: () => void,
  idleMs = THREAD_IDLE_MS,
): { stop(): Promise<void>; threadAlive(): boolean } {
  let worker: Worker | null = null;
  let busy = false;
  let lastThreadCheckpoint = 0;
  const walSize = () => {
    try {
      return statSync(`${file}-wal`).size;
    } catch {
      return 0;
    }
  };
  const timer = setInterval(() => {
    if (busy) return;
    const size = walSize();
    if (size <= CHECKPOINT_BYTES) {
      if (worker && performance.now() - lastThreadCheckpoint > idleMs) endThread();
      return;
    }
    if (inline && size <= INLINE_MAX_BYTES) {
      try {
        inline();
      } catch (err) {
        log.error({ err }, 'sqlite checkpoint failed');
      }
      return;
    }
    worker ??= spawn(file);
    busy = true;
    lastThreadCheckpoint = performance.now();
    worker.postMessage('checkpoint');
  }, everyMs);
  timer.unref();
  /** Ends an idle thread: it closes its connection and exits. */
  const endThread = () => {
    const w = worker;
    worker = null;
    w?.postMessage('close');
  };
  const spawn = (db: string) => {
    const w = new Worker(CHECKPOINTER, { eval: true, workerData: { file: db, driver: createRequire(import.meta.url).resolve('better-sqlite3') } });
    w.unref();
    w.on('message', () => {
      busy = false;
    });
    w.on('error', (err) => {
      log.error({ err }, 'sqlite checkpointer failed');
      busy = false;
      worker = null;
    });
    return w;
  };
  return {
    threadAlive: () => worker !== null,
    async stop() {
      clearInterval(timer);
      const w = worker;
      worker = null;
      if (!w) return;
      w.ref(); // keep the process up until the thread has closed its connection
      const gone = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      w.postMessage('close');
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        gone,
        new Promise((resolve) => {
          wait = setTimeout(resolve, 2000);
        }),
      ]);
      clearTimeout(wait);
      await w.terminate();
    },
  };
}

/** Write-ahead log size, in bytes, over which a checkpoint runs (SQLite's own default: 1,000 pages of 4 KiB). */
export const CHECKPOINT_BYTES = 4 * 1024 * 1024;
/** Log size, in bytes, up to which `inline` copies it on the calling thread (~2,000 pages: 17 ms for 4 MiB on the bench machine, fsync included). */
export const INLINE_MAX_BYTES = 8 * 1024 * 1024;
/** How long a checkpointer thread stays with nothing to do before it ends, in ms. */
export const THREAD_IDLE_MS = 10_000;
/** How often the log's size is read, in ms. */
export const CHECKPOINT_EVERY_MS = 1000;

// The checkpointer thread: plain CommonJS (no loader needed under tsx or in the bundle).
const CHECKPOINTER = `
const { workerData, parentPort } = require('node:worker_threads');
if (process.platform === 'linux') try { require('node:os').setPriority(19); } catch {}
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
parentPort.on('message', (m) => {
  if (m === 'close') { db.close(); process.exit(0); }
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
  parentPort.postMessage('done');
});
`;
