import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dataUrlText, previewCsvDataUrl, previewTable, withTaken } from '../../src/features/users/import-preview.ts';
import { sheetKind } from '../../src/common/sheet-rules.ts';

import { PASSWORD_MESSAGE } from '../../src/common/password.ts';

const HEAD = ['name', 'email', 'password', 'role'];
const toDataUrl = (text: string) => `data:text/csv;base64,${Buffer.from(text, 'utf8').toString('base64')}`;

test('previewTable shows the first five rows with sheet row numbers and no problems for a good sheet', () => {
  const rows = Array.from({ length: 7 }, (_, i) => [`U${i}`, `u${i}@x.io`, 'Passw0rd', 'editor']);
  const p = previewTable([HEAD, ...rows]);
  assert.is(p.total, 7);
  assert.equal(
    p.rows.map((r) => r.row),
    [2, 3, 4, 5, 6],
  );
  assert.equal(p.problems, []);
});

test('previewTable names bad e-mails, empty cells and e-mails repeated in the file by row; a blank password is an invitation', () => {
  const p = previewTable([
    HEAD,
    ['A', 'a@x.io', 'Passw0rd', 'editor'],
    ['B', 'nope', 'Passw0rd', 'editor'],
    ['C', 'A@X.io', '', 'editor'],
    ['', 'd@x.io', '', 'editor'],
  ]);
  assert.equal(p.problems, [
    'Row 3: The email "nope" is not a valid email address.',
    'Row 4: The email A@X.io is already used in row 2.',
    'Row 5: The name field is required.',
  ]);
});

test('previewTable names a weak password by row with the shared rule', () => {
  assert.equal(previewTable([HEAD, ['A', 'a@x.io', 'Passw0rd', 'editor'], ['B', 'b@x.io', 'short', 'editor']]).problems, [`Row 3: ${PASSWORD_MESSAGE}`]);
});

test('previewTable reports missing columns and an empty file', () => {
  assert.equal(previewTable([['name', 'email']]).problems, ['The file has no rows to import.', 'The file is missing the columns password, role.']);
  assert.equal(previewTable([]).problems, ['The file has no rows to import.']);
  assert.equal(
    previewTable([
      ['Name', 'EMAIL', 'Role'],
      ['a', 'a@x.io', 'r'],
    ]).problems,
    ['The file is missing the column password.'],
  );
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

const RULES = {
  roles: new Map([
    ['admin', { id: 1, name: 'admin' }],
    ['company', { id: 2, name: 'company' }],
    ['editor', { id: 3, name: 'editor' }],
    ['support', { id: 4, name: 'support' }],
  ]),
  assignable: [3],
};

test('with the role rules, previewTable names unknown roles, the organiser role and roles the user may not assign, by row', () => {
  const p = previewTable(
    [
      HEAD,
      ['A', 'a@x.io', 'Passw0rd', 'Editor'],
      ['B', 'b@x.io', 'Passw0rd', 'janitor'],
      ['C', 'c@x.io', 'Passw0rd', 'company'],
      ['D', 'd@x.io', 'Passw0rd', 'support'],
      ['E', 'a@x.io', 'Passw0rd', 'janitor'],
    ],
    RULES,
  );
  assert.equal(p.problems, [
    'Row 3: The role "janitor" does not exist.',
    'Row 4: Organiser users are added and changed from Organizers.',
    'Row 5: You may not add users with the role support.',
    'Row 6: The email a@x.io is already used in row 2.',
    'Row 6: The role "janitor" does not exist.',
  ]);
  // Without the rules (roles not loaded yet) roles are left to the server.
  assert.equal(previewTable([HEAD, ['B', 'b@x.io', 'Passw0rd', 'janitor']]).problems, []);
});

test('withTaken adds the stored e-mails in row order; the check is asked only about well-formed first uses', () => {
  const p = previewTable(
    [
      HEAD,
      ['A', 'a@x.io', 'Passw0rd', 'editor'],
      ['B', 'nope', 'Passw0rd', 'editor'],
      ['C', 'Taken@x.io', 'Passw0rd', 'editor'],
      ['D', 'a@x.io', 'Passw0rd', 'editor'],
    ],
    RULES,
  );
  assert.equal(p.emails, [
    { email: 'a@x.io', row: 2 },
    { email: 'Taken@x.io', row: 4 },
  ]);
  assert.equal(withTaken(p, new Set(['taken@x.io'])).problems, [
    'Row 3: The email "nope" is not a valid email address.',
    'Row 4: The email Taken@x.io has already been taken.',
    'Row 5: The email a@x.io is already used in row 2.',
  ]);
  assert.is(withTaken(p, new Set()), p);
});

test.run();
