import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, type TestOrganiser } from './organiser-fixtures.ts';
import { insertBooking } from '../../server/db/queries/bookings.ts';

/**
 * Dated closures (docs/extensions.md, an extension of Working Days): an organiser lists,
 * adds and removes closed dates; a booking on a closed date cannot be accepted, alone or in bulk,
 * while rejecting it still works; another organiser's user reaches none of it.
 */
let api: TestApi;
let A: TestOrganiser;
let B: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  A = await makeOrganiser(api, 'Shut', 0);
  B = await makeOrganiser(api, 'Other', 0);
});
test.after(async () => {
  await api.stop();
});

const request = (date: string) =>
  insertBooking(api.sql, { companyId: A.companyId, date, name: 'Walk In', email: 'walk@example.com', phone: '555', status: 0, token: null });
const close = (date: string, note?: string) =>
  api.call('POST', 'closures', { token: A.token, form: { company_id: String(A.companyId), date, ...(note === undefined ? {} : { note }) } });

test('a closed date is added with its note and listed earliest first', async () => {
  const r = await close('2031-12-25', 'Christmas');
  assert.is(r.status, 200);
  assert.equal(
    { date: r.body.data.date, note: r.body.data.note, company_id: r.body.data.company_id },
    { date: '2031-12-25', note: 'Christmas', company_id: A.companyId },
  );
  assert.is((await close('2031-06-01')).status, 200);
  const list = await api.call('GET', `closures/${A.companyId}`, { token: A.token });
  assert.equal(
    list.body.data.closures.map((c: { date: string; note: string }) => [c.date, c.note]),
    [
      ['2031-06-01', ''],
      ['2031-12-25', 'Christmas'],
    ],
  );
});

test('a date closed twice, a bad date or a note with a line break is refused with 422 under its field', async () => {
  const twice = await close('2031-12-25');
  assert.is(twice.status, 422);
  assert.equal(twice.body.errors.date, ['This date is already closed.']);
  const bad = await close('2031-02-30');
  assert.is(bad.status, 422);
  assert.ok(bad.body.errors.date);
  const broken = await close('2031-07-01', 'one\ntwo');
  assert.is(broken.status, 422);
  assert.ok(broken.body.errors.note);
  assert.is((await close('2031-07-02', 'x'.repeat(201))).status, 422);
});

test('a booking on a closed date cannot be accepted; it can be rejected; other dates accept as before', async () => {
  const shut = await request('2031-12-25');
  const refused = await api.call('PUT', `organiser/booking/${shut}`, { token: A.token, form: { status: '1' } });
  assert.is(refused.status, 409);
  assert.match(refused.body.message, /closed date/);
  const still = await api.call('GET', `organiser/booking/${shut}`, { token: A.token });
  assert.is(still.body.data.status, 'Requested');
  const open = await request('2031-12-26');
  assert.is((await api.call('PUT', `organiser/booking/${open}`, { token: A.token, form: { status: '1' } })).body.data.status, 'Allowed');
  assert.is((await api.call('PUT', `organiser/booking/${shut}`, { token: A.token, form: { status: '2' } })).body.data.status, 'Rejected');
});

test('a bulk accept naming a booking on a closed date changes nothing', async () => {
  const shut = await request('2031-06-01');
  const open = await request('2031-06-02');
  const r = await api.call('POST', 'organiser/bookings/bulk-status', {
    token: A.token,
    form: { company_id: String(A.companyId), status: '1', ids: JSON.stringify([open, shut]) },
  });
  assert.is(r.status, 409);
  for (const id of [open, shut]) assert.is((await api.call('GET', `organiser/booking/${id}`, { token: A.token })).body.data.status, 'Requested');
});

test('removing a closed date opens it for accepting again', async () => {
  const list = await api.call('GET', `closures/${A.companyId}`, { token: A.token });
  const june = list.body.data.closures.find((c: { date: string }) => c.date === '2031-06-01');
  assert.is((await api.call('DELETE', `closures/${june.id}`, { token: A.token })).status, 200);
  const id = await request('2031-06-01');
  assert.is((await api.call('PUT', `organiser/booking/${id}`, { token: A.token, form: { status: '1' } })).body.data.status, 'Allowed');
  assert.is((await api.call('DELETE', `closures/${june.id}`, { token: A.token })).status, 404);
});

test("another organiser's user can neither read, add nor remove these closed dates", async () => {
  assert.is((await api.call('GET', `closures/${A.companyId}`, { token: B.token })).status, 403);
  assert.is((await api.call('POST', 'closures', { token: B.token, form: { company_id: String(A.companyId), date: '2031-08-01' } })).status, 403);
  const list = await api.call('GET', `closures/${A.companyId}`, { token: A.token });
  assert.is((await api.call('DELETE', `closures/${list.body.data.closures[0].id}`, { token: B.token })).status, 403);
  assert.is((await api.call('GET', 'closures/999999', { token: await api.login() })).status, 404);
});

test.run();
