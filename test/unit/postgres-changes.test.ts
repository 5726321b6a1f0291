import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { watchChanges } from '../../server/db/postgres-changes.ts';
import { CHANGES_CHANNEL } from '../../server/db/migrations/022-change-notices.ts';

// The change-notice connection proves itself alive by a heartbeat through the database; one that
// stops answering without closing stops counting and is replaced.

/** A stand-in for pg.Client: LISTEN and pg_notify answer (the notice comes back) unless `stalled`. */
function fakePg() {
  const clients: Fake[] = [];
  const world = { stalled: false, clients, beats: 0 };
  class Fake extends EventEmitter {
    destroyed = false;
    channels: string[] = [];
    connection = { stream: { destroy: () => { this.destroyed = true; } } };
    constructor() { super(); clients.push(this); }
    connect() { return world.stalled ? new Promise(() => undefined) : Promise.resolve(); }
    query(text: string, params?: string[]) {
      if (world.stalled || this.destroyed) return new Promise(() => undefined);
      if (text.startsWith('LISTEN')) this.channels = [...text.matchAll(/LISTEN (\w+)/g)].map((m) => m[1]);
      else setImmediate(() => { if (!world.stalled && !this.destroyed) { world.beats++; this.emit('notification', { channel: params![0], payload: '' }); } });
      return Promise.resolve({ rows: [] });
    }
    end() { this.destroyed = true; return Promise.resolve(); }
  }
  return { lib: { Client: Fake } as unknown as typeof pg, world };
}

async function until(cond: () => boolean, what: string) {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > 10_000) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

test('alive while heartbeats come back; a connection that stops answering is dropped, replaced, and alive again once answered', async () => {
  const { lib, world } = fakePg();
  let changes = 0;
  const watch = watchChanges(lib, 'postgres://x', () => changes++, { heartbeatMs: 10, deadMs: 500, retryMs: 10 });
  try {
    await until(() => watch.alive(), 'listening');
    const first = world.clients[0];
    assert.ok(first.channels.includes(CHANGES_CHANNEL), 'listens for change notices');
    // Several heartbeats later it is still the same, living connection.
    await until(() => world.beats >= 5, 'heartbeats come back');
    assert.ok(watch.alive(), 'alive while heartbeats come back');
    assert.is(world.clients.length, 1, 'no reconnect while alive');
    first.emit('notification', { channel: CHANGES_CHANNEL, payload: '' });
    const seen = changes;
    assert.ok(seen > 0, 'a change notice is passed on');

    world.stalled = true;
    await until(() => !watch.alive(), 'a stalled connection stops counting');
    await until(() => first.destroyed, 'the stalled connection is torn down');
    await until(() => world.clients.length > 1, 'a new connection is tried');
    assert.ok(changes > seen, 'the loss counts as a change (notices may have been missed)');
    world.stalled = false;
    await until(() => watch.alive(), 'alive again');
    assert.ok(world.clients.at(-1)!.channels.includes(CHANGES_CHANNEL), 'the new connection listens');
  } finally { await watch.stop(); }
});

test('a connection that never finishes connecting is not alive and is replaced', async () => {
  const { lib, world } = fakePg();
  world.stalled = true;
  const watch = watchChanges(lib, 'postgres://x', () => undefined, { heartbeatMs: 10, deadMs: 40, retryMs: 10 });
  try {
    await until(() => world.clients.length > 2, 'retries');
    assert.not.ok(watch.alive());
    assert.ok(world.clients[0].destroyed, 'the first attempt was torn down');
  } finally { await watch.stop(); }
});

test.run();
