import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { log } from '../runtime/log.ts';

/**
 * WAL checkpoints off the event loop (SQLite; docs/architecture.md). By default the connection
 * that commits copies the write-ahead log back into the database file when the log is over 1,000
 * pages, inside its COMMIT: after a 50,000-row import that is about 40 ms of synchronous work
 * (17 ms for a 4 MiB log on the bench machine), during which no other request is answered. The
 * serving connection turns that off (`wal_autocheckpoint = 0`, `journal_size_limit` under
 * CHECKPOINT_BYTES) and calls `startCheckpoints`: once every `everyMs` the log's size is read
 * (one stat call), and when it holds more than CHECKPOINT_BYTES a checkpointer thread with its own
 * connection runs `wal_checkpoint(PASSIVE)`, which never blocks readers or writers, at the lowest
 * priority. A thread holds about 22 MB of memory while it lives, so it starts at the first such
 * checkpoint (an idle server has none) and ends after `idleMs` (THREAD_IDLE_MS) without one.
 * Returns `stop()`, which ends the thread (its connection closed) and the timer, and
 * `threadAlive()`, whether a checkpointer thread lives.
 */
export function startCheckpoints(file: string, everyMs = CHECKPOINT_EVERY_MS, idleMs = THREAD_IDLE_MS): { stop(): Promise<void>; threadAlive(): boolean } {
  let worker: Worker | null = null;
  let busy = false;
  let lastCheckpoint = 0;
  const walSize = () => {
    try {
      return statSync(`${file}-wal`).size;
    } catch {
      return 0;
    }
  };
  const timer = setInterval(() => {
    if (busy) return;
    if (walSize() <= CHECKPOINT_BYTES) {
      if (worker && performance.now() - lastCheckpoint > idleMs) endThread();
      return;
    }
    worker ??= spawn(file);
    busy = true;
    lastCheckpoint = performance.now();
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
