import { Worker } from 'node:worker_threads';
import type { ParseJob, ParseResult } from './spreadsheet-parse.ts';

/** Spreadsheets parsed at once; further uploads wait their turn (2 cores, DESIGN.md §4). */
export const MAX_PARSERS = 2;
/** Heap of one parser thread, in MB: a workbook needing more is refused, the server lives on. */
export const PARSER_HEAP_MB = 512;
/** Longest a parse may take, in ms, before its thread is ended and the file refused. */
export const PARSER_TIMEOUT_MS = 60_000;

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `parseSheetBytes(job)` (lib/spreadsheet-parse.ts) in a fresh worker thread, off the
 * request's event loop. `job.bytes` is transferred (the caller's copy becomes empty).
 * Resolves to the worker's result; a worker that runs out of its heap, takes longer than
 * PARSER_TIMEOUT_MS or fails resolves to `{ ok: false, message }`. Never rejects.
 */
export async function parseInWorker(job: ParseJob): Promise<ParseResult> {
  if (running >= MAX_PARSERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await runOnce(job);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function runOnce(job: ParseJob): Promise<ParseResult> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: ParseResult) => { if (!settled) { settled = true; clearTimeout(timer); resolve(r); } };
    const buffer = job.bytes.buffer as ArrayBuffer;
    const worker = new Worker(new URL('./spreadsheet-worker.ts', import.meta.url), {
      workerData: job,
      transferList: job.bytes.byteOffset === 0 && job.bytes.byteLength === buffer.byteLength ? [buffer] : [],
      resourceLimits: { maxOldGenerationSizeMb: PARSER_HEAP_MB },
    });
    const timer = setTimeout(() => { done({ ok: false, message: 'The file took too long to read.' }); void worker.terminate(); }, PARSER_TIMEOUT_MS);
    worker.once('message', (r: ParseResult) => done(r));
    worker.once('error', (err) => {
      const oom = (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (!oom) console.error('spreadsheet worker:', err);
      done({ ok: false, message: oom ? 'The file is too large to read.' : 'The file could not be read.' });
    });
    worker.once('exit', () => done({ ok: false, message: 'The file could not be read.' }));
  });
}
