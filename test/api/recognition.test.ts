import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { TOKEN } from './campaigns-fixtures.ts';

let api: TestApi;
test.before(async () => { api = await startTestApi(); });
test.after(async () => { await api.stop(); });

const key = { 'X-Api-Key': TOKEN };
const event = {
  name: 'City Run', location: 'Kochi', type: 'RUNNING', is_active: true, is_sales: false, from_date: '2030-05-01', to_date: '2030-05-02',
  organizer: 'Run Club', sponsors: ['Acme'], fr1: 0.3, fr2: 0, fr3: 0.65, slug: 'city-run', payment: '', is_sales_combined: false,
  is_date_filter_enabled: true, photo_points: [], is_dynamic_branding_enabled: false,
};

test('every recognition call without the static token is refused with 403 and writes nothing', async () => {
  const r = await api.call('POST', '/recognition/events', { json: event, xsrf: false });
  assert.is(r.status, 403);
  assert.is((await api.call('GET', '/recognition/payment-slabs', { headers: { 'X-Api-Key': 'wrong' } })).status, 403);
  assert.is(Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM recognition_events'))!.n), 0);
});

test('creating an event answers data.id and keeps the payload', async () => {
  const r = await api.call('POST', '/recognition/events', { json: event, headers: key });
  assert.is(r.status, 200);
  assert.is(r.body.status, 'success');
  assert.type(r.body.data.id, 'number');
  const row = await api.sql.get<{ payload: string }>('SELECT payload FROM recognition_events WHERE id = ?', [r.body.data.id]);
  assert.is(JSON.parse(row!.payload).slug, 'city-run');
});

test('an event without name, slug or dates is a validation_error naming those fields', async () => {
  const r = await api.call('POST', '/recognition/events', { json: { ...event, name: '', slug: 'bad slug!', from_date: '2030-13-01' }, headers: key });
  assert.is(r.status, 422);
  assert.is(r.body.status, 'validation_error');
  assert.ok(r.body.errors.name && r.body.errors.slug && r.body.errors.from_date);
});

test('the BIB filter is saved for an existing event and 404 for an unknown one', async () => {
  const id = (await api.call('POST', '/recognition/events', { json: event, headers: key })).body.data.id;
  const bib = { bib_start_range: '100', bib_end_range: '900', bib_prefix: 'A', is_bib_present: true };
  const r = await api.call('POST', `/recognition/events/${id}/bib_filter`, { json: bib, headers: key });
  assert.is(r.status, 200);
  const row = await api.sql.get<{ bib_filter: string }>('SELECT bib_filter FROM recognition_events WHERE id = ?', [id]);
  assert.is(JSON.parse(row!.bib_filter).bib_end_range, '900');
  assert.is((await api.call('POST', '/recognition/events/99999/bib_filter', { json: bib, headers: key })).status, 404);
});

test('payment slabs are an object keyed by id with name and description', async () => {
  const r = await api.call('GET', '/recognition/payment-slabs', { headers: key });
  assert.is(r.status, 200);
  const slabs = Object.entries(r.body.data) as [string, { name: string; description: string }][];
  assert.ok(slabs.length > 0);
  for (const [id, s] of slabs) { assert.match(id, /^\d+$/); assert.type(s.name, 'string'); assert.type(s.description, 'string'); }
});

test('participant payment needs a known event', async () => {
  const id = (await api.call('POST', '/recognition/events', { json: event, headers: key })).body.data.id;
  assert.is((await api.call('POST', '/recognition/events/payment/participant', { json: { event_id: id, amount: 10 }, headers: key })).status, 200);
  assert.is((await api.call('POST', '/recognition/events/payment/participant', { json: { event_id: 424242 }, headers: key })).status, 404);
});

test('deleting an event removes it, a second delete is 404', async () => {
  const id = (await api.call('POST', '/recognition/events', { json: event, headers: key })).body.data.id;
  assert.is((await api.call('DELETE', `/recognition/events/${id}`, { headers: key })).status, 200);
  assert.is(await api.sql.get('SELECT id FROM recognition_events WHERE id = ?', [id]), undefined);
  assert.is((await api.call('DELETE', `/recognition/events/${id}`, { headers: key })).status, 404);
});

test.run();
