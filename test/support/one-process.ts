import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { inspect } from 'node:util';

/**
 * Runs many uvu test files in this one Node process, one file after the other, for
 * test/run.mjs: `node --import tsx test/support/one-process.ts <file>…` with an IPC channel.
 * Starting Node and tsx once instead of once per file is most of what a unit file costs.
 *
 * uvu is told to defer (`UVU_DEFER`, as its own CLI does), so a file's `test.run()` only queues
 * its suites; this runner imports the file, then runs that file's suites itself, with everything
 * the file writes (uvu's dots and failures, its console output) captured as the file's output.
 *
 * Messages to the parent, in order, per file:
 * - `{ start: file }` before the file is imported;
 * - `{ file, passed, failed, total, skipped, ms, output }` once its suites have run: `total`
 *   tests of which `passed` passed, `skipped` uvu skips (`test.skip`), `failed` counts the failed
 *   tests plus 1 when the file could not be imported and 1 per error thrown outside any test
 *   (an unhandled rejection or uncaught exception) while the file ran; `ms` its wall time.
 * If the process ends in the middle of a file (`process.exit`, a crash, or an event loop that
 * empties while a test awaits a promise that never settles), the file's output so far goes to
 * stderr, and the parent reports the file as failed and runs the remaining files in a new process.
 */

type Suite = () => Promise<[errors: string | true, passed: number, skipped: number, total: number]>;
const g = globalThis as typeof globalThis & { UVU_DEFER?: number; UVU_QUEUE?: [string | null, ...Suite[]][]; UVU_INDEX?: number };
g.UVU_DEFER = 1;
g.UVU_QUEUE ??= [];

const send = (message: object) =>
  new Promise<void>((resolve, reject) => {
    if (!process.send) throw new Error('one-process.ts is started by test/run.mjs, with an IPC channel');
    process.send(message, (err: Error | null) => (err ? reject(err) : resolve()));
  });

const realStderr = process.stderr.write.bind(process.stderr);
let output = '';
let strays = 0;
let current: string | null = null;
const capture = (chunk: string | Uint8Array, encoding?: unknown, done?: unknown) => {
  output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
  const cb = typeof encoding === 'function' ? encoding : done;
  if (typeof cb === 'function') queueMicrotask(() => (cb as () => void)());
  return true;
};
process.stdout.write = capture as typeof process.stdout.write;
process.stderr.write = capture as typeof process.stderr.write;

const stray = (kind: string) => (err: unknown) => {
  strays++;
  output += `\n  ${kind} outside any test while this file ran (it may come from an earlier file's leftover work):\n${inspect(err)}\n`;
};
process.on('uncaughtException', stray('uncaught exception'));
process.on('unhandledRejection', stray('unhandled rejection'));
process.on('exit', () => {
  if (current === null) return;
  realStderr(`${output}\n  the process ended while ${current} ran (process.exit, a crash, or a test awaiting a promise that never settles)\n`);
});

for (const file of process.argv.slice(2)) {
  current = file;
  await send({ start: file });
  const t = performance.now();
  let passed = 0,
    failed = 0,
    total = 0,
    skipped = 0;
  g.UVU_INDEX = g.UVU_QUEUE.push([file]) - 1;
  try {
    await import(pathToFileURL(path.resolve(file)).href);
  } catch (err) {
    failed++;
    output += `\n  the file could not be loaded:\n${inspect(err)}\n`;
  }
  for (const suite of g.UVU_QUEUE[g.UVU_INDEX].slice(1) as Suite[]) {
    const [errors, ok, skips, count] = await suite();
    passed += ok;
    total += count;
    skipped += skips;
    failed += count - ok;
    if (errors !== true) output += `\n${errors}\n`;
  }
  g.UVU_QUEUE[g.UVU_INDEX] = [file];
  // One more turn, so that a promise the file's tests left rejected is counted against it.
  await new Promise((resolve) => setImmediate(resolve));
  const result = { file, passed, failed: failed + strays, total, skipped, ms: performance.now() - t, output };
  // From here on, an error thrown outside any test is counted against the next file.
  current = null;
  output = '';
  strays = 0;
  await send(result);
}
process.exit(0);
