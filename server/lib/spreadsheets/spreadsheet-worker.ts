import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { parseSheetBytes, type ParseJob, type ParseResult } from './spreadsheet-parse.ts';
import { parseMultipart, type MultipartJob } from './multipart-parse.ts';

/**
 * Parser-thread entry of the spreadsheet reader (lib/spreadsheets/spreadsheet-runner.ts keeps up to two):
 * takes one `ParseJob` message at a time and posts back its `ParseResult` (or a `MultipartJob`,
 * answered with its `MultipartResult`). Runs under the
 * thread's own heap limit, so a workbook that still needs too much memory ends this thread,
 * not the server.
 *
 * The thread runs at the lowest priority, PARSER_NICE. On Linux the nice value belongs to each
 * thread (setpriority(2), "BUGS"), and `setPriority(n)` sets the calling thread's, so this thread
 * yields its core to the event loop whenever a request is waiting: a 50,000-row parse takes a
 * little longer, other users' calls do not wait for it. Only on Linux: elsewhere the nice value
 * is the whole process's, so the thread keeps normal priority there.
 */
/** Nice value of a parser thread (0 normal … 19 lowest). */
export const PARSER_NICE = 19;
if (process.platform === 'linux')
  try {
    setPriority(PARSER_NICE);
  } catch {
    /* not allowed here: parse at normal priority */
  }

parentPort!.on('message', async (job: ParseJob | MultipartJob) => {
  if ('op' in job && job.op === 'multipart') {
    const r = await parseMultipart(job);
    parentPort!.postMessage(r, r.ok ? r.files.map((f) => f[3]) : []);
    return;
  }
  let result: ParseResult;
  try {
    result = await parseSheetBytes(job as ParseJob);
  } catch {
    result = { ok: false, message: 'The file could not be read.' };
  }
  parentPort!.postMessage(result, result.ok ? [result.shape.buffer as ArrayBuffer] : []);
});
