import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_WAITING, SLOTS, withHashSlot } from '../../server/lib/auth/hash-slots.ts';
import { Busy } from '../../server/runtime/domain-errors.ts';
import { statusOf } from '../../server/http/error-envelope.ts';

/** Work that runs until released, counting how many run at once. */
function gate() {
  let running = 0,
    peak = 0;
  const releases: (() => void)[] = [];
  const work = () =>
    new Promise<void>((resolve) => {
      running++;
      peak = Math.max(peak, running);
      releases.push(() => {
        running--;
        resolve();
      });
    });
  const tick = () => new Promise((r) => setImmediate(r));
  return { work, releases, tick, peak: () => peak, running: () => running };
}

test('withHashSlot runs at most SLOTS hashes at once and serves the rest in order', async () => {
  const g = gate();
  const order: number[] = [];
  const all = Array.from({ length: 6 }, (_, i) =>
    withHashSlot(async () => {
      order.push(i);
      await g.work();
    }),
  );
  await g.tick();
  assert.is(g.running(), SLOTS);
  while (g.releases.length) {
    g.releases.shift()!();
    await g.tick();
    await g.tick();
  }
  await Promise.all(all);
  assert.is(g.peak(), SLOTS);
  assert.equal(order, [0, 1, 2, 3, 4, 5]);
});

test('past MAX_WAITING queued hashes a new one is refused with 429 at once', async () => {
  const g = gate();
  const all = Array.from({ length: SLOTS + MAX_WAITING }, () => withHashSlot(g.work));
  await g.tick();
  const refused = await withHashSlot(g.work).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(refused instanceof Busy);
  assert.is(statusOf(refused as Busy), 429);
  assert.is((refused as Busy).message, 'The server is busy. Please try again in a moment.');
  while (g.releases.length) {
    g.releases.shift()!();
    await g.tick();
  }
  await Promise.all(all);
});

test.run();
