import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CSV_BOM, csvCell, csvRow } from '../../src/common/csv-write.ts';
import { parseCsv } from '../../src/common/csv.ts';

test('cells with commas, quotes, line breaks and accents read back the same through a CSV parser', () => {
  const cells = ['Smith, Anna', 'Jo "Jojo" Lee', 'two\r\nlines', 'Zoë Ærø', ''];
  const text = csvRow(['a', 'b', 'c', 'd', 'e']) + csvRow(cells);
  assert.equal(parseCsv(text), [['a', 'b', 'c', 'd', 'e'], cells]);
  assert.ok(text.endsWith('\r\n'));
});

test('a text cell starting with = + - @ tab or CR gets a leading quote; numbers stay numbers', () => {
  for (const s of ['=1+1', '+31 20', '-2', '@SUM(A1)', '\tx', '\rx']) assert.is(csvCell(s).replace(/^"|"$/g, '')[0], "'", JSON.stringify(s));
  assert.is(csvCell(-5), '-5');
  assert.is(csvCell(null), '');
  assert.is(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
});

test('the byte-order mark is the UTF-8 BOM', () => {
  assert.equal([...new TextEncoder().encode(CSV_BOM)], [0xef, 0xbb, 0xbf]);
});

test.run();
