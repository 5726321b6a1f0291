import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dataUrlText, previewCsvDataUrl, previewTable } from '../../src/features/users/import-preview.ts';
import { sheetKind } from '../../src/common/sheet-rules.ts';

import { PASSWORD_MESSAGE } from '../../src/common/password.ts';

const HEAD = ['name', 'email', 'password', 'role'];
const toDataUrl = (text: string) => `data:text/csv;base64,${Buffer.from(text, 'utf8').toString('base64')}`;

test('previewTable shows the first five rows with sheet row numbers and no problems for a good sheet', () => {
  const rows = Array.from({ length: 7 }, (_, i) => [`U${i}`, `u${i}@x.io`, 'Passw0rd', 'editor']);
  const p = previewTable([HEAD, ...rows]);
  assert.is(p.total, 7);
  assert.equal(p.rows.map((r) => r.row), [2, 3, 4, 5, 6]);
  assert.equal(p.problems, []);
});

test('previewTable names bad e-mails, empty cells and e-mails repeated in the file by row', () => {
  const p = previewTable([HEAD, ['A', 'a@x.io', 'Passw0rd', 'editor'], ['B', 'nope', 'Passw0rd', 'editor'], ['C', 'A@X.io', '', 'editor']]);
  assert.equal(p.problems, [
    'Row 3: "nope" is not a valid email address.',
    'Row 4: password is empty.',
    'Row 4: the email A@X.io is already used in row 2.',
  ]);
});

test('previewTable names a weak password by row with the shared rule', () => {
  assert.equal(previewTable([HEAD, ['A', 'a@x.io', 'Passw0rd', 'editor'], ['B', 'b@x.io', 'short', 'editor']]).problems, [`Row 3: ${PASSWORD_MESSAGE}`]);
});

test('previewTable reports missing columns and an empty file', () => {
  assert.equal(previewTable([['name', 'email']]).problems, ['The file has no rows to import.', 'The file is missing the columns password, role.']);
  assert.equal(previewTable([]).problems, ['The file has no rows to import.']);
  assert.equal(previewTable([['Name', 'EMAIL', 'Role'], ['a', 'a@x.io', 'r']]).problems, ['The file is missing the column password.']);
});

test('previewTable lists at most 20 problems and counts the rest', () => {
  const rows = Array.from({ length: 23 }, (_, i) => [`U${i}`, `bad${i}`, 'Passw0rd', 'editor']);
  const p = previewTable([HEAD, ...rows]);
  assert.is(p.problems.length, 21);
  assert.is(p.problems[20], '…and 3 more problems.');
});

test('dataUrlText decodes UTF-8 text from a data URL; previewCsvDataUrl parses it', () => {
  assert.is(dataUrlText(toDataUrl('név,e\nÅsa,1')), 'név,e\nÅsa,1');
  assert.is(previewCsvDataUrl(toDataUrl('name,email,password,role\r\nA,a@x.io,p,editor\r\n')).total, 1);
});

test('sheetKind tells .csv and .xlsx apart and refuses other files', () => {
  assert.is(sheetKind('Users.CSV'), 'csv');
  assert.is(sheetKind('users.xlsx'), 'xlsx');
  assert.is(sheetKind('users.xls'), null);
  assert.is(sheetKind('photo.png'), null);
});

test.run();
