import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, recognitionEvent as event, type Organiser } from './campaigns-fixtures.ts';
import { tokenFor } from './admin-helpers.ts';
import { BIB_LENGTH_RANGE, bibTooLong } from '../../src/common/bib-range.ts';
import { PAYMENT_BIB_REQUIRED, PAYMENT_BIB_WHOLE, PAYMENT_EMAIL, PAYMENT_SLAB } from '../../src/common/participant-payment.ts';

// The photo-recognition API behind the user's session (DESIGN.md §4): no static
// token from the browser, each organiser only its own recognition events.

let api: TestApi;
let admin: string;
let a: Organiser;
let b: Organiser;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  a = await makeOrganiser(api, 'Rec A');
  b = await makeOrganiser(api, 'Rec B');
});
test.after(async () => {
  await api.stop();
});

const bib = { bib_start_range: '100', bib_end_range: '900', bib_prefix: 'A', is_bib_present: true };
const count = async () => Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM recognition_events'))!.n);
const create = async (token: string) => {
  const r = await api.call('POST', '/recognition/events', { json: event, token });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body.data.id as number;
};

test('an anonymous call is 401 on every recognition path, even with the old static token, and writes nothing', async () => {
  const before = await count();
  const key = { 'X-Api-Key': 'demo-recognition-token' };
  assert.is((await api.call('POST', '/recognition/events', { json: event, headers: key })).status, 401);
  assert.is((await api.call('GET', '/recognition/payment-slabs', { headers: key })).status, 401);
  const id = await create(a.token);
  assert.is((await api.call('DELETE', `/recognition/events/${id}`, { headers: key })).status, 401);
  assert.is((await api.call('POST', `/recognition/events/${id}/bib_filter`, { json: bib, headers: key })).status, 401);
  assert.is(await count(), before + 1);
});

test('a signed-in role without the Organizers screen reaches no recognition call (403); one with it reaches all', async () => {
  const id = await create(a.token);
  const users = await tokenFor(api, admin, ['users']);
  assert.is((await api.call('GET', '/recognition/payment-slabs', { token: users.token })).status, 403);
  assert.is((await api.call('DELETE', `/recognition/events/${id}`, { token: users.token })).status, 403);
  const organisers = await tokenFor(api, admin, ['organizers']);
  assert.is((await api.call('POST', `/recognition/events/${id}/bib_filter`, { json: bib, token: organisers.token })).status, 200);
});

test('a change without the XSRF header is 419', async () => {
  assert.is((await api.call('POST', '/recognition/events', { json: event, token: a.token, xsrf: false })).status, 419);
});

test('an organiser creates an event (data.id, payload kept, owned by its organiser) and saves its BIB filter', async () => {
  const id = await create(a.token);
  const r = await api.call('POST', `/recognition/events/${id}/bib_filter`, { json: bib, token: a.token });
  assert.is(r.status, 200);
  const row = await api.sql.get<{ payload: string; bib_filter: string; company_id: number }>(
    'SELECT payload, bib_filter, company_id FROM recognition_events WHERE id = ?',
    [id],
  );
  assert.is(JSON.parse(row!.payload).slug, 'city-run');
  assert.is(JSON.parse(row!.bib_filter).bib_end_range, '900');
  assert.is(Number(row!.company_id), a.companyId);
});

test("organiser B can neither delete nor overwrite the BIB filter of organiser A's event", async () => {
  const id = await create(a.token);
  await api.call('POST', `/recognition/events/${id}/bib_filter`, { json: bib, token: a.token });
  assert.is((await api.call('DELETE', `/recognition/events/${id}`, { token: b.token })).status, 403);
  const over = await api.call('POST', `/recognition/events/${id}/bib_filter`, { json: { ...bib, bib_end_range: '1' }, token: b.token });
  assert.is(over.status, 403);
  assert.is((await api.call('POST', '/recognition/events/payment/participant', { json: { event_id: id }, token: b.token })).status, 403);
  const row = await api.sql.get<{ bib_filter: string }>('SELECT bib_filter FROM recognition_events WHERE id = ?', [id]);
  assert.is(JSON.parse(row!.bib_filter).bib_end_range, '900');
});

test("an admin reaches every organiser's event; an admin-made event is out of reach for organisers", async () => {
  const id = await create(a.token);
  assert.is((await api.call('POST', `/recognition/events/${id}/bib_filter`, { json: bib, token: admin })).status, 200);
  const own = await create(admin);
  assert.is((await api.call('DELETE', `/recognition/events/${own}`, { token: a.token })).status, 403);
  assert.is((await api.call('DELETE', `/recognition/events/${own}`, { token: admin })).status, 200);
});

