import { parentPort, workerData } from 'node:worker_threads';
import { parseSheetBytes, type ParseJob } from './spreadsheet-parse.ts';

/**
 * Worker-thread entry of the spreadsheet reader (lib/spreadsheet.ts starts one per file): parses
 * the `ParseJob` in `workerData` and posts back one `ParseResult`. Runs under the worker's own
 * heap limit, so a workbook that still needs too much memory ends this thread, not the server.
 */
parentPort!.postMessage(await parseSheetBytes(workerData as ParseJob));
