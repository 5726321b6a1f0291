import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { checkAnswer } from './contract-check.ts';

let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const count = async (path: string) => (await api.call('GET', `${path}?page=1`, { token: admin })).body.data.total as number;

test('a list or object where text is expected answers 422 "must be a string" and stores nothing (pages, permissions, menus, roles)', async () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['page', { title: ['x'], content: 'c' }, 'title', 'The title must be a string.'],
    ['page', { title: 't', content: { a: 1 } }, 'content', 'The content must be a string.'],
    ['permission', { name: ['reports.view'] }, 'name', 'The name must be a string.'],
    ['adminmenu', { title: { x: 'Reports' } }, 'title', 'The menu title must be a string.'],
    ['adminmenu', { title: 'Reports', url: ['/x'] }, 'url', 'The url must be a string.'],
    ['role', { name: ['auditor'] }, 'name', 'The role name must be a string.'],
    ['role', { name: 'auditor', permissions: [1, 2] }, 'permissions', 'The permissions must be a string.'],
  ];
  for (const [path, json, field, message] of cases) {
    const before = await count(path);
    const r = await api.call('POST', path, { token: admin, json });
    assert.is(r.status, 422, `${path} ${JSON.stringify(json)}`);
    assert.equal(r.body.errors[field], [message]);
    assert.is(await count(path), before, `${path}: nothing stored`);
  }
});

test('a page edit with a list for a title is refused and the page keeps its title', async () => {
  const id = (await api.call('POST', 'page', { token: admin, json: { title: 'Kept', content: 'c' } })).body.data.id;
  const r = await api.call('PUT', `page/${id}`, { token: admin, json: { title: ['x'], content: 'c' } });
  assert.is(r.status, 422);
  assert.equal(r.body.errors, { title: ['The title must be a string.'] });
  assert.is((await api.call('GET', `page/${id}`, { token: admin })).body.data.title, 'Kept');
});

test('the contract keeps the spec messages: required, too long, not a choice, not an id list', async () => {
  let r = await api.call('POST', 'page', { token: admin, json: {} });
  assert.equal(r.body.errors, { title: ['The title field is required.'], content: ['The content field is required.'] });
  r = await api.call('POST', 'page', { token: admin, json: { title: 'x'.repeat(256), content: 'c' } });
  assert.equal(r.body.errors, { title: ['The title may not be greater than 255 characters.'] });
  r = await api.call('POST', 'adminmenu', { token: admin, json: { title: 'M', status: 7 } });
  assert.equal(r.body.errors, { status: ['The selected status is invalid.'] });
  r = await api.call('POST', 'role', { token: admin, form: { name: 'auditor', permissions: '1,2' } });
  assert.equal(r.body.errors, { permissions: ['The permissions must be a JSON list of ids.'] });
});

test('JSON clients may send numbers for a choice: a menu posted with status 1 is stored active', async () => {
  const r = await api.call('POST', 'adminmenu', { token: admin, json: { title: 'Numeric', url: '/n', status: 1 } });
  assert.is(r.status, 200);
  assert.is(r.body.data.status, 1);
});

test('routes still on the rule lists refuse a list or object too (generic check in validate)', async () => {
  const r = await api.call('POST', 'user', { token: admin, json: { name: ['Ann'], email: 'ann@example.org', password: 'Passw0rd!', role: 1 } });
  assert.is(r.status, 422);
  assert.equal(r.body.errors.name, ['The name must be a string.']);
});

test('the harness checks answers against the contract: a page without its title is refused, an error or a path of no route is not checked', () => {
  const good = { status: 'success', message: '', data: { id: 3, title: 'About', content: 'x' } };
  checkAnswer('GET', 'page/3', 200, good);
  assert.throws(
    () => checkAnswer('GET', 'page/3', 200, { ...good, data: { id: 3, content: 'x' } }),
    /GET \/api\/page\/3 does not match the contract \(GET \/api\/page\/\{id\}\)/,
  );
  assert.throws(() =>
    checkAnswer('GET', '/api/user?page=1', 200, {
      status: 'success',
      message: '',
      data: { current_page: 1, per_page: 10, total: 1, last_page: 1, data: [{ id: '1' }] },
    }),
  );
  checkAnswer('GET', 'page/3', 404, { message: 'Not found.' });
  // A path no route has is not checked (every route's answer is in the contract: openapi.test).
  checkAnswer('GET', 'no/such/route', 200, { status: 'success', message: '', data: { anything: true } });
});

test.run();
