import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { parseCsv } from '../../src/common/csv.ts';
import { exampleRowTest, SHEET_TEMPLATES, templateCsv, withoutExampleRows } from '../../src/common/sheet-examples.ts';
import { photoRowProblem } from '../../src/common/sheet-rules.ts';
import { participantRowProblem } from '../../src/common/participant-sheet.ts';
import { previewTable } from '../../src/features/users/import-preview.ts';
import { checkPhotoSheet } from '../../src/features/event-photos/photo-sheet.ts';
import { readSpreadsheet } from '../../server/lib/spreadsheets/spreadsheet.ts';

const file = (name: string) => readFileSync(new URL(`../../static/templates/${name}`, import.meta.url), 'utf8');

test('each downloadable template is its header and exactly one example row, as the shared rule says', () => {
  for (const [name, t] of Object.entries(SHEET_TEMPLATES)) {
    assert.is(file(name), templateCsv(t), name);
    const [header, example, ...rest] = parseCsv(file(name)).filter((r) => r.some((c) => c !== ''));
    assert.equal(header, [...t.columns], `${name} header`);
    assert.is(rest.length, 0, `${name} has one example row`);
    assert.ok(exampleRowTest(header)(example), `${name}'s row is its example`);
  }
});

test('the examples are clearly examples: example.com addresses and links, "Example Person", and valid rows', () => {
  const { users, photos, participants } = {
    users: SHEET_TEMPLATES['users-template.csv'].example,
    photos: SHEET_TEMPLATES['event-photos-template.csv'].example,
    participants: SHEET_TEMPLATES['participants-template.csv'].example,
  };
  assert.is(users.name, 'Example Person');
  assert.match(users.email, /@example\.com$/);
  assert.is(participants.name, 'Example Person');
  assert.match(photos.low_res_image, /^https:\/\/example\.com\//);
  assert.is(photoRowProblem(photos), null);
  assert.is(participantRowProblem(participants), null);
});

test('exampleRowTest matches the example whatever its spacing and letter case, and nothing that differs in one cell', () => {
  const header = ['name', 'email', 'password', 'role'];
  const is = exampleRowTest(header);
  assert.ok(is(['Example Person', 'example.person@example.com', 'Example-Pass-1', 'support']));
  assert.ok(is([' EXAMPLE PERSON ', 'Example.Person@Example.com ', 'example-pass-1', 'Support']));
  assert.not.ok(is(['Example Person', 'example.person@example.com', 'Example-Pass-1', 'editor']), 'another role is a real row');
  assert.not.ok(is(['Example Person', 'person@example.com', 'Example-Pass-1', 'support']));
  assert.not.ok(is([]));
  // Columns in another order, and extra columns, are matched by name.
  assert.ok(
    exampleRowTest(['role', 'note', 'email', 'name', 'password'])(['support', 'anything', 'example.person@example.com', 'Example Person', 'Example-Pass-1']),
  );
  // A sheet without one of the example's columns has no example row.
  assert.not.ok(exampleRowTest(['name', 'email', 'password'])(['Example Person', 'example.person@example.com', 'Example-Pass-1']));
});

test('withoutExampleRows empties the example row and keeps every other row where it was', () => {
  const table = parseCsv(`${file('users-template.csv')}Ann,ann@x.io,Secret-1x,support\n`);
  assert.equal(withoutExampleRows(table), [table[0], [], ['Ann', 'ann@x.io', 'Secret-1x', 'support']]);
});

test('the users preview skips the example: the template alone has no rows, a filled-in row keeps its sheet number', () => {
  assert.equal(previewTable(parseCsv(file('users-template.csv'))).problems, ['The file has no rows to import.']);
  const p = previewTable(parseCsv(`${file('users-template.csv')}Ann,ann@x.io,Secret-1x,support\n`));
  assert.is(p.total, 1);
  assert.equal(p.rows, [{ row: 3, cells: ['Ann', 'ann@x.io', 'Secret-1x', 'support'] }]);
});

test('the photo preview skips the example row', () => {
  assert.equal(checkPhotoSheet(parseCsv(file('event-photos-template.csv'))).problems, ['The file has no rows to import.']);
  const p = checkPhotoSheet(parseCsv(`${file('event-photos-template.csv')}7,https://cdn.example.com/7.jpg,https://cdn.example.com/7h.jpg,landscape\n`));
  assert.is(p.count, 1);
  assert.equal(
    p.sample.map((s) => s.row),
    [3],
  );
});

test("the API's spreadsheet reader skips the example row of every template", async () => {
  for (const name of Object.keys(SHEET_TEMPLATES)) {
    await readSpreadsheet(new File([file(name)], name)).then(
      () => assert.unreachable(`${name} alone was read as having rows`),
      (e: { errors?: unknown }) => {
        assert.equal(e.errors, { file: ['The file has no rows to import.'] }, name);
      },
    );
  }
  const sheet = await readSpreadsheet(new File([`${file('participants-template.csv')}7,Pat,,no,\n`], 'p.csv'));
  assert.equal(sheet.rows, [{ row: 3, cells: ['7', 'Pat', '', 'no', ''] }]);
});

test.run();
