import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, type TestOrganiser } from './organiser-fixtures.ts';
import { insertBooking } from '../../server/db/queries/bookings.ts';

let api: TestApi;
let A: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  A = await makeOrganiser(api, 'Book', 0);
});
test.after(async () => {
  await api.stop();
});

const newRequest = () =>
  insertBooking(api.sql, { companyId: A.companyId, date: '2031-05-01', name: 'Walk In', email: 'walk@example.com', phone: '555', status: 0, token: null });

test('the list is a paginator of bookings with the user nested and no token while Requested', async () => {
  const r = await api.call('GET', `organiser/bookings?company_id=${A.companyId}&page=1`, { token: A.token });
  assert.is(r.status, 200);
  assert.is(r.body.data.total, 1);
  const b = r.body.data.data[0];
  assert.equal(Object.keys(b).sort(), ['date', 'id', 'status', 'token', 'user', 'version']);
  assert.is(b.status, 'Requested');
  assert.is(b.token, null);
  assert.equal(b.user, { name: 'Guest of Book', email: 'guest-book@example.com', phone: '5550000' });
});

test('accept (status 1) makes it Allowed with a fresh token shown on the booking', async () => {
  const id = await newRequest();
  const r = await api.call('PUT', `organiser/booking/${id}`, { token: A.token, form: { status: '1' } });
  assert.is(r.status, 200);
  assert.is(r.body.data.status, 'Allowed');
  assert.match(r.body.data.token, /^[A-Z2-9]{8}$/);
  const again = await api.call('GET', `organiser/booking/${id}`, { token: A.token });
  assert.is(again.body.data.token, r.body.data.token);
});

test('reject (status 2) makes it Rejected without a token', async () => {
  const id = await newRequest();
  const r = await api.call('PUT', `organiser/booking/${id}`, { token: A.token, form: { status: '2' } });
  assert.is(r.body.data.status, 'Rejected');
  assert.is(r.body.data.token, null);
});

test('a booking that is no longer Requested cannot change (409) and keeps its state', async () => {
  const id = await newRequest();
  await api.call('PUT', `organiser/booking/${id}`, { token: A.token, form: { status: '2' } });
  const r = await api.call('PUT', `organiser/booking/${id}`, { token: A.token, form: { status: '1' } });
  assert.is(r.status, 409);
  assert.is((await api.call('GET', `organiser/booking/${id}`, { token: A.token })).body.data.status, 'Rejected');
});

test('a status other than 1 or 2 is a validation_error', async () => {
  const id = await newRequest();
  for (const status of ['0', '3', '', 'yes']) {
    const r = await api.call('PUT', `organiser/booking/${id}`, { token: A.token, form: { status } });
    assert.is(r.status, 422, status);
  }
  assert.is((await api.call('GET', `organiser/booking/${id}`, { token: A.token })).body.data.status, 'Requested');
});

test('an unknown booking is 404 and the list needs a company id', async () => {
  assert.is((await api.call('GET', 'organiser/booking/99999', { token: A.token })).status, 404);
  assert.is((await api.call('GET', 'organiser/bookings', { token: A.token })).status, 422);
});

test.run();
