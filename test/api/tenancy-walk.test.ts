/**
 * Every route of the OpenAPI document, walked as another organiser (DESIGN.md §3 "Every
 * organiser-console call is scoped"). Organiser A owns one row of every owned table the resources
 * declare (src/common/resources.ts `owns`); organiser B's user and a second member of B's team
 * then call each route with A's ids wherever a declaration says the route names an owned row (a
 * path `{param}`, a query or body field). Each call must be refused (403 or 404) with nothing of
 * A's in the answer, and afterwards every row A owns is as it was. The walk reads the
 * declarations: a route naming an id that no declaration claims fails the test (unless its id
 * names no organiser's record: NOT_OWNED), so removing a resource's owner declaration fails here,
 * and a new route is walked as soon as it is in the document.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, csvFile, photoCsv, goodRow, type TestOrganiser } from './organiser-fixtures.ts';
import { campaignForm, PNG, recognitionEvent } from './campaigns-fixtures.ts';
import { hashPassword } from '../../server/lib/auth/passwords.ts';
import { OWNED_TABLES } from '../../src/common/owned-tables.ts';
import type { OwnedTableName } from '../../src/common/resources.ts';
import { ownedByOrganiser } from '../../server/db/tenancy.ts';
import { deleteTemplate, updateTemplateArea } from '../../server/db/queries/templates.ts';
import { setVideoStatus } from '../../server/db/queries/participant-videos.ts';
import { deleteClosure } from '../../server/db/queries/closures.ts';
import { deleteEvent, updateEvent } from '../../server/db/queries/events.ts';
import { deleteCampaign } from '../../server/db/queries/campaigns.ts';
import { answerBooking } from '../../server/db/queries/bookings.ts';
import { deleteRecognitionEvent, setBibFilter, setPayload } from '../../server/db/queries/recognition.ts';

let api: TestApi;
let A: TestOrganiser, B: TestOrganiser;
let teamToken = '';
/** A's id of one row of each owned table. */
const ids: Record<string, number> = {};

/**
 * Routes a company user may call on its own account, or that name no organiser's row, and so are
 * not walked: each with why. Everything else in the document is walked.
 */
const NOT_WALKED: Record<string, string> = {
  'GET /api/ping': 'liveness',
  'GET /api/stream': "the caller's own changes, filtered per reader (stream.test.ts)",
  'GET /api/health': 'readiness',
  'GET /api/openapi.json': 'the document',
  'GET /api/docs': 'the reference page',
  'POST /api/logout': "ends the caller's own session",
  'GET /api/user/get': "the caller's own user",
  'GET /api/user/getmenu': "the caller's own menus",
  'GET /api/route/check': "the caller's own screens",
  'GET /api/import-job/current': "the caller's own imports",
  'GET /api/import-job/recent': "the caller's own imports",
  'GET /recognition/payment-slabs': 'a fixed catalogue',
  'POST /recognition/events': "creates the caller's own recognition event",
  'GET /uploads/{path}': 'stored images by unguessable key',
  'GET /api/activity': "the caller's own organiser's entries (services/activity.ts activityScope; test/api/activity.test.ts)",
  'GET /api/activity/export': "the caller's own organiser's entries, as the list",
  'GET /api/webhooks': "the caller's own organiser's endpoints (test/api/webhooks.test.ts)",
  'POST /api/webhooks': "adds an endpoint of the caller's own organiser",
  'GET /api/tokens': "the caller's own API tokens (test/api/api-tokens.test.ts)",
  'POST /api/tokens': "makes an API token of the caller's own",
  'DELETE /api/tokens/{id}': "revokes the caller's own API token; another user's is 404 (test/api/api-tokens.test.ts)",
  'GET /api/report-schedules': "the caller's own organiser's report schedules (test/api/report-schedules.test.ts)",
  'POST /api/report-schedules': "schedules a report of the caller's own organiser (its event and users checked: test/api/report-schedules.test.ts)",
  'GET /api/report-schedules/recipients': "the caller's own organiser's users",
  'GET /api/leases/{resource}/{id}':
    "a record of any leased resource, checked by its declaration (owned: inScope); another organiser's is 403 (test/api/leases.test.ts)",
  'PUT /api/leases/{resource}/{id}': 'as GET: another organiser cannot take or take over a lease (test/api/leases.test.ts)',
  'DELETE /api/leases/{resource}/{id}': 'as GET: another organiser cannot give a lease back (test/api/leases.test.ts)',
};
/** Routes whose id fields are alternatives (exactly one is sent): each claimed one is walked alone. */
const ONE_OF = new Set(['GET /api/deleteImpact']);
/** Path prefixes of routes not walked: the caller's own account, sign-in and its e-mailed links, and the participants' gallery (a token, not an id). */
const NOT_WALKED_PREFIXES = ['/api/login', '/api/password/', '/api/two-step/unlock', '/api/account', '/api/gallery/', '/api/reports/unsubscribe'];
/**
 * Ids that name no organiser's record: admin records, import jobs (kept per user), a conference
 * user's external id within the campaign named beside it, a price type and an image console's id.
 */
