import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, infoLine, stdoutDestination, LOG_BUFFER_MAX } from '../../server/runtime/log.ts';
import { logRequest } from '../../server/http/middleware/request-log.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'log-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
/**
 * Ends a destination and waits until it has closed its file: the fd is sonic-boom's to close.
 * (Closing it behind sonic-boom's back let a later file or pipe reuse the number, and the exit
 * flush then retried a write to it forever: the test process hung.)
 */
const finish = (dest: ReturnType<typeof stdoutDestination>) =>
  new Promise<void>((resolve) => {
    dest.once('close', () => resolve());
    (dest as unknown as { end(): void }).end();
  });
/** Resolves once `dest` has written all it holds to its file (sonic-boom's flush callback). */
const flushed = (dest: ReturnType<typeof stdoutDestination>) =>
  new Promise<void>((resolve, reject) => {
    (dest as unknown as { flush(cb: (err?: Error) => void): void }).flush((err) => (err ? reject(err) : resolve()));
  });
const settle = async (file: string, lines: number) => {
  for (let i = 0; i < 200; i++) {
    const text = readFileSync(file, 'utf8');
    if (text.split('\n').length - 1 >= lines) return text;
    await new Promise((r) => setTimeout(r, 10));
  }
  return readFileSync(file, 'utf8');
};

const turn = () => new Promise((r) => setImmediate(r));

test('infoLine writes exactly what logger.info writes (time aside), and nothing below the logger level', async () => {
  const lines: string[] = [];
  const logger = createLogger({
    write: (l: string) => {
      lines.push(l);
    },
  });
  const fields = { req_id: 'a"b\\c', method: 'GET', path: '/api/ü?\u0000', status: 200, ms: 1.5, user: null };
  logger.info(fields, 'request');
  infoLine(logger, fields, 'request');
  await turn();
  assert.is(lines.length, 2);
  const noTime = (l: string) => l.replace(/"time":"[^"]+"/, '"time":""');
  assert.is(noTime(lines[1]), noTime(lines[0]));
  assert.ok(lines[1].endsWith('\n'));
  assert.equal(JSON.parse(lines[1]).path, '/api/ü?\u0000');
  logger.level = 'warn';
  infoLine(logger, fields, 'request');
  await turn();
  assert.is(lines.length, 2);
});

test('a request line (logRequest) is what logger.info writes for its fields, any path, method or id escaped', async () => {
  const lines: string[] = [];
  const logger = createLogger({
    write: (l: string) => {
      lines.push(l);
    },
  });
  for (const [requestId, method, path, status, user] of [
    ['trace-42', 'GET', '/api/ping', 200, null],
    ['a"b\\c', 'M"\\X', '/api/ü"\\\u0000\u2028', 404, 7],
  ] as const) {
    const vars: Record<string, unknown> = { requestId, user: user === null ? undefined : { id: user } };
    const c = { get: (k: string) => vars[k], req: { method, path }, res: { status } };
    // Begun 2.5 ms before the call: the line's ms lies between 2.5 and 2.5 plus the call's own time
    // (rounded to a tenth), whatever the machine's load; seconds or microseconds would fall outside.
    const before = performance.now();
    logRequest(logger, c as never, before - 2.5);
    const after = performance.now();
    await turn();
    const line = JSON.parse(lines.at(-1)!);
    assert.type(line.ms, 'number');
    assert.ok(line.ms >= 2.5 && line.ms <= after - before + 2.55, `ms ${line.ms}`);
    logger.info({ req_id: requestId, method, path, status, ms: line.ms, user }, 'request');
    const noTime = (l: string) => l.replace(/"time":"[^"]+"/, '"time":""');
    assert.is(noTime(lines.at(-2)!), noTime(lines.at(-1)!));
  }
});

