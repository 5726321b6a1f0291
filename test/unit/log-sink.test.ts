import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stdoutSink, LOG_BUFFER_MAX } from '../../server/lib/log-sink.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'log-sink-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const settle = async (file: string, lines: number) => {
  for (let i = 0; i < 200; i++) {
    const text = readFileSync(file, 'utf8');
    if (text.split('\n').length - 1 >= lines) return text;
    await new Promise((r) => setTimeout(r, 10));
  }
  return readFileSync(file, 'utf8');
};

test('stdoutSink writes every line, in order', async () => {
  const file = path.join(dir, 'a.log');
  const fd = openSync(file, 'w');
  const sink = stdoutSink(fd);
  for (let i = 0; i < 500; i++) sink(`{"n":${i}}\n`);
  const lines = (await settle(file, 500)).trim().split('\n');
  closeSync(fd);
  assert.is(lines.length, 500);
  assert.is(lines[0], '{"n":0}');
  assert.is(lines[499], '{"n":499}');
});

test('stdoutSink drops lines past its buffer and says how many', async () => {
  const file = path.join(dir, 'b.log');
  const fd = openSync(file, 'w');
  const sink = stdoutSink(fd);
  const line = 'x'.repeat(1023) + '\n';
  const sent = Math.ceil(LOG_BUFFER_MAX / 1024) + 100;
  for (let i = 0; i < sent; i++) sink(line); // all in one tick: nothing flushed yet
  sink('{"last":1}\n'); // dropped too: the buffer is still full
  await new Promise((r) => setTimeout(r, 50));
  sink('{"after":1}\n');
  const text = await settle(file, 1026);
  closeSync(fd);
  const m = /\{"dropped_log_lines":(\d+)\}/.exec(text);
  assert.ok(m, 'a dropped-lines marker');
  assert.is(Number(m![1]) + (text.match(/x{1023}/g) ?? []).length, sent + 1);
  assert.match(text, /\{"after":1\}\n$/);
});

test.run();