const NOT_OWNED = /^\/api\/(user|role|permission|adminmenu|page|import-job)(\/|$)|^(user_id|photo_id|photo_price_type_id|image_console_id)$/;

/** The owned table a route's id names: a route's own field ref, then the longest path prefix, then a field or `{param}` ref. */
function claimOf(method: string, path: string, name: string, inPath: boolean): string | undefined {
  let best: { table: string; len: number } | undefined;
  for (const t of Object.values(OWNED_TABLES)) {
    for (const ref of t.refs) {
      if (ref === `${method} ${path} ${name}`) return t.table;
      const routeRef = /^(GET|POST|PUT|DELETE) (\S+)$/.exec(ref);
      const prefix = routeRef ? (routeRef[1] === method ? routeRef[2] : null) : ref.startsWith('/') ? ref : null;
      if (inPath && prefix && prefix.endsWith(`{${name}}`) && (path === prefix || path.startsWith(`${prefix}/`))) {
        if (!best || prefix.length > best.len) best = { table: t.table, len: prefix.length };
      }
    }
  }
  if (best) return best.table;
  return Object.values(OWNED_TABLES).find((t) => t.refs.includes(inPath ? `{${name}}` : name))?.table;
}

const idLike = (name: string) => name === 'id' || name === 'ids' || /_id$|Id$/.test(name);

/**
 * What a route needs beside the ids the walk puts in, so that only the scope check can refuse it
 * (a body that fails validation would answer 422 before a scope check that reads the body).
 */
