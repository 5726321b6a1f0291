import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { STARTING } from '../../server/app.ts';
import { migrate } from '../../server/db/migrate.ts';
import type { Sql } from '../../server/db/sql.ts';

// `npm start` listens before it seeds (listenFirst), answering the API with 503
// and Retry-After until the seed is done; the demo seed uses precomputed password hashes; an
// up-to-date database costs one read of the applied migrations.

let api: TestApi | undefined;
test.after(async () => {
  await api?.stop();
});

test('a fresh start answers at once: ping 200, the API 503 with Retry-After until the seed is done, then sign-in works', async () => {
  api = await startTestApi({ listenFirst: true, demo: true });
  let done = false;
  void api.ready.then(() => {
    done = true;
  });
  const early = await api.call('POST', 'login', { form: { email: 'admin@example.com', password: 'Admin-pass-1' } });
  // The demo seed writes thousands of rows; a sign-in answered before it finished must be the 503.
  if (!done) {
    assert.is(early.status, 503);
    assert.is(early.headers.get('retry-after'), '1');
    assert.is(early.body.message, STARTING);
  }
  assert.ok(!done || early.status === 200, `answered ${early.status} after the seed`);
  const ping = await fetch(`${api.url}/api/ping`);
  assert.is(ping.status, 200);
  const seed = await api.ready;
  assert.is(seed.seeded, true);
  assert.ok(await api.login());
  // Precomputed demo hashes sign their users in.
  assert.ok(await api.login('editor@example.com', 'Editor-demo-1'));
  assert.ok(await api.login('organiser@example.com', 'Organiser123!'));
});

test('migrating an up-to-date database is one read: no DDL, no transaction, no lock', async () => {
  const calls: string[] = [];
  const sql = api!.sql;
  const spy: Sql = {
    engine: sql.engine,
    all: (q, p) => {
      calls.push(q);
      return sql.all(q, p);
    },
    get: (q, p) => {
      calls.push(q);
      return sql.get(q, p);
    },
    run: (q, p) => {
      calls.push(q);
      return sql.run(q, p);
    },
    runMany: (q, r) => {
      calls.push(q);
      return sql.runMany(q, r);
    },
    transaction: (fn) => {
      calls.push('transaction');
      return sql.transaction(fn);
    },
    close: () => sql.close(),
  };
  assert.equal(await migrate(spy), []);
  assert.equal(calls, ['SELECT id FROM schema_migrations']);
});

test.run();
