import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { startTestApi, type TestApi } from './harness.ts';
import { makeCampaign, makeOrganiser, PNG, recognitionEvent, type Organiser } from './campaigns-fixtures.ts';
import { insertBooking } from '../../server/db/queries/bookings.ts';
import { CONTRACT } from '../../src/common/contract/schemas.ts';
import { ORGANISER_CONTRACT } from '../../src/common/contract/organiser.ts';

// Every body the organiser console's routes read is typed by the wire contract:
// a JSON list where text is expected is refused with 422 naming the field, never read as text.

/** The organiser routes of the contract: ORGANISER_CONTRACT and the event, campaign and booking entries of schemas.ts. */
const MINE = [
  ...Object.keys(ORGANISER_CONTRACT),
  'POST /api/event',
  'PUT /api/event/{id}',
  'POST /api/campaign',
  'PUT /api/campaign/{id}',
  'PUT /api/organiser/booking/{id}',
];

/** The JSON types a JSON schema accepts ("string", "number", "array", …), unions included. */
const typesOf = (s: { type?: string | string[]; anyOf?: unknown[] }): string[] => [
  ...(Array.isArray(s.type) ? s.type : s.type ? [s.type] : []),
  ...(s.anyOf ?? []).flatMap((x) => typesOf(x as typeof s)),
];

/** The fields of `body` that take text (a string, or a string or a number), not a list nor a file. */
function textFields(body: z.ZodType): string[] {
  const schema = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, { format?: string }> };
  return Object.entries(schema.properties ?? {})
    .filter(([, s]) => {
      const types = typesOf(s as never);
      return types.includes('string') && !types.includes('array') && s.format !== 'binary';
    })
    .map(([k]) => k);
}

let api: TestApi;
let org: Organiser;
const ids: Record<string, number> = {};
test.before(async () => {
  api = await startTestApi();
  org = await makeOrganiser(api, 'Contract Org');
  ids.event = org.eventId;
  ids.campaign = await makeCampaign(api, org);
  const template = await api.call('POST', 'template', {
    token: org.token,
    form: {
      campaign_id: String(ids.campaign),
      image: PNG,
      template_json: '{}',
      x: '0',
      y: '0',
      width: '1',
      height: '1',
      template_width: '1',
      template_height: '1',
    },
  });
  ids.template = template.body.data.id;
  ids.booking = await insertBooking(api.sql, {
    companyId: org.companyId,
    date: '2030-05-01',
    name: 'Guest',
    email: 'guest@example.com',
    phone: '',
    status: 0,
    token: null,
  });
  ids.recognition = (await api.call('POST', '/recognition/events', { token: org.token, json: recognitionEvent })).body.data.id;
});
test.after(async () => {
  await api.stop();
});

/** The path to call for contract key `key`: its {id} the organiser's own record of that kind. */
function pathOf(key: string): string {
  const path = key.split(' ')[1];
  const kind = path.startsWith('/recognition/')
    ? 'recognition'
    : /\/api\/(event|campaign|template|organiser\/booking)\/\{id\}/.exec(path)?.[1].replace('organiser/', '');
  return path.replace('{id}', String(ids[kind ?? ''] ?? 0));
}

test('the organiser routes with a body are found, each with text fields', () => {
  const withBody = MINE.filter((k) => CONTRACT[k]?.body);
  assert.ok(withBody.length >= 27, `${withBody.length} routes with a body`);
  // The participants sheet's upload is a file and nothing else.
  const fileOnly = new Set(['POST /api/event/{id}/participants']);
  for (const k of withBody) if (!fileOnly.has(k)) assert.ok(textFields(CONTRACT[k].body!).length > 0, `${k} has text fields`);
  assert.equal(textFields(CONTRACT['POST /api/event/{id}/participants'].body!), [], 'the participants sheet is a file');
  assert.ok(textFields(CONTRACT['POST /api/campaign'].body!).includes('title'));
  assert.not.ok(textFields(CONTRACT['POST /api/uploadExcel'].body!).includes('excel'), 'the sheet is a file');
  assert.not.ok(textFields(CONTRACT['POST /recognition/events'].body!).includes('sponsors'), 'sponsors may be a list');
});

test('a JSON list in any text field of an organiser route answers 422 naming that field', async () => {
  const missed: string[] = [];
  let calls = 0;
  for (const key of MINE.filter((k) => CONTRACT[k]?.body)) {
    const method = key.split(' ')[0];
    for (const field of textFields(CONTRACT[key].body!)) {
      const r = await api.call(method, pathOf(key), { token: org.token, json: { [field]: ['x'] } });
      calls++;
      const message = r.body?.errors?.[field]?.[0];
      if (r.status !== 422 || !/ must be a string\.$/.test(message ?? ''))
        missed.push(`${key} ${field}: ${r.status} ${JSON.stringify(r.body?.errors ?? r.body?.message)}`);
    }
  }
  assert.equal(missed, []);
  assert.ok(calls >= 140, `${calls} calls`);
});

test('what a refused body named is not stored: the campaign and the event keep their titles', async () => {
  const before = (await api.call('GET', `getCampaignDetailById?campaign_id=${ids.campaign}`, { token: org.token })).body.data.title;
  const r = await api.call('PUT', `campaign/${ids.campaign}`, { token: org.token, json: { title: ['Renamed'], description: 'x' } });
  assert.is(r.status, 422);
  assert.equal(r.body.errors.title, ['The title must be a string.']);
  assert.is((await api.call('GET', `getCampaignDetailById?campaign_id=${ids.campaign}`, { token: org.token })).body.data.title, before);
  const event = await api.call('PUT', `event/${ids.event}`, { token: org.token, json: { title: { text: 'Renamed' } } });
  assert.equal(event.body.errors.title, ['The title must be a string.']);
  assert.is.not((await api.call('GET', `event/${ids.event}`, { token: org.token })).body.data.title, 'Renamed');
});

test('a number where a form sends text is read as the form value (ids, choices, amounts)', async () => {
  const r = await api.call('PUT', 'holiday', { token: org.token, json: { company_id: org.companyId, days: '[2,3]' } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data, { company_id: org.companyId, companydays: [2, 3] });
  const booking = await api.call('PUT', `organiser/booking/${ids.booking}`, { token: org.token, json: { status: 2 } });
  assert.is(booking.status, 200, JSON.stringify(booking.body));
  assert.is(booking.body.data.status, 'Rejected');
});

test('the document publishes the photo upload as multipart with a file, exports as CSV, stored images as bytes', async () => {
  const doc = (await api.call('GET', 'openapi.json')).body;
  const upload = doc.paths['/api/uploadExcel'].post.requestBody.content;
  assert.equal(Object.keys(upload), ['multipart/form-data']);
  assert.is(upload['multipart/form-data'].schema.properties.excel.format, 'binary');
  assert.ok(doc.paths['/api/event/export'].get.responses['200'].content['text/csv']);
  assert.is(doc.paths['/uploads/{path}'].get.responses['200'].content['image/png'].schema.format, 'binary');
  assert.equal(doc.paths['/api/event'].get.parameters.find((p: { name: string }) => p.name === 'organizer_id')?.required, true);
});

test.run();