function sampleOf(key: string): { query?: Record<string, string>; form?: Record<string, string | Blob>; json?: unknown } {
  const event = String(ids.events),
    campaign = String(ids.campaigns),
    company = String(A.companyId);
  const samples: Record<string, ReturnType<typeof sampleOf>> = {
    'GET /api/event/export': { query: { organizer_id: company } },
    'POST /api/event': {
      form: { title: 'Planted', description: '', start_date: '2030-01-01', end_date: '2030-01-01', organizer_id: company, event_logo: ' ' },
    },
    'PUT /api/event/{id}': { form: { title: 'Planted', description: '' } },
    'POST /api/event/bulk-delete': { form: { organizer_id: company, ids: `[${ids.events}]` } },
    'POST /api/campaign': { form: campaignForm(ids.events, { title: 'Planted' }) },
    'PUT /api/campaign/{id}': { form: campaignForm(ids.events, { title: 'Planted' }) },
    'GET /api/getCampaignDetailById': { query: { campaign_id: campaign } },
    'GET /api/campaign/subdomain-available': { query: { event_id: event, subdomain: 'planted', campaign_id: campaign } },
    'GET /api/organiser/bookings/export': { query: { company_id: company } },
    'POST /api/organiser/bookings/bulk-status': { form: { company_id: company, status: '1', ids: `[${ids.bookings}]` } },
    'PUT /api/organiser/booking/{id}': { form: { status: '1' } },
    'PUT /api/holiday': { form: { company_id: company, days: '[1,2]' } },
    'POST /api/holiday': { form: { company_id: company, days: '[1,2]' } },
    'PUT /api/organiser/holiday': { form: { company_id: company, days: '[1,2]' } },
    'POST /api/organiser/holiday': { form: { company_id: company, days: '[1,2]' } },
    'POST /api/closures': { form: { company_id: company, date: '2031-01-02', note: 'Planted' } },
    'GET /api/getPhotosByEventId/export': { query: { event_id: event } },
    'POST /api/getPhotosByEventId/bulk-delete': { form: { event_id: event, ids: `[${ids.event_photos}]` } },
    'POST /api/uploadExcel': { form: { event_id: event, excel: csvFile(photoCsv([goodRow(9001)])), photo_price_type_id: '1' } },
    'POST /api/template': {
      form: { campaign_id: campaign, image: PNG, template_json: '{}', x: '0', y: '0', width: '1', height: '1', template_width: '1', template_height: '1' },
    },
    'PUT /api/template/{id}': { form: { template_json: '{}', x: '0', y: '0', width: '1', height: '1' } },
    'GET /api/getAllParticipantVideos': { query: { campaign_id: String(ids.video_campaign), status: '1' } },
    'GET /api/getAllParticipantVideos/counts': { query: { campaign_id: String(ids.video_campaign) } },
    'GET /api/getAllParticipantVideos/export': { query: { campaign_id: String(ids.video_campaign), status: '1' } },
    'POST /api/getAllParticipantVideos/bulk-status': {
      query: { campaign_id: String(ids.video_campaign), status: '1' },
      form: { status: '4', ids: `[${ids.participant_videos}]` },
    },
    'POST /api/updateParticipantVideo': { form: { status: '4' } },
    'GET /api/getAllConferenceUSers': { query: { campaign_id: String(ids.conference_campaign), type: '2' } },
    'GET /api/getAllConferenceUSers/export': { query: { campaign_id: String(ids.conference_campaign) } },
    'POST /api/updateParticipantType': { form: { campaign_id: String(ids.conference_campaign), user_id: '77' } },
    'PUT /recognition/events/{id}': { json: recognitionEvent },
    'POST /recognition/events/{id}/bib_filter': {
      json: { is_bib_present: true, bib_start_range: 1, bib_end_range: 10, bib_prefix: '', bib_suffix: '', bib_length: 2 },
    },
    'POST /recognition/events/payment/participant': { json: { bib_number: '1', email: 'p@example.com', payment_slab: '1' } },
    'POST /api/event/{id}/participant': { form: { bib_number: '9001', name: 'Planted', email: '', face_consent: 'no' } },
    'POST /api/event/{id}/participants': { form: { file: csvFile('bib_number,name,email,face_consent,consent_date\n9002,Planted,,no,\n') } },
    'PUT /api/event/{id}/face-search': { form: { mode: 'consent', retention_days: '30', consent_version: 'v1' } },
    'PUT /api/report-schedules/{id}': { form: { name: 'Planted', kind: 'sales', frequency: 'daily', time: '08:00', time_zone: 'UTC', recipients: '1' } },
    'PUT /api/report-schedules/{id}/status': { form: { status: 'paused' } },
  };
  return samples[key] ?? {};
}

/** The id the walk sends for owned table `table`: A's row (the video and conference lists take their own campaigns). */
const idFor = (table: string, key: string) =>
  table === 'campaigns' && /ParticipantVideo|participantVideo/.test(key)
    ? ids.video_campaign
    : table === 'campaigns' && /ConferenceUSers|ParticipantType/.test(key)
      ? ids.conference_campaign
      : ids[table];

