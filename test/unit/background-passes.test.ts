import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startBackgroundPasses } from '../../server/runtime/background-passes.ts';

/** The background loop the e-mail, webhook and report senders run their passes in (server/runtime/background-passes.ts). */

const until = async (ok: () => boolean, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

test('passes run one at a time; a wake during a pass runs the next one at once, not after the poll wait', async () => {
  let runs = 0,
    inside = 0,
    most = 0;
  let release!: () => void;
  const loop = startBackgroundPasses(
    'Test',
    async () => {
      runs++;
      most = Math.max(most, ++inside);
      if (runs === 1) await new Promise<void>((r) => (release = r));
      inside--;
      return false;
    },
    60_000,
  );
  await until(() => runs === 1);
  loop.wake();
  loop.wake();
  release();
  await until(() => runs === 2);
  assert.is(most, 1, 'never two passes at once');
  await loop.stop();
});

test('a full batch (true) asks for the next pass at once; a failing pass is logged and the loop goes on', async () => {
  let runs = 0;
  const loop = startBackgroundPasses(
    'Test',
    async () => {
      runs++;
      if (runs === 2) throw new Error('database unavailable');
      return runs < 4;
    },
    20,
  );
  await until(() => runs >= 5);
  await loop.stop();
});

test('stop waits for the pass under way and no pass starts after it', async () => {
  let runs = 0,
    ended = false;
  let release!: () => void;
  const loop = startBackgroundPasses(
    'Test',
    async () => {
      runs++;
      await new Promise<void>((r) => (release = r));
      ended = true;
      return true;
    },
    0,
  );
  await until(() => runs === 1);
  const stopping = loop.stop();
  loop.wake();
  release();
  await stopping;
  assert.ok(ended, 'stop resolved after the pass ended');
  await new Promise((r) => setTimeout(r, 30));
  assert.is(runs, 1, 'no pass after stop');
});

test.run();
