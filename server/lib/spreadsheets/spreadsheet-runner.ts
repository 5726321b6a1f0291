import { Worker } from 'node:worker_threads';
import type { ParseJob, ParseResult } from './spreadsheet-parse.ts';
import type { MultipartJob, MultipartResult } from './multipart-parse.ts';
import { log } from '../../runtime/log.ts';
import { Busy } from '../../runtime/domain-errors.ts';
import { boundedSlots } from '../../runtime/bounded-slots.ts';

/** Spreadsheets parsed at once; further uploads wait their turn (2 cores, DESIGN.md §4). */
export const MAX_PARSERS = 2;
/**
 * Uploads waiting for a parser thread, each holding its bytes (at most a 12 MB body): past this
 * many a new one is refused at once with 503 (which carries `Retry-After`, http/error-envelope.ts),
 * so the waiting list never holds more than about 100 MB.
 */
export const MAX_WAITING_PARSES = 8;
/** Message of that 503 (the same words as the password-hash queue's 429). */
export const PARSERS_BUSY = 'The server is busy. Please try again in a moment.';
/** Heap of one parser thread, in MB: a workbook needing more is refused, the server lives on. */
export const PARSER_HEAP_MB = 512;
/** Longest a parse may take, in ms, before its thread is ended and the file refused. */
export const PARSER_TIMEOUT_MS = 60_000;

/**
 * The worker's entry. In the production bundle (build-server.mjs) this module is part of
 * server-dist/index.mjs and the worker is plain JavaScript beside it. From the sources, a worker
 * thread does not inherit the `tsx` loader the server runs under, so BOOT registers tsx before it
 * imports the TypeScript entry (lib/spreadsheets/spreadsheet-worker.ts).
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
const slots = boundedSlots(MAX_PARSERS, MAX_WAITING_PARSES, () => new Busy(PARSERS_BUSY));

/**
 * Runs `work` holding one of the MAX_PARSERS parser slots, waiting first in, first out; throws
 * Busy (503 with Retry-After) at once when MAX_WAITING_PARSES already wait. Every parse goes
 * through it; tests use it to hold slots.
 */
export const withParserSlot = <T>(work: () => Promise<T>): Promise<T> => slots.run(work);

/**
 * Runs `parseSheetBytes(job)` (lib/spreadsheets/spreadsheet-parse.ts) on a parser thread, off the request's
 * event loop; at most MAX_PARSERS run at once, each thread kept for the next file. `job.bytes`
 * is transferred (the caller's copy becomes empty). Resolves to the thread's result; a thread
 * that runs out of its heap, takes longer than PARSER_TIMEOUT_MS or fails is ended and the call
 * resolves to `{ ok: false, message }`. Rejects only with Busy when the waiting list is full.
 */
export const parseInWorker = (job: ParseJob): Promise<ParseResult> => inWorker<ParseResult>(job, job.bytes, (message) => ({ ok: false, message }));

/** Parses a multipart body on a parser thread (lib/spreadsheets/multipart-parse.ts); `bytes` is transferred. Rejects only with Busy, as above. */
export const parseMultipartInWorker = (bytes: Uint8Array, contentType: string): Promise<MultipartResult> =>
  inWorker<MultipartResult>({ op: 'multipart', bytes, contentType } satisfies MultipartJob, bytes, () => ({ ok: false }));

const inWorker = <R>(job: object, bytes: Uint8Array, failed: (message: string) => R): Promise<R> =>
  withParserSlot(async () => {
    const worker = idle.pop() ?? spawn();
    worker.ref();
    const { result, healthy } = await runOn<R>(worker, job, bytes, failed);
    if (healthy) {
      worker.unref();
      idle.push(worker);
    } else void worker.terminate();
    return result;
  });

function spawn(): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: PARSER_HEAP_MB };
  return BUNDLED ? new Worker(ENTRY, { resourceLimits }) : new Worker(BOOT, { eval: true, workerData: { entry: ENTRY.href }, resourceLimits });
}

function runOn<R>(worker: Worker, job: object, bytes: Uint8Array, failed: (message: string) => R): Promise<{ result: R; healthy: boolean }> {
  return new Promise((resolve) => {
    const finish = (result: R, healthy: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      resolve({ result, healthy });
    };
    const onMessage = (result: R) => finish(result, true);
    const onError = (err: Error) => {
      const oom = (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (!oom) log.error({ err }, 'spreadsheet worker failed');
      finish(failed(oom ? 'The file is too large to read.' : 'The file could not be read.'), false);
    };
    const onExit = () => finish(failed('The file could not be read.'), false);
    const timer = setTimeout(() => finish(failed('The file took too long to read.'), false), PARSER_TIMEOUT_MS);
    worker.on('message', onMessage).once('error', onError).once('exit', onExit);
    const buffer = bytes.buffer as ArrayBuffer;
    const whole = bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength;
    worker.postMessage(job, whole ? [buffer] : []);
  });
}
