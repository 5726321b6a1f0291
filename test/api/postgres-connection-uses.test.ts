import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TEST_DATABASE_URL, createTestDatabase } from './harness.ts';
import { openPostgres } from '../../server/db/postgres.ts';

/**
 * PostgreSQL only: a pool connection is replaced after its uses (db/postgres.ts
 * PG_CONNECTION_USES), so the prepared statements one connection gathers stay bounded; the calls
 * around the replacement answer as before, transactions included.
 */
const run = TEST_DATABASE_URL ? test : test.skip;

run('[postgres] a connection is replaced after its uses, with its prepared statements, and every call still answers', async () => {
  const db = await createTestDatabase();
  const sql = openPostgres(db.url, { max: 1, connectionUses: 3 });
  try {
    const backends: number[] = [];
    const statements: number[] = [];
    for (let i = 0; i < 7; i++) {
      // A named prepared statement of its own on each use (the text differs).
      const row = await sql.get<{ pid: number; v: number }>(`SELECT pg_backend_pid() AS pid, ?::int + ${i} AS v`, [1]);
      assert.is(Number(row?.v), i + 1);
      backends.push(Number(row?.pid));
      const kept = await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM pg_prepared_statements WHERE name <> ?', ['']);
      statements.push(Number(kept?.n));
    }
    // Uses per connection: each loop turn takes two (the read and the count); the third ends it.
    assert.ok(new Set(backends).size >= 3, `backends: ${backends.join(', ')}`);
    assert.ok(Math.max(...statements) <= 3, `prepared statements seen by one connection: ${statements.join(', ')}`);
    const inTx = await sql.transaction(async (tx) => {
      const a = await tx.get<{ pid: number }>('SELECT pg_backend_pid() AS pid WHERE 1 = ?', [1]);
      const b = await tx.get<{ pid: number }>('SELECT pg_backend_pid() AS pid WHERE 2 = ?', [2]);
      return [Number(a?.pid), Number(b?.pid)];
    });
    assert.is(inTx[0], inTx[1], 'a transaction keeps one connection');
  } finally {
    await sql.close();
    await db.drop();
  }
});

test.run();
