import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';
import { makeRole, tokenFor } from './admin-helpers.ts';
import { awaitJob } from './import-job.ts';

let api: TestApi;
let admin: string;
let editor: number;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  editor = await makeRole(api, admin, { name: 'editor' });
  await makeRole(api, admin, { name: 'support' });
});
test.after(async () => {
  await api.stop();
});

const fixture = (name: string) => new File([readFileSync(new URL(`../fixtures/${name}`, import.meta.url))], name);
const csv = (text: string, name = 'users.csv') => new File([text], name, { type: 'text/csv' });
const upload = (file: Blob, token = admin) => api.call('POST', 'user/import', { token, form: { file } });
/** Uploads and follows the accepted job to its end. */
const imported = async (file: Blob, token = admin) => awaitJob(api.call, token, await upload(file, token));
const countUsers = async () => Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))!.n);
const HEAD = 'name,email,password,role\n';

/** Asserts a refused import: 422 validation_error on `file`, nothing written. */
async function refused(file: Blob, pattern: RegExp) {
  const before = await countUsers();
  const r = await upload(file);
  assert.is(r.status, 422, JSON.stringify(r.body));
  assert.is(r.body.status, 'validation_error');
  assert.match(r.body.errors.file.join('\n'), pattern);
  assert.is(await countUsers(), before, 'nothing was imported');
  return r.body.errors.file as string[];
}

test('importing the CSV fixture creates every user with its role, and they can sign in', async () => {
  const r = await upload(fixture('users.csv'));
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.message, 'The import has started.');
  const job = await awaitJob(api.call, admin, r);
  assert.is(job.state, 'done');
  assert.is(job.message, '3 users imported successfully.');
  assert.is(job.passwords_hashed, 3);
  const token = await api.login('alice.import@example.com', 'Secret123!');
  assert.is((await api.call('GET', 'user/get', { token })).body.data.roles[0].name, 'editor');
});

test('importing the .xlsx fixture written by LibreOffice creates its users', async () => {
  const job = await imported(fixture('users.xlsx'));
  assert.is(job.state, 'done');
  assert.is(job.rows_written, 2);
  await api.login('xlsx.two@example.com', 'Secret123!');
});

test('one bad row imports nothing and names the row and the reason', async () => {
  const errors = await refused(fixture('users-bad.csv'), /Row 3: The email "not-an-email" is not a valid email address\./);
  assert.is(errors.length, 1);
  assert.is((await api.call('POST', 'login', { form: { email: 'good.row@example.com', password: 'Secret123!' } })).status, 401);
});

test('duplicate e-mails within the file are refused with both rows named', async () => {
  await refused(
    csv(`${HEAD}A,dup@example.com,Passw0rd,editor\nB,DUP@example.com,Passw0rd,editor\n`),
    /Row 3: The email DUP@example.com is already used in row 2\./,
  );
});

test('an e-mail already stored is refused', async () => {
  await refused(csv(`${HEAD}A,${ADMIN.email},Passw0rd,editor\n`), /Row 2: The email admin@example.com has already been taken\./);
});

test('an unknown role is refused; the company role too', async () => {
  await refused(csv(`${HEAD}A,r1@example.com,Passw0rd,janitor\n`), /Row 2: The role "janitor" does not exist\./);
  await refused(csv(`${HEAD}A,r2@example.com,Passw0rd,company\n`), /Row 2: Organiser users/);
});

test('a missing column is refused naming it', async () => {
  await refused(csv('name,email,role\nA,m@example.com,editor\n'), /missing the column password/);
});

test('an empty file and a header-only file are refused', async () => {
  await refused(csv(''), /no rows to import/);
  await refused(csv(HEAD), /no rows to import/);
});

test('more than 50,000 rows is refused', async () => {
  const rows = Array.from({ length: 50_001 }, (_, i) => `U${i},u${i}@example.com,Passw0rd,editor`).join('\n');
  await refused(csv(HEAD + rows), /more than 50,000 rows/);
});

test('a file over 10 MB is refused', async () => {
  await refused(csv(HEAD + 'x'.repeat(10 * 1024 * 1024 + 10)), /10 MB/);
});

test('a file that is not a spreadsheet is refused', async () => {
  await refused(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])], 'photo.png'), /must be a spreadsheet/);
  await refused(new File([new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3])], 'broken.xlsx'), /must be a spreadsheet/);
});

test('no file at all is a validation error on file', async () => {
  const r = await api.call('POST', 'user/import', { token: admin, form: { nothing: 'here' } });
  assert.is(r.status, 422);
  assert.equal(r.body.errors, { file: ['The file field is required.'] });
});

test('only the first 20 row problems are listed, with a count of the rest', async () => {
  const rows = Array.from({ length: 25 }, (_, i) => `U${i},bad${i},Passw0rd,editor`).join('\n');
  const errors = await refused(csv(HEAD + rows), /Row 2:/);
  assert.is(errors.length, 21);
  assert.match(errors[20], /5 more problems/);
});

test('a role may import only users of roles it can access', async () => {
  const { token } = await tokenFor(api, admin, ['users'], [editor]);
  const r = await upload(csv(`${HEAD}A,s1@example.com,Passw0rd,support\n`), token);
  assert.is(r.status, 422);
  assert.match(r.body.errors.file[0], /Row 2: You may not add users with the role support/);
  assert.is((await imported(csv(`${HEAD}A,s2@example.com,Passw0rd,editor\n`), token)).state, 'done');
});

test('user/import/check names the stored e-mails of a list in one request, within its bounds and guards', async () => {
  const check = (emails: unknown, token = admin) =>
    api.call('POST', 'user/import/check', { token, form: emails === undefined ? {} : { emails: emails as string } });
  const r = await check('ALICE.import@example.com\nnobody@example.com\n\n bob.import@example.com ');
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal([...r.body.data.taken].sort(), ['alice.import@example.com', 'bob.import@example.com']);
  assert.equal((await check('')).body.data.taken, []);
  assert.is((await check(undefined)).status, 422);
  assert.is((await check(`${'a'.repeat(300)}@example.com`)).status, 422);
  assert.is((await check(Array.from({ length: 50_001 }, (_, i) => `u${i}@x.io`).join('\n'))).status, 422);
  // Only those who may import users may ask.
  await api.call('POST', 'user', { token: admin, form: { name: 'Ed', email: 'ed.checker@example.com', password: 'Secret123!', role: String(editor) } });
  const ed = await api.login('ed.checker@example.com', 'Secret123!');
  assert.is((await check('alice.import@example.com', ed)).status, 403);
  assert.is((await api.call('POST', 'user/import/check', { form: { emails: 'a@b.io' } })).status, 401);
});

test('the Users list filters by import_job: exactly the users that import added', async () => {
  const job = await imported(csv(`${HEAD}Jo One,jo.one@example.com,Secret123!,editor\nJo Two,jo.two@example.com,Secret123!,support\n`));
  assert.is(job.state, 'done');
  const r = await api.call('GET', `user?import_job=${job.id}&per_page=100`, { token: admin });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data.data.map((u: { email: string }) => u.email).sort(), ['jo.one@example.com', 'jo.two@example.com']);
  assert.is((await api.call('GET', 'user?import_job=abc', { token: admin })).status, 422);
  assert.is((await api.call('GET', `user?import_job=${job.id + 1000}`, { token: admin })).body.data.data.length, 0);
});

test.run();
