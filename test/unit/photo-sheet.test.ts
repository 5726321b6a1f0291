import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkPhotoSheet } from '../../src/features/event-photos/photo-sheet.ts';

const HEAD = ['bid_number', 'low_res_image', 'high_res_image', 'orientation'];
const good = (b: string) => [b, `https://x.example/${b}-l.jpg`, `https://x.example/${b}-h.jpg`, 'portrait'];

test('checkPhotoSheet counts rows, samples the first five and finds no problem in a good sheet', () => {
  const p = checkPhotoSheet([HEAD, ...Array.from({ length: 8 }, (_, i) => good(String(i + 1)))]);
  assert.is(p.count, 8);
  assert.is(p.sample.length, 5);
  assert.equal(p.sample[0], { row: 2, cells: good('1') });
  assert.equal(p.problems, []);
});

test('checkPhotoSheet names a bad row by its spreadsheet number, blank rows keeping their numbers', () => {
  const p = checkPhotoSheet([HEAD, good('1'), ['', '', '', ''], ['3', 'ftp://x', '', 'sideways']]);
  assert.is(p.count, 2);
  assert.equal(p.problems, ['Row 4: low_res_image is not an http(s) link; high_res_image is empty; orientation must be portrait or landscape.']);
});

test('checkPhotoSheet reads columns in any order and case, and refuses missing or extra columns', () => {
  const reordered = checkPhotoSheet([
    ['Orientation', 'BID_NUMBER', 'high_res_image', 'low_res_image'],
    ['LANDSCAPE', '7', 'https://a/h', 'https://a/l'],
  ]);
  assert.equal(reordered.problems, []);
  assert.equal(reordered.sample[0].cells, ['7', 'https://a/l', 'https://a/h', 'LANDSCAPE']);
  assert.match(checkPhotoSheet([HEAD.slice(0, 3), ['1', 'https://a', 'https://b']]).problems[0], /missing the column orientation/);
  assert.match(
    checkPhotoSheet([
      [...HEAD, 'notes'],
      [...good('1'), 'x'],
    ]).problems[0],
    /notes/,
  );
});

test('checkPhotoSheet lists the first 20 problems and counts the rest', () => {
  const p = checkPhotoSheet([HEAD, ...Array.from({ length: 23 }, () => ['', '', '', ''].map((_, i) => (i === 3 ? 'up' : '')))]);
  assert.is(p.problems.length, 21);
  assert.is(p.problems[20], '…and 3 more problems.');
});

test('checkPhotoSheet says when there are no rows', () => {
  assert.equal(checkPhotoSheet([HEAD]).problems, ['The file has no rows to import.']);
});

test('checkPhotoSheet refuses http:// image links the gallery cannot show, naming the row, as the API does', () => {
  const p = checkPhotoSheet([HEAD, good('1'), ['2', 'http://x.example/2-l.jpg', 'https://x.example/2-h.jpg', 'landscape']]);
  assert.equal(p.problems, ['Row 3: low_res_image is an http:// link; photos must be https:// links (the gallery cannot show http:// images).']);
});

test.run();
