import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { STATEMENT_CACHE_MAX, statementCache } from '../../server/db/statement-cache.ts';

test('a kept statement is prepared once; past the bound the one kept longest is dropped and prepared again at its next use', () => {
  const prepared: string[] = [];
  const cache = statementCache((sql) => {
    prepared.push(sql);
    return { sql };
  }, 3);
  for (const s of ['a', 'b', 'a', 'c', 'b']) cache.get(s);
  assert.equal(prepared, ['a', 'b', 'c'], 'hits prepare nothing');
  assert.is(cache.size, 3);
  cache.get('d'); // full: 'a', the first kept, goes
  assert.is(cache.size, 3);
  cache.get('b');
  cache.get('a');
  assert.equal(prepared, ['a', 'b', 'c', 'd', 'a'], "'b' was still kept; 'a' was prepared again");
  assert.is(cache.size, 3);
});

test('on a real connection, more distinct texts than the bound keep at most the bound, and every answer stays right', () => {
  const db = new Database(':memory:');
  const cache = statementCache((sql) => db.prepare(sql));
  const n = STATEMENT_CACHE_MAX + 200;
  for (let i = 0; i < n; i++) assert.is((cache.get(`SELECT ? + ${i} AS v`).get(1) as { v: number }).v, i + 1);
  assert.is(cache.size, STATEMENT_CACHE_MAX);
  // The first texts were dropped; they prepare again and still answer.
  assert.is((cache.get('SELECT ? + 0 AS v').get(41) as { v: number }).v, 41);
  assert.is(cache.size, STATEMENT_CACHE_MAX);
  db.close();
});

test.run();
