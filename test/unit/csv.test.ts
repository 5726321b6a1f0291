import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCsv } from '../../src/common/csv.ts';

test('parseCsv splits plain fields and records', () => {
  assert.equal(parseCsv('a,b,c\n1,2,3'), [
    ['a', 'b', 'c'],
    ['1', '2', '3'],
  ]);
});
test('parseCsv keeps a comma inside quotes', () => {
  assert.equal(parseCsv('"Smith, Jo",x'), [['Smith, Jo', 'x']]);
});
test('parseCsv turns doubled quotes into one', () => {
  assert.equal(parseCsv('"say ""hi""",2'), [['say "hi"', '2']]);
});
test('parseCsv accepts CR, LF and CRLF line ends', () => {
  assert.equal(parseCsv('a\rb\nc\r\nd'), [['a'], ['b'], ['c'], ['d']]);
});
test('parseCsv keeps line breaks inside quotes', () => {
  assert.equal(parseCsv('"line 1\r\nline 2",b\n'), [['line 1\r\nline 2', 'b']]);
});
test('parseCsv drops a leading byte-order mark', () => {
  assert.equal(parseCsv('\ufeffname,email\n'), [['name', 'email']]);
});
test('parseCsv makes no empty record from a trailing line end', () => {
  assert.equal(parseCsv('a,b\r\n'), [['a', 'b']]);
  assert.equal(parseCsv(''), []);
});
test('parseCsv keeps empty fields and blank lines in the middle', () => {
  assert.equal(parseCsv('a,,c\n\nx,'), [['a', '', 'c'], [''], ['x', '']]);
});
test('parseCsv keeps a stray quote inside an unquoted field as text', () => {
  assert.equal(parseCsv('5" screen,ok'), [['5" screen', 'ok']]);
});
test('parseCsv reads an unclosed quote to the end of the text', () => {
  assert.equal(parseCsv('"open,still'), [['open,still']]);
});
test('parseCsv reads 50,000 rows', () => {
  const text = 'bid_number,low_res_image\n' + Array.from({ length: 50_000 }, (_, i) => `${i},https://x/${i}.jpg`).join('\n');
  const rows = parseCsv(text);
  assert.is(rows.length, 50_001);
  assert.equal(rows[50_000], ['49999', 'https://x/49999.jpg']);
});
test.run();