test('the request lines of one turn reach the destination as one write, in order with the lines logged through pino', async () => {
  const writes: string[] = [];
  const logger = createLogger({
    write: (l: string) => {
      writes.push(l);
    },
  });
  for (let i = 0; i < 50; i++) infoLine(logger, { n: i }, 'request');
  assert.is(writes.length, 0, 'gathered until the turn ends');
  await turn();
  assert.is(writes.length, 1, 'one write');
  assert.equal(
    writes[0]
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).n),
    Array.from({ length: 50 }, (_, i) => i),
  );
  infoLine(logger, { n: 'first' }, 'request');
  logger.error({ n: 'second' }, 'failed');
  await turn();
  assert.equal(
    writes
      .slice(1)
      .flatMap((w) => w.trim().split('\n'))
      .map((l) => JSON.parse(l).n),
    ['first', 'second'],
  );
});

test('the logger writes every line as JSON, in order, errors with their stack', async () => {
  const file = path.join(dir, 'a.log');
  const dest = stdoutDestination(openSync(file, 'w'));
  const log = createLogger(dest);
  for (let i = 0; i < 500; i++) log.info({ n: i }, 'counted');
  log.error({ err: new Error('disk gone') }, 'failed');
  const lines = (await settle(file, 501))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  await finish(dest);
  assert.is(lines.length, 501);
  assert.equal([lines[0].n, lines[499].n], [0, 499]);
  assert.is(lines[0].level, 'info');
  assert.is(lines[0].msg, 'counted');
  assert.ok(!Number.isNaN(Date.parse(lines[0].time)));
  assert.is(lines[500].level, 'error');
  assert.is(lines[500].err.message, 'disk gone');
  assert.match(lines[500].err.stack, /^Error: disk gone\n\s+at /);
});

/**
 * Logs `sent` 1,000-byte lines in one turn (past LOG_BUFFER_MAX), then one line `{ after: 1 }`
 * after the first write, each through `logOne`; resolves to the file's lines once all is written.
 */
async function overflow(name: string, logOne: (log: ReturnType<typeof createLogger>, fields: Record<string, string | number>, msg: string) => void) {
  const file = path.join(dir, name);
  const dest = stdoutDestination(openSync(file, 'w'));
  const log = createLogger(dest);
  const filler = 'x'.repeat(1000);
  const sent = Math.ceil(LOG_BUFFER_MAX / 1000) + 100;
  for (let i = 0; i < sent; i++) logOne(log, { filler }, 'fill'); // all in one tick: at most one write in flight
  // Once the destination has written what it took, its buffer has room again.
  await turn();
  await flushed(dest);
  logOne(log, { after: 1 }, 'after');
  await turn();
  await finish(dest);
  const text = readFileSync(file, 'utf8');
  const lines = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  return { sent, text, lines };
}

test('lines past the buffer are dropped, and the next line says how many', async () => {
  const { sent, text, lines } = await overflow('b.log', (log, fields, msg) => log.info(fields, msg));
  const markers = lines.filter((l) => l.dropped_log_lines);
  assert.ok(markers.length, `a dropped-lines marker in ${text.length} bytes`);
  assert.is(markers[0].level, 'warn');
  const dropped = markers.reduce((n, l) => n + l.dropped_log_lines, 0);
  assert.ok(dropped > 0);
  assert.is(dropped + lines.filter((l) => l.msg === 'fill').length, sent, 'every line is written or counted');
  assert.is(lines.at(-1).after, 1);
});

test('request lines dropped with a full buffer are counted one by one', async () => {
  // One turn of request lines is one write, over the buffer.
  const { sent, lines } = await overflow('c.log', (log, fields, msg) => infoLine(log, fields, msg));
  const dropped = lines.filter((l) => l.dropped_log_lines).reduce((n, l) => n + l.dropped_log_lines, 0);
  assert.is(dropped + lines.filter((l) => l.msg === 'fill').length, sent, 'every line is written or counted');
  assert.is(lines.at(-1).after, 1);
});

test.run();
