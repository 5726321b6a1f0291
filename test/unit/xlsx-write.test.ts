import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSheet } from 'read-excel-file/node';
import { unzipText } from '../../server/lib/files/zip.ts';
import { writeXlsx, xlsxBuffer, XLSX_CELL_MAX } from '../../server/lib/spreadsheets/xlsx-write.ts';

// The .xlsx writer of list exports and report attachments: what each cell becomes,
// read back by read-excel-file, and that a reader who stops reading stops the rows being made.

const rowsOf = (...chunks: unknown[][][]) => chunks;

test('cells: numbers, times to the millisecond, days, text that looks like a formula, empty and cut text', async () => {
  const times = [0, 1_700_000_000_123, 1_700_000_000_124, 1_785_052_799_999, '1700000000999'];
  const long = 'x'.repeat(XLSX_CELL_MAX + 10);
  const book = await xlsxBuffer([
    {
      name: 'cells',
      columns: [{ header: 'n' }, { header: 'at', kind: 'time' }, { header: 'day', kind: 'date' }, { header: 'text' }],
      rows: rowsOf(
        times.map((t, i) => [i + 0.5, t, ['2026-02-28', '2026-02-30', '2026-05-02 09:30:15', 'soon', ''][i], ['=1+1', '+33 1', '-x', '@me', long][i]]),
        [[null, null, null, null]],
      ),
    },
  ]);
  const rows = await readSheet(book);
  assert.equal(rows[0], ['n', 'at', 'day', 'text']);
  assert.equal(
    rows.slice(1, 6).map((r) => r[0]),
    [0.5, 1.5, 2.5, 3.5, 4.5],
  );
  assert.equal(
    rows.slice(1, 6).map((r) => (r[1] as unknown as Date).getTime()),
    [0, 1_700_000_000_123, 1_700_000_000_124, 1_785_052_799_999, 1_700_000_000_999],
    'each time reads back to its millisecond',
  );
  assert.equal(
    rows.slice(1, 6).map((r) => r[2]),
    [new Date('2026-02-28T00:00:00Z'), '2026-02-30', new Date('2026-05-02T09:30:15Z'), 'soon', null],
    'real days and times are dates; a day that does not exist and other text stay text',
  );
  assert.equal(
    rows.slice(1, 5).map((r) => r[3]),
    ['=1+1', '+33 1', '-x', '@me'],
  );
  assert.is((rows[5][3] as string).length, XLSX_CELL_MAX, "cut at Excel's cell limit");
  assert.is(rows.length, 6, 'an empty row writes no cells (read back as no row)');
  // Text is an inline string cell, never a formula.
  const sheet = unzipText(book, (name) => name === 'xl/worksheets/sheet1.xml', 1 << 22, 1 << 22)['xl/worksheets/sheet1.xml'];
  assert.not.match(sheet, '<f>');
  assert.match(sheet, /t="inlineStr"><is><r><t>=1\+1<\/t><\/r><\/is>/);
});

test('several sheets, each with its header row', async () => {
  const book = await xlsxBuffer([
    { name: 'one', columns: [{ header: 'a' }], rows: rowsOf([[1], [2]]) },
    { name: 'two', columns: [{ header: 'b' }, { header: 'c' }], rows: rowsOf([['x', 'y']]) },
  ]);
  const { default: readSheets } = await import('read-excel-file/node');
  const sheets = await readSheets(book);
  assert.equal(
    sheets.map((s) => [s.sheet, s.data]),
    [
      ['one', [['a'], [1], [2]]],
      [
        'two',
        [
          ['b', 'c'],
          ['x', 'y'],
        ],
      ],
    ],
  );
});

test('a reader that stops reading holds the rows back; once it reads on, every row arrives', async () => {
  const CHUNKS = 60;
  let pulled = 0;
  async function* rows() {
    for (let i = 0; i < CHUNKS; i++) {
      pulled++;
      yield Array.from({ length: 1000 }, (_, j) => [i * 1000 + j, `Person ${i * 1000 + j} with a fairly long name`, `person${i * 1000 + j}@example.com`]);
    }
  }
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const parts: Uint8Array[] = [];
  const done = writeXlsx(
    {
      write: async (c) => {
        await gate;
        parts.push(c);
      },
    },
    [{ name: 'people', columns: [{ header: 'id' }, { header: 'name' }, { header: 'email' }], rows: rows() }],
  );
  await new Promise((r) => setTimeout(r, 1500));
  assert.ok(pulled < CHUNKS / 3, `${pulled} of ${CHUNKS} chunks were made while nobody read`);
  open();
  await done;
  assert.is(pulled, CHUNKS);
  const sheet = unzipText(Buffer.concat(parts), (name) => name === 'xl/worksheets/sheet1.xml', 1 << 26, 1 << 26)['xl/worksheets/sheet1.xml'];
  assert.is(sheet.split('<row ').length - 1, CHUNKS * 1000 + 1, 'the header and every row');
  assert.match(sheet, `<t>person${CHUNKS * 1000 - 1}@example.com</t>`);
});

test('a sink that fails ends the writing with its error', async () => {
  async function* rows() {
    for (let i = 0; i < 1000; i++) yield [[i, 'x'.repeat(200)]];
  }
  const err = await writeXlsx(
    {
      write: async () => {
        throw new Error('client went away');
      },
    },
    [{ name: 's', columns: [{ header: 'a' }, { header: 'b' }], rows: rows() }],
  ).catch((e: unknown) => e);
  assert.instance(err, Error);
  assert.is((err as Error).message, 'client went away');
});

test.run();