test('an event without name, slug or dates is a validation_error naming those fields', async () => {
  const r = await api.call('POST', '/recognition/events', { json: { ...event, name: '', slug: 'bad slug!', from_date: '2030-13-01' }, token: a.token });
  assert.is(r.status, 422);
  assert.ok(r.body.errors.name && r.body.errors.slug && r.body.errors.from_date);
});

test('unknown, malformed and out-of-range ids are 404', async () => {
  for (const id of ['99999', 'abc', '-1', '4294967296']) {
    assert.is((await api.call('POST', `/recognition/events/${id}/bib_filter`, { json: bib, token: a.token })).status, 404, id);
    assert.is((await api.call('DELETE', `/recognition/events/${id}`, { token: admin })).status, 404, id);
  }
});

test('payment slabs are an object keyed by id with name and description, for a signed-in organiser', async () => {
  const r = await api.call('GET', '/recognition/payment-slabs', { token: a.token });
  assert.is(r.status, 200);
  const slabs = Object.entries(r.body.data) as [string, { name: string; description: string }][];
  assert.ok(slabs.length > 0);
  for (const [id, s] of slabs) {
    assert.match(id, /^\d+$/);
    assert.type(s.name, 'string');
    assert.type(s.description, 'string');
  }
});

test('participant payment needs a known event of the caller', async () => {
  const id = await create(a.token);
  const pay = { bib_number: '1042', email: 'runner@example.com', payment_slab: '2' };
  assert.is((await api.call('POST', '/recognition/events/payment/participant', { json: { event_id: id, ...pay }, token: a.token })).status, 200);
  assert.is((await api.call('POST', '/recognition/events/payment/participant', { json: { event_id: 424242, ...pay }, token: a.token })).status, 404);
});

test('a participant payment is checked by the shared rule (422 naming each field) and kept with its event', async () => {
  const id = await create(a.token);
  const payments = async () =>
    (await api.sql.all<{ payload: string }>('SELECT payload FROM recognition_participant_payments WHERE event_id = ? ORDER BY id', [id])).map((r) =>
      JSON.parse(r.payload),
    );
  const post = (json: object) => api.call('POST', '/recognition/events/payment/participant', { json: { event_id: id, ...json }, token: a.token });
  const bad = await post({ bib_number: '12x', email: 'not-mail', payment_slab: '99' });
  assert.is(bad.status, 422);
  assert.equal(bad.body.errors, { bib_number: [PAYMENT_BIB_WHOLE], email: [PAYMENT_EMAIL], payment_slab: [PAYMENT_SLAB] });
  assert.equal((await post({})).body.errors.bib_number, [PAYMENT_BIB_REQUIRED]);
  assert.equal(await payments(), [], 'nothing kept');
  const good = await post({ bib_number: ' 1042 ', email: '', payment_slab: '3' });
  assert.is(good.status, 200);
  assert.is(good.body.message, 'Payment saved successfully.');
  assert.equal(await payments(), [{ event_id: id, bib_number: '1042', email: '', payment_slab: '3' }]);
  assert.is((await api.call('DELETE', `/recognition/events/${id}`, { token: a.token })).status, 200);
  assert.is(
    Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM recognition_participant_payments WHERE event_id = ?', [id]))!.n),
    0,
    'removed with its event',
  );
});

test('deleting an event removes it, a second delete is 404', async () => {
  const id = await create(a.token);
  assert.is((await api.call('DELETE', `/recognition/events/${id}`, { token: a.token })).status, 200);
  assert.is(await api.sql.get('SELECT id FROM recognition_events WHERE id = ?', [id]), undefined);
  assert.is((await api.call('DELETE', `/recognition/events/${id}`, { token: a.token })).status, 404);
});

test("a BIB filter breaking the shared BIB rules is 422 with the field's message and stores nothing", async () => {
  const id = await create(a.token);
  const r = await api.call('POST', `/recognition/events/${id}/bib_filter`, { json: { ...bib, bib_length: 'zz' }, token: a.token });
  assert.is(r.status, 422);
  assert.equal(r.body.errors.bib_length, [BIB_LENGTH_RANGE]);
  const short = await api.call('POST', `/recognition/events/${id}/bib_filter`, { json: { ...bib, bib_length: '2' }, token: a.token });
  assert.equal(short.body.errors, { bib_start_range: [bibTooLong('start', 2)], bib_end_range: [bibTooLong('end', 2)] });
  const row = await api.sql.get<{ bib_filter: string | null }>('SELECT bib_filter FROM recognition_events WHERE id = ?', [id]);
  assert.ok(!row!.bib_filter || !JSON.parse(row!.bib_filter).bib_length, 'no filter stored');
});

test.run();