/** Every row A owns, table by table, through the owner conditions the declarations give. */
async function snapshotOfA() {
  const out: Record<string, unknown[]> = {};
  for (const t of Object.values(OWNED_TABLES)) {
    out[t.table] = await api.sql.all(`SELECT * FROM ${t.table} WHERE ${ownedByOrganiser(t.table as OwnedTableName)}${t.keyless ? '' : ' ORDER BY id'}`, [
      A.companyId,
    ]);
  }
  return out;
}

test.before(async () => {
  try {
    await setUp();
  } catch (e) {
    console.error(e);
    throw e;
  }
});
async function setUp() {
  api = await startTestApi();
  A = await makeOrganiser(api, 'Alpha');
  B = await makeOrganiser(api, 'Bravo');
  // A second member of B's team: a company user of the same organiser.
  const member = await api.sql.get<{ id: number }>(
    "INSERT INTO users (name, email, password_hash, company_id, created_at) VALUES ('Bravo team', 'bravo-team@example.com', ?, ?, ?) RETURNING id",
    [await hashPassword('Organiser-pass-1'), B.companyId, Date.now()],
  );
  await api.sql.run("INSERT INTO user_roles (user_id, role_id) SELECT ?, id FROM roles WHERE name = 'company'", [member!.id]);
  teamToken = await api.login('bravo-team@example.com', 'Organiser-pass-1');

  const t = A.token;
  const made = async (method: string, path: string, o: Parameters<TestApi['call']>[2]) => {
    const r = await api.call(method, path, { token: t, ...o });
    if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  ids.companies = A.companyId;
  ids.events = A.eventId;
  ids.bookings = A.bookingId;
  ids.event_photos = Number((await api.sql.get<{ id: number }>('SELECT id FROM event_photos WHERE event_id = ? ORDER BY id LIMIT 1', [A.eventId]))!.id);
  // The campaign form's dates (2030-05-01 to 02) lie within the event's.
  await api.sql.run("UPDATE events SET start_date = '2030-05-01', end_date = '2030-05-03' WHERE id = ?", [A.eventId]);
  ids.campaigns = (await made('POST', 'campaign', { form: campaignForm(A.eventId, { title: 'Alpha images' }) })).id;
  ids.video_campaign = (await made('POST', 'campaign', { form: campaignForm(A.eventId, { title: 'Alpha videos', type: '2' }) })).id;
  ids.conference_campaign = (await made('POST', 'campaign', { form: campaignForm(A.eventId, { title: 'Alpha talks', type: '3' }) })).id;
  ids.templates = (
    await made('POST', 'template', {
      form: {
        campaign_id: String(ids.campaigns),
        image: PNG,
        template_json: '{}',
        x: '0',
        y: '0',
        width: '1',
        height: '1',
        template_width: '1',
        template_height: '1',
      },
    })
  ).id;
  ids.participant_videos = Number(
    (await api.sql.get<{ id: number }>("INSERT INTO participant_videos (campaign_id, name, status, created_at) VALUES (?, 'Alpha runner', 1, ?) RETURNING id", [
      ids.video_campaign,
      Date.now(),
    ]))!.id,
  );
  ids.conference_users = Number(
    (await api.sql.get<{ id: number }>(
      "INSERT INTO conference_users (campaign_id, user_id, name, email) VALUES (?, 77, 'Alpha speaker', 'alpha-talk@example.com') RETURNING id",
      [ids.conference_campaign],
    ))!.id,
  );
  ids.closures = (await made('POST', 'closures', { form: { company_id: String(A.companyId), date: '2031-01-01', note: 'Alpha closed' } })).id;
  await made('PUT', 'holiday', { form: { company_id: String(A.companyId), days: '[1,3]' } });
  ids.participants = (
    await made('POST', `event/${A.eventId}/participant`, {
      form: { bib_number: '101', name: 'Alpha participant', email: 'alpha-p@example.com', face_consent: 'yes' },
    })
  ).id;
  ids.recognition_events = (await made('POST', '../recognition/events', { json: recognitionEvent })).id;
  // A public address (nothing is connected at save), disabled so that no attempt changes its delivery while the walk compares A's rows.
  ids.webhooks = (await made('POST', 'webhooks', { json: { url: 'https://93.184.215.14/alpha', events: ['event.updated'], description: 'Alpha hook' } })).id;
  await made('PUT', `webhooks/${ids.webhooks}`, { json: { enabled: false } });
  ids.webhook_deliveries = (await made('POST', `webhooks/${ids.webhooks}/test`, {})).id;
  const alphaUser = Number((await api.sql.get<{ id: number }>('SELECT id FROM users WHERE company_id = ? ORDER BY id LIMIT 1', [A.companyId]))!.id);
  ids.report_schedules = (
    await made('POST', 'report-schedules', {
      form: { name: 'Alpha report', kind: 'sales', frequency: 'daily', time: '08:00', time_zone: 'UTC', recipients: String(alphaUser) },
    })
  ).id;
}
test.after(async () => {
  await api.stop();
});

test('A owns a row of every declared owned table (the walk has something to reach)', async () => {
  const snap = await snapshotOfA();
  for (const t of Object.values(OWNED_TABLES)) assert.ok(snap[t.table].length > 0, `A has no ${t.table} row`);
});

test("every route, called by another organiser's users with A's ids, is refused and changes nothing of A's", async () => {
  const doc = (await api.call('GET', 'openapi.json')).body;
  const before = await snapshotOfA();
  const unclaimed: string[] = [],
    wrong: string[] = [];
  let walked = 0;
  for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [m, op] of Object.entries<any>(ops)) {
      const method = m.toUpperCase(),
        key = `${method} ${path}`;
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(method) || NOT_WALKED[key] || NOT_WALKED_PREFIXES.some((p) => path.startsWith(p))) continue;
      const sample = sampleOf(key);
      const query: Record<string, string> = { ...sample.query };
      let form: Record<string, string | Blob> | undefined = sample.form && { ...sample.form };
      const json: Record<string, unknown> | undefined = sample.json ? { ...(sample.json as Record<string, unknown>) } : undefined;
      const body = op.requestBody?.content?.['application/json']?.schema ?? op.requestBody?.content?.['multipart/form-data']?.schema;
      const fields = [
        ...(op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => ['query', p.name]),
        ...Object.keys(body?.properties ?? {}).map((n) => ['body', n]),
        ...Object.keys(sample.query ?? {}).map((n) => ['query', n]),
      ] as ['query' | 'body', string][];
      let url = path.replace(/^\/api\//, '').replace(/^\/recognition\//, '../recognition/');
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        const table = claimOf(method, path, name, true);
        if (!table && !NOT_OWNED.test(path)) unclaimed.push(`${key} {${name}}`);
        url = url.replace(`{${name}}`, String(table ? idFor(table, key) : 999_999));
      }
      for (const [where, name] of fields) {
        if (!idLike(name) || name === 'ids') continue;
        const table = claimOf(method, path, name, false);
        if (!table) {
          if (!NOT_OWNED.test(name) && !NOT_OWNED.test(path)) unclaimed.push(`${key} ${name}`);
          continue;
        }
        const value = String(idFor(table, key));
        if (where === 'query') query[name] = value;
        else if (json) json[name] = table === 'recognition_events' ? Number(value) : value;
        else if (form || body) (form ??= {} as Record<string, string | Blob>)[name] = value;
        else query[name] = value;
      }
      const asForm = form ?? (json || !body ? undefined : {});
      const calls: Record<string, string>[] = ONE_OF.has(key) ? Object.entries(query).map(([k, v]) => ({ [k]: v })) : [query];
      for (const q of calls) {
        const target = Object.keys(q).length ? `${url}?${new URLSearchParams(q)}` : url;
        for (const [who, token] of [
          ['B', B.token],
          ["B's team", teamToken],
        ] as const) {
          const r = await api.call(method, target, { token, ...(json ? { json } : asForm ? { form: asForm } : {}) });
          walked++;
          const text = JSON.stringify(r.body);
          if (r.status !== 403 && r.status !== 404) wrong.push(`${key} as ${who}: ${r.status} ${text.slice(0, 200)}`);
          else if (/Alpha/.test(text)) wrong.push(`${key} as ${who}: answer names A's data: ${text.slice(0, 200)}`);
        }
      }
    }
  }
  assert.equal(wrong, [], 'routes that let another organiser through');
  assert.equal(unclaimed, [], 'ids no owner declaration claims (src/common/resources.ts owns refs)');
  assert.ok(walked > 100, `${walked} calls`);
  assert.equal(await snapshotOfA(), before, "A's rows changed");
});

