import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deflateRawSync } from 'node:zlib';
import { unzipText, ZipFormatError, ZipLimitError } from '../../server/lib/files/zip.ts';
import { parseCsv } from '../../src/common/csv.ts';
import { keyColumn } from '../../server/db/errors.ts';
import { hasBadText } from '../../server/http/text.ts';
import { toId, pageOf } from '../../server/http/envelope.ts';
import { zipBomb } from '../api/zip-bomb.ts';

// The bounded readers behind DESIGN.md §4's limits and the no-5xx rules.

test('unzipText reads the entries it is asked for and stops inflating at the cap, naming it', async () => {
  const bomb = Buffer.from(await (await zipBomb(3 * 1024 * 1024)).arrayBuffer());
  const small = unzipText(bomb, (n) => n.endsWith('.rels'), 1024, 1024);
  assert.equal(Object.keys(small), ['xl/_rels/workbook.xml.rels']);
  assert.match(small['xl/_rels/workbook.xml.rels'], /worksheets\/sheet1\.xml/);
  const whole = unzipText(bomb, () => true, 4 * 1024 * 1024, 4 * 1024 * 1024);
  assert.is(whole['xl/worksheets/sheet1.xml'].length, 3 * 1024 * 1024);
  try {
    unzipText(bomb, () => true, 1024 * 1024, 10 * 1024 * 1024);
    assert.unreachable();
  } catch (e) {
    assert.instance(e, ZipLimitError);
    assert.is((e as ZipLimitError).limit, 1024 * 1024);
  }
  // The total cap counts every entry together.
  try {
    unzipText(bomb, () => true, 4 * 1024 * 1024, 2 * 1024 * 1024);
    assert.unreachable();
  } catch (e) {
    assert.instance(e, ZipLimitError);
  }
});

test('unzipText refuses what is not a plain zip', () => {
  for (const b of [Buffer.from('PK\x03\x04 not really'), Buffer.alloc(0), deflateRawSync(Buffer.from('x'))]) {
    assert.throws(
      () => unzipText(b, () => true, 100, 100),
      (e: unknown) => e instanceof ZipFormatError,
    );
  }
});

test('parseCsv with onRow hands over records one by one and stops when told', () => {
  const seen: string[][] = [];
  const rows = parseCsv('a\nb\n"c\nd"\ne\nf\n', (r) => {
    seen.push(r);
    return seen.length < 3;
  });
  assert.equal(rows, []);
  assert.equal(seen, [['a'], ['b'], ['c\nd']]);
});

test('keyColumn reads the first column of a unique key as each engine reports it', () => {
  assert.is(keyColumn('lower(email)'), 'email');
  assert.is(keyColumn('lower((email)::text)'), 'email');
  assert.is(keyColumn('campaign_id, user_id'), 'campaign_id');
  assert.is(keyColumn('"name"'), 'name');
  assert.is(keyColumn(''), undefined);
});

test('hasBadText finds NUL bytes and unpaired surrogates, in nested JSON too, and passes real text', () => {
  for (const bad of ['a\u0000b', '\uD800', 'x\uDC00', '\uDC00\uD800', { a: ['ok', '\u0000'] }]) assert.ok(hasBadText(bad), JSON.stringify(bad));
  for (const good of ['Zoë 😀', '', 42, null, { a: ['ok'] }]) assert.not.ok(hasBadText(good), JSON.stringify(good));
});

test('toId takes 1 … 2^31 - 1 only; pageOf falls back to page 1', () => {
  assert.is(toId('2147483647'), 2147483647);
  for (const v of ['2147483648', '0', '-1', 'abc', '1e3', '1.5', '', null, undefined, '9'.repeat(30)]) assert.ok(Number.isNaN(toId(v)), String(v));
  assert.is(pageOf('99999999999999999999'), 1);
  assert.is(pageOf('3'), 3);
});

test.run();
