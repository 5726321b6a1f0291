import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, type TestOrganiser } from './organiser-fixtures.ts';

let api: TestApi;
let A: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  A = await makeOrganiser(api, 'Days', 0);
});
test.after(async () => {
  await api.stop();
});

test('working days start empty and a PUT with a JSON list of day ids replaces them', async () => {
  const t = A.token;
  assert.equal((await api.call('GET', `holiday/${A.companyId}`, { token: t })).body.data.companydays, []);
  const put = await api.call('PUT', 'holiday', { token: t, form: { company_id: String(A.companyId), days: '[7,1,3,3]' } });
  assert.is(put.status, 200);
  assert.equal((await api.call('GET', `holiday/${A.companyId}`, { token: t })).body.data.companydays, [1, 3, 7]);
  await api.call('POST', 'organiser/holiday', { token: t, form: { company_id: String(A.companyId), days: '[2]' } });
  assert.equal((await api.call('GET', `organiser/holiday/${A.companyId}`, { token: t })).body.data.companydays, [2]);
});

test('an empty list clears every working day', async () => {
  await api.call('PUT', 'holiday', { token: A.token, form: { company_id: String(A.companyId), days: '[]' } });
  assert.equal((await api.call('GET', `holiday/${A.companyId}`, { token: A.token })).body.data.companydays, []);
});

test('day ids outside 1..7 or a non-list are a validation_error and change nothing', async () => {
  await api.call('PUT', 'holiday', { token: A.token, form: { company_id: String(A.companyId), days: '[5]' } });
  for (const days of ['[0]', '[8]', '[1.5]', '"1"', 'not json']) {
    const r = await api.call('PUT', 'holiday', { token: A.token, form: { company_id: String(A.companyId), days } });
    assert.is(r.status, 422, days);
    assert.ok(r.body.errors.days, days);
  }
  assert.equal((await api.call('GET', `holiday/${A.companyId}`, { token: A.token })).body.data.companydays, [5]);
});

test('an admin reads and writes any organiser; an unknown organiser is 404', async () => {
  const admin = await api.login();
  assert.is((await api.call('PUT', 'holiday', { token: admin, form: { company_id: String(A.companyId), days: '[1,2]' } })).status, 200);
  assert.equal((await api.call('GET', `holiday/${A.companyId}`, { token: admin })).body.data.companydays, [1, 2]);
  assert.is((await api.call('GET', 'holiday/9999', { token: admin })).status, 404);
  assert.is((await api.call('PUT', 'holiday', { token: admin, form: { company_id: '9999', days: '[1]' } })).status, 404);
});

test.run();
