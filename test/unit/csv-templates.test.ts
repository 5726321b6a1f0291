import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { parseCsv } from '../../src/common/csv.ts';
import { USER_IMPORT_COLUMNS } from '../../src/common/sheet-rules.ts';
import { PHOTO_COLUMNS } from '../../src/common/sheet-rules.ts';

const header = (file: string) => parseCsv(readFileSync(new URL(`../../static/templates/${file}`, import.meta.url), 'utf8'))[0];

test('the users CSV template offered beside Import has exactly the import columns', () => {
  assert.equal(header('users-template.csv'), ['name', 'email', 'password', 'role']);
  assert.equal(header('users-template.csv'), [...USER_IMPORT_COLUMNS]);
});

test('the event photos CSV template has exactly the photo columns', () => {
  assert.equal(header('event-photos-template.csv'), [...PHOTO_COLUMNS]);
});

test.run();
