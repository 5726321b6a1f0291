import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  csvReaders,
  initialSheetImport,
  readChosen,
  sheetFieldCheck,
  sheetImportReducer,
  sheetProblems,
  type CheckedSheet,
  type SheetImportState,
} from '../../src/components/use-sheet-import.ts';
import { NOT_A_SPREADSHEET, SHEET_MAX_BYTES, TOO_LARGE } from '../../src/common/sheet-rules.ts';

type Rows = CheckedSheet & { rows: string[][] };
const rows = (table: string[][]): Rows => ({ rows: table, problems: table.length > 1 ? [] : ['The file has no rows to import.'] });
const never = async (): Promise<Rows> => {
  throw new Error('this file should not have been read');
};
const file = (text: string, name: string) => new File([text], name);

test('readChosen refuses a file over 10 MB or not named as a spreadsheet without reading it', async () => {
  assert.equal(await readChosen(new File([new Uint8Array(SHEET_MAX_BYTES + 1)], 'big.csv'), { csv: never }), { kind: 'bad', message: TOO_LARGE });
  assert.equal(await readChosen(file('a,b', 'photo.jpg'), { csv: never, xlsx: never }), { kind: 'bad', message: NOT_A_SPREADSHEET });
});

test('readChosen checks a CSV with csvReaders and leaves an .xlsx to the API unless the modal reads workbooks', async () => {
  assert.equal(await readChosen(file('name,email\r\nA,"a@x.io"\r\n', 'users.CSV'), csvReaders(rows)), {
    kind: 'checked',
    sheet: {
      rows: [
        ['name', 'email'],
        ['A', 'a@x.io'],
      ],
      problems: [],
    },
  });
  assert.equal(await readChosen(file('', 'photos.xlsx'), csvReaders(rows)), { kind: 'xlsx' });
  const xlsx = async () => rows([['head'], ['from the workbook']]);
  assert.equal(await readChosen(file('', 'users.xlsx'), { csv: never, xlsx }), { kind: 'checked', sheet: await xlsx() });
});

test('readChosen says a file its reader fails on cannot be read', async () => {
  const log = console.error;
  console.error = () => undefined;
  try {
    assert.equal(await readChosen(file('a', 'sheet.csv'), { csv: never }), {
      kind: 'bad',
      message: 'This file could not be read. Save it again as .csv or .xlsx.',
    });
  } finally {
    console.error = log;
  }
});

test('sheetProblems blocks a refused file and a sheet with problems, not an .xlsx the API checks', () => {
  assert.equal(sheetProblems(null), []);
  assert.equal(sheetProblems<Rows>({ kind: 'bad', message: TOO_LARGE }), [TOO_LARGE]);
  assert.equal(sheetProblems<Rows>({ kind: 'checked', sheet: rows([['head']]) }), ['The file has no rows to import.']);
  assert.equal(sheetProblems<Rows>({ kind: 'xlsx' }), []);
});

test('sheetFieldCheck asks for a file first, then for the problems to be fixed', () => {
  assert.is(sheetFieldCheck(null, false), 'Please choose a spreadsheet.');
  assert.is(sheetFieldCheck(file('a', 'a.csv'), true), 'Please correct the problems in the spreadsheet first.');
  assert.is(sheetFieldCheck(file('a', 'a.csv'), false), null);
});

const start = (): SheetImportState<Rows> => initialSheetImport<Rows>();

test("what is read for an earlier choice never replaces the current file's preview", () => {
  const first = file('a', 'first.csv'),
    second = file('b', 'second.csv');
  let s = sheetImportReducer(start(), { type: 'choose', choice: 1, file: first });
  s = sheetImportReducer(s, { type: 'choose', choice: 2, file: second });
  assert.is(s.reading, true);
  s = sheetImportReducer(s, { type: 'read', choice: 1, chosen: { kind: 'bad', message: 'late' } });
  s = sheetImportReducer(s, { type: 'readDone', choice: 1 });
  assert.is(s.chosen, null);
  assert.is(s.reading, true);
  s = sheetImportReducer(s, { type: 'read', choice: 2, chosen: { kind: 'xlsx' } });
  s = sheetImportReducer(s, { type: 'readDone', choice: 2 });
  assert.equal([s.file, s.chosen, s.reading], [second, { kind: 'xlsx' }, false]);
});

test('a refused send lists the rows until the next send or choice; a started one lists none', () => {
  let s = sheetImportReducer(start(), { type: 'choose', choice: 1, file: file('a', 'a.csv') });
  s = sheetImportReducer(s, { type: 'send' });
  s = sheetImportReducer(s, { type: 'progress', sent: 0.5 });
  assert.is(s.sending, 0.5);
  s = sheetImportReducer(s, { type: 'settle', refused: ['Row 3: bad'] });
  assert.equal([s.sending, s.refused], [null, ['Row 3: bad']]);
  assert.equal(sheetImportReducer(s, { type: 'send' }).refused, []);
  assert.equal(sheetImportReducer(s, { type: 'choose', choice: 2, file: null }).refused, []);
  assert.equal(sheetImportReducer(sheetImportReducer(s, { type: 'send' }), { type: 'settle' }).refused, []);
});

test('choosing nothing (or several files) leaves no file and reads nothing; progress after a send ended is dropped', () => {
  const s = sheetImportReducer(start(), { type: 'choose', choice: 1, file: null });
  assert.equal([s.file, s.chosen, s.reading], [null, null, false]);
  assert.is(sheetImportReducer(s, { type: 'progress', sent: 1 }).sending, null);
});

test.run();
