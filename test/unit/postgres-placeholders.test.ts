import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toPg } from '../../server/db/postgres-text.ts';

test('each ? becomes $1..$n in order', () => {
  assert.is(toPg('SELECT * FROM t WHERE a = ? AND b IN (?, ?) LIMIT ? OFFSET ?'), 'SELECT * FROM t WHERE a = $1 AND b IN ($2, $3) LIMIT $4 OFFSET $5');
});

test('a ? inside a string literal, a quoted identifier or a comment stays as it is', () => {
  assert.is(toPg("SELECT '?', 'it''s ?', \"col?\" FROM t WHERE a = ?"), "SELECT '?', 'it''s ?', \"col?\" FROM t WHERE a = $1");
  assert.is(toPg('SELECT a -- why?\nFROM t /* really? */ WHERE b = ?'), 'SELECT a -- why?\nFROM t /* really? */ WHERE b = $1');
});

test('a query without ? is returned unchanged, an unterminated literal does not loop', () => {
  assert.is(toPg('SELECT 1'), 'SELECT 1');
  assert.is(toPg("SELECT ? || 'open"), "SELECT $1 || 'open");
});

test.run();
