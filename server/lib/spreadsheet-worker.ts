import { parentPort } from 'node:worker_threads';
import { parseSheetBytes, type ParseJob, type ParseResult } from './spreadsheet-parse.ts';

/**
 * Parser-thread entry of the spreadsheet reader (lib/spreadsheet-runner.ts keeps up to two):
 * takes one `ParseJob` message at a time and posts back its `ParseResult`. Runs under the
 * thread's own heap limit, so a workbook that still needs too much memory ends this thread,
 * not the server.
 */
parentPort!.on('message', async (job: ParseJob) => {
  let result: ParseResult;
  try {
    result = await parseSheetBytes(job);
  } catch {
    result = { ok: false, message: 'The file could not be read.' };
  }
  parentPort!.postMessage(result, result.ok ? [result.shape.buffer as ArrayBuffer] : []);
});
