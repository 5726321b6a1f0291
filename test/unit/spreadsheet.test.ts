import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSpreadsheet, recordsOf, RowErrors } from '../../server/lib/spreadsheets/spreadsheet.ts';
import { SHEET_MAX_BYTES } from '../../src/common/sheet-rules.ts';
import { Invalid } from '../../server/runtime/domain-errors.ts';
import { statusOf } from '../../server/http/error-envelope.ts';
import { readdirSync, readFileSync } from 'node:fs';

const csv = (text: string, name = 'users.csv') => new File([text], name);
async function refusal(p: Promise<unknown> | (() => unknown)): Promise<Invalid> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    if (e instanceof Invalid) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

test('readSpreadsheet numbers data rows from 2 and skips blank rows but keeps their numbers', async () => {
  const sheet = await readSpreadsheet(csv('Name, Email \nA,a@x.io\n,\nB,b@x.io\n'));
  assert.equal(sheet.header, ['name', 'email']);
  assert.equal(sheet.rows, [
    { row: 2, cells: ['A', 'a@x.io'] },
    { row: 4, cells: ['B', 'b@x.io'] },
  ]);
});

// Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (after the ")" of its name).
const niceOf = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);

// Thread priorities are read from /proc: Linux only.
(process.platform === 'linux' ? test : test.skip)(
  'a parser thread runs at the lowest priority (nice 19) and leaves the event loop thread at its own',
  async () => {
    const own = niceOf(String(process.pid));
    await readSpreadsheet(csv('name\nA\n'));
    const nices = readdirSync('/proc/self/task').map(niceOf);
    assert.ok(nices.includes(19), `a thread at nice 19 among ${nices.join(',')}`);
    assert.is(niceOf(String(process.pid)), own, 'the main thread keeps its priority');
  },
);

test('readSpreadsheet refuses a file with only a header as having no rows', async () => {
  const e = await refusal(readSpreadsheet(csv('name,email\n')));
  assert.equal(statusOf(e), 422);
  assert.equal(e.errors, { file: ['The file has no rows to import.'] });
});

test('readSpreadsheet refuses binary content and unknown extensions as not a spreadsheet', async () => {
  for (const f of [
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1])], 'x.csv'),
    csv('a,b\n1,2', 'notes.pdf'),
    new File([new Uint8Array([0x50, 0x4b, 3, 4, 9, 9])], 'bad.xlsx'),
  ]) {
    const e = await refusal(readSpreadsheet(f));
    assert.match(e.errors!.file[0], /must be a spreadsheet/);
  }
});

test('readSpreadsheet refuses a file over 10 MB and more than 50,000 rows', async () => {
  const big = await refusal(readSpreadsheet(new File([new Uint8Array(SHEET_MAX_BYTES + 1).fill(65)], 'big.csv')));
  assert.match(big.errors!.file[0], /10 MB/);
  const many = await refusal(readSpreadsheet(csv('a\n' + '1\n'.repeat(50_001))));
  assert.match(many.errors!.file[0], /50,000 rows/);
  assert.is((await readSpreadsheet(csv('a\n' + '1\n'.repeat(50_000)))).rows.length, 50_000);
});

test('readSpreadsheet asks for the file when the field is not a file', async () => {
  const e = await refusal(readSpreadsheet('text', 'upload'));
  assert.equal(e.errors, { upload: ['The upload field is required.'] });
});

test('recordsOf keys rows by column in any order and names every missing column', async () => {
  const sheet = await readSpreadsheet(csv('email,NAME,extra\na@x.io,A,z\n'));
  assert.equal(await recordsOf(sheet, ['name', 'email']), [{ row: 2, values: { name: 'A', email: 'a@x.io' } }]);
  const e = await refusal(() => recordsOf(sheet, ['name', 'role', 'password']));
  assert.equal(e.errors!.file, ['The file is missing the columns role, password.']);
});

test('RowErrors lists the first 20 problems with row numbers and counts the rest', async () => {
  const errors = new RowErrors();
  errors.throwIfAny();
  for (let r = 2; r < 27; r++) errors.add(r, 'Bad.');
  const e = await refusal(() => errors.throwIfAny());
  assert.is(e.errors!.file.length, 21);
  assert.is(e.errors!.file[0], 'Row 2: Bad.');
  assert.is(e.message, 'Row 2: Bad.');
  assert.match(e.errors!.file[20], /5 more problems/);
});

test.run();