test('organiser A itself passes the scope check on its own rows (the walk does not refuse everyone)', async () => {
  for (const path of [
    `event/${ids.events}`,
    `template/${ids.templates}`,
    `participantVideo/${ids.participant_videos}`,
    `organiser/booking/${ids.bookings}`,
    `getCampaignDetailById?campaign_id=${ids.campaigns}`,
    `getAllConferenceUSers?campaign_id=${ids.conference_campaign}&type=2`,
    `closures/${A.companyId}`,
  ]) {
    const r = await api.call('GET', path, { token: A.token });
    assert.is(r.status, 200, `${path}: ${JSON.stringify(r.body).slice(0, 200)}`);
  }
});

test("a by-id write that names another organiser changes nothing, even past the route's check (the owner is in the statement)", async () => {
  const before = await snapshotOfA();
  assert.is(await updateTemplateArea(api.sql, B.companyId, ids.templates, { template_json: '{"planted":1}', x: 0, y: 0, width: 1, height: 1 }), 0);
  assert.is(await deleteTemplate(api.sql, B.companyId, ids.templates), 0);
  assert.is(await setVideoStatus(api.sql, B.companyId, ids.participant_videos, 4), 0);
  assert.is(await deleteClosure(api.sql, B.companyId, ids.closures), 0);
  assert.is(
    await updateEvent(api.sql, B.companyId, ids.events, { title: 'Planted', description: '', start_date: '2030-05-01', end_date: '2030-05-03', logo: '' }),
    0,
  );
  assert.is(await answerBooking(api.sql, ids.bookings, B.companyId, 2, null), false);
  assert.is(await deleteCampaign(api.sql, ids.campaigns, B.companyId), 0);
  assert.is(await deleteEvent(api.sql, ids.events, B.companyId), 0);
  assert.is(await setPayload(api.sql, ids.recognition_events, B.companyId, { name: 'Planted' }), 0);
  assert.is(await setBibFilter(api.sql, ids.recognition_events, B.companyId, { bib_prefix: 'X' }), 0);
  // A staff-made event has no organiser: a write for "no organiser" does not reach A's either.
  assert.is(await setPayload(api.sql, ids.recognition_events, null, { name: 'Planted' }), 0);
  assert.is(await deleteRecognitionEvent(api.sql, ids.recognition_events, B.companyId), 0);
  assert.is(await deleteRecognitionEvent(api.sql, ids.recognition_events, null), 0);
  assert.equal(await snapshotOfA(), before);
  // The same statements with A's own id do write (the condition is not a blanket refusal).
  assert.is(await setVideoStatus(api.sql, A.companyId, ids.participant_videos, 1), 1);
  assert.is(await setBibFilter(api.sql, ids.recognition_events, A.companyId, { bib_prefix: 'A' }), 1);
  assert.is(await answerBooking(api.sql, ids.bookings, A.companyId, 2, null), true);
});

test.run();
