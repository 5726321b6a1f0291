import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sessionCache } from '../../server/lib/auth/session-cache.ts';
import type { AuthUser } from '../../server/db/queries/auth.ts';

// The per-process session cache is short-lived, bounded, skips dead sessions
// and forgets everything on a write, including a lookup that was under way.
const user = (id: number) => ({ id }) as unknown as AuthUser;

test('a session is read from the database once per ttl, then again', async () => {
  let now = 0,
    loads = 0;
  const cache = sessionCache(1_000, 10, () => now);
  const load = async () => {
    loads++;
    return user(1);
  };
  await cache.lookup('h', load);
  await cache.lookup('h', load);
  now = 999;
  await cache.lookup('h', load);
  assert.is(loads, 1);
  now = 1_000;
  await cache.lookup('h', load);
  assert.is(loads, 2);
});

test('an unknown or dead session is never kept', async () => {
  let loads = 0;
  const cache = sessionCache(1_000, 10, () => 0);
  for (let i = 0; i < 3; i++)
    assert.is(
      await cache.lookup('h', async () => {
        loads++;
        return undefined;
      }),
      undefined,
    );
  assert.is(loads, 3);
  assert.is(cache.size, 0);
});

test('bounded: past max the oldest entry goes', async () => {
  const cache = sessionCache(1_000, 3, () => 0);
  for (let i = 0; i < 5; i++) await cache.lookup(`h${i}`, async () => user(i));
  assert.is(cache.size, 3);
  let reloaded = false;
  await cache.lookup('h0', async () => {
    reloaded = true;
    return user(0);
  });
  assert.ok(reloaded, 'the oldest was dropped');
});

test('forget drops every entry and a lookup that began before it is not kept', async () => {
  const cache = sessionCache(1_000, 10, () => 0);
  await cache.lookup('a', async () => user(1));
  let release!: () => void;
  const slow = cache.lookup(
    'b',
    () =>
      new Promise((r) => {
        release = () => r(user(2));
      }),
  );
  cache.forget();
  release();
  await slow;
  assert.is(cache.size, 0);
});

test.run();
