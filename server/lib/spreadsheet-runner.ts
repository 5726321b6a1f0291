import { Worker } from 'node:worker_threads';
import type { ParseJob, ParseResult } from './spreadsheet-parse.ts';

/** Spreadsheets parsed at once; further uploads wait their turn (2 cores, DESIGN.md §4). */
export const MAX_PARSERS = 2;
/** Heap of one parser thread, in MB: a workbook needing more is refused, the server lives on. */
export const PARSER_HEAP_MB = 512;
/** Longest a parse may take, in ms, before its thread is ended and the file refused. */
export const PARSER_TIMEOUT_MS = 60_000;

/**
 * The worker's entry. In the production bundle (build-server.mjs) this module is part of
 * server-dist/index.mjs and the worker is plain JavaScript beside it. From the sources, a worker
 * thread does not inherit the `tsx` loader the server runs under, so BOOT registers tsx before it
 * imports the TypeScript entry (lib/spreadsheet-worker.ts).
 */
const BUNDLED = import.meta.url.endsWith('.mjs');
const ENTRY = new URL(`./spreadsheet-worker.${BUNDLED ? 'mjs' : 'ts'}`, import.meta.url);
const BOOT = `
  const { workerData } = await import('node:worker_threads');
  const { register } = await import('tsx/esm/api');
  register();
  await import(workerData.entry);
`;

const idle: Worker[] = [];
let busy = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `parseSheetBytes(job)` (lib/spreadsheet-parse.ts) on a parser thread, off the request's
 * event loop; at most MAX_PARSERS run at once, each thread kept for the next file. `job.bytes`
 * is transferred (the caller's copy becomes empty). Resolves to the thread's result; a thread
 * that runs out of its heap, takes longer than PARSER_TIMEOUT_MS or fails is ended and the call
 * resolves to `{ ok: false, message }`. Never rejects.
 */
export async function parseInWorker(job: ParseJob): Promise<ParseResult> {
  while (busy >= MAX_PARSERS) await new Promise<void>((resolve) => waiting.push(resolve));
  busy++;
  const worker = idle.pop() ?? spawn();
  worker.ref();
  try {
    const { result, healthy } = await runOn(worker, job);
    if (healthy) { worker.unref(); idle.push(worker); } else void worker.terminate();
    return result;
  } finally {
    busy--;
    waiting.shift()?.();
  }
}

function spawn(): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: PARSER_HEAP_MB };
  return BUNDLED ? new Worker(ENTRY, { resourceLimits }) : new Worker(BOOT, { eval: true, workerData: { entry: ENTRY.href }, resourceLimits });
}

function runOn(worker: Worker, job: ParseJob): Promise<{ result: ParseResult; healthy: boolean }> {
  return new Promise((resolve) => {
    const finish = (result: ParseResult, healthy: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      resolve({ result, healthy });
    };
    const onMessage = (result: ParseResult) => finish(result, true);
    const onError = (err: Error) => {
      const oom = (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (!oom) console.error('spreadsheet worker:', err);
      finish({ ok: false, message: oom ? 'The file is too large to read.' : 'The file could not be read.' }, false);
    };
    const onExit = () => finish({ ok: false, message: 'The file could not be read.' }, false);
    const timer = setTimeout(() => finish({ ok: false, message: 'The file took too long to read.' }, false), PARSER_TIMEOUT_MS);
    worker.on('message', onMessage).once('error', onError).once('exit', onExit);
    const buffer = job.bytes.buffer as ArrayBuffer;
    const whole = job.bytes.byteOffset === 0 && job.bytes.byteLength === buffer.byteLength;
    worker.postMessage(job, whole ? [buffer] : []);
  });
}
