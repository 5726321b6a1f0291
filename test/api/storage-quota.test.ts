import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { diskStore } from '../../server/lib/files/disk-store.ts';
import { makeCampaign, makeOrganiser, recognitionEvent, type Organiser } from './campaigns-fixtures.ts';

// A storage quota per organiser (templates, logos, recognition events; 2 GB by
// default, set by an administrator), shown to the organiser as used / limit; a write that would
// pass it is refused with a 422 and leaves no row and no file; recognition bodies are bounded
// like the campaign form (sponsors at most 1,000 characters) and keep only their own fields.

const KB = 1024,
  MB = 1024 * KB;
/** A "PNG" of exactly `bytes` bytes (the API recognises images by their first bytes). */
const png = (bytes: number) => {
  const b = Buffer.alloc(bytes, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return `data:image/png;base64,${b.toString('base64')}`;
};
const dir = mkdtempSync(path.join(tmpdir(), 'quota-'));
/** Files in the disk store, temporary ones included. */
const files = () => {
  try {
    return readdirSync(path.join(dir, 'uploads'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
};

let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi({ files: diskStore(dir) });
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
  rmSync(dir, { recursive: true, force: true });
});

const storage = async (org: Organiser) => {
  const r = await api.call('GET', `organiser/${org.companyId}`, { token: org.token });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body.data.storage as { used: number; limit: number };
};
const setQuota = (org: Organiser, mb: string, token = admin) =>
  api.call('PUT', `organiser/${org.companyId}`, { token, form: { name: 'Quota org', phone: '5550100', description: '', storage_quota_mb: mb } });
const newEvent = (org: Organiser, bytes: number, title = 'Logo event') =>
  api.call('POST', 'event', {
    token: org.token,
    form: {
      title,
      description: '',
      start_date: '2031-01-01',
      end_date: '2031-01-02',
      organizer_id: String(org.companyId),
      event_logo: png(bytes),
    },
  });
const count = async (table: string, where = '1 = 1', params: unknown[] = []) =>
  Number((await api.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`, params as never))!.n);

test(`[${testEngine}] a new organiser has 2 GB and uses nothing; its profile shows used and limit`, async () => {
  const org = await makeOrganiser(api, 'Fresh');
  assert.equal(await storage(org), { used: 0, limit: 2048 * MB });
  assert.is((await api.call('GET', `organiser/${org.companyId}`, { token: admin })).body.data.storage_quota_mb, 2048);
});

test(`[${testEngine}] an administrator sets the quota (create and edit); bad values get 422; the organiser cannot set its own (403)`, async () => {
  const created = await api.call('POST', 'organiser', {
    token: admin,
    form: {
      name: 'Small org',
      email: `small-${Date.now()}@example.com`,
      phone: '1',
      password: 'Organiser-pass-1',
      description: '',
      status: '1',
      storage_quota_mb: '5',
    },
  });
  assert.is(created.status, 200, JSON.stringify(created.body));
  assert.is(created.body.data.storage_quota_mb, 5);
  const org = await makeOrganiser(api, 'Setter');
  for (const bad of ['0', '-1', '1.5', 'abc', String(1024 * 1024 + 1), '9'.repeat(40)]) {
    const r = await setQuota(org, bad);
    assert.is(r.status, 422, bad);
    assert.is(r.body.errors.storage_quota_mb[0], 'The storage quota must be a whole number of MB from 1 to 1,048,576.');
  }
  assert.is((await setQuota(org, '3')).status, 200);
  assert.is((await storage(org)).limit, 3 * MB);
  const own = await setQuota(org, '100000', org.token);
  assert.is(own.status, 403);
  assert.is((await storage(org)).limit, 3 * MB, 'unchanged');
  assert.is(
    (await api.call('PUT', `organiser/${org.companyId}`, { token: org.token, form: { name: 'Own', phone: '1', description: '' } })).status,
    200,
    'its profile saves without a quota',
  );
});

test(`[${testEngine}] logos, templates and campaign logos count; a write past the quota is 422 on its field, with no row and no file`, async () => {
  const org = await makeOrganiser(api, 'Full');
  assert.is((await setQuota(org, '1')).status, 200);
  const first = await newEvent(org, 700 * KB);
  assert.is(first.status, 200, JSON.stringify(first.body));
  const used = (await storage(org)).used;
  assert.ok(used >= 700 * KB && used < 701 * KB, `used ${used}`);
  const filesBefore = files();

  const over = await newEvent(org, 400 * KB, 'Too much');
  assert.is(over.status, 422, JSON.stringify(over.body));
  assert.is(over.body.errors.event_logo[0], 'Not enough storage: this organizer has 324 KB left of its 1 MB. Delete templates or logos to make room.');
  assert.is(await count('events', 'title = ?', ['Too much']), 0);
  assert.is(files(), filesBefore, 'the refused logo is not kept');

  const campaign = await makeCampaign(api, org);
  const logo = await api.call('PUT', `campaign/${campaign}`, { token: org.token, form: { ...(await campaignOf(org, campaign)), logo: png(400 * KB) } });
  assert.is(logo.status, 422);
  assert.ok(logo.body.errors.logo, JSON.stringify(logo.body));
  const template = await api.call('POST', 'template', {
    token: org.token,
    form: {
      template_json: '{}',
      x: '0',
      y: '0',
      width: '10',
      height: '10',
      template_width: '100',
      template_height: '100',
      image: png(400 * KB),
      campaign_id: String(campaign),
    },
  });
  assert.is(template.status, 422);
  assert.ok(template.body.errors.image, JSON.stringify(template.body));
  assert.is(await count('templates', 'campaign_id = ?', [campaign]), 0);
  assert.is(files(), filesBefore);

  const fits = await api.call('POST', 'template', {
    token: org.token,
    form: {
      template_json: '{}',
      x: '0',
      y: '0',
      width: '10',
      height: '10',
      template_width: '100',
      template_height: '100',
      image: png(300 * KB),
      campaign_id: String(campaign),
    },
  });
  assert.is(fits.status, 200, 'what still fits is stored');
  assert.ok((await storage(org)).used > 1000 * KB);

  // Deleting frees the space: the event goes and its logo with it.
  assert.is((await api.call('POST', 'deleteEvent', { token: org.token, form: { event_id: String(first.body.data.id) } })).status, 200);
  assert.is((await newEvent(org, 400 * KB, 'Fits now')).status, 200);
});

/** The campaign's current form fields as PUT campaign/{id} takes them. */
async function campaignOf(org: Organiser, id: number): Promise<Record<string, string>> {
  const c = (await api.call('GET', `getCampaignDetailById?campaign_id=${id}`, { token: org.token })).body.data;
  const keys = [
    'title',
    'description',
    'start_date',
    'end_date',
    'type',
    'share_post_quote',
    'image_console_id',
    'is_sales_event',
    'is_dynamic_branding',
    'application',
    'subdomain',
  ];
  return Object.fromEntries(keys.map((k) => [k, String(c[k] ?? '')]));
}

test(`[${testEngine}] 12 logos of 300 KB at once under a 1 MB quota: at most 3 are stored, the rest 422`, async () => {
  const org = await makeOrganiser(api, 'Race');
  assert.is((await setQuota(org, '1')).status, 200);
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => newEvent(org, 300 * KB, `Race ${i}`)));
  const statuses = answers.map((a) => a.status).sort();
  assert.equal(statuses, [200, 200, 200, ...Array(9).fill(422)], statuses.join(','));
  const { used, limit } = await storage(org);
  assert.ok(used <= limit, `${used} <= ${limit}`);
});

test(`[${testEngine}] recognition events: sponsors over 1,000 characters, a wrong type or odd photo points get 422; unknown fields are not stored; the quota holds`, async () => {
  const org = await makeOrganiser(api, 'Recog');
  const post = (body: unknown) => api.call('POST', '/recognition/events', { json: body, token: org.token });
  const long = await post({ ...recognitionEvent, sponsors: ['x'.repeat(600), 'y'.repeat(401)] });
  assert.is(long.status, 422);
  assert.is(long.body.errors.sponsors[0], 'The sponsors may not be greater than 1000 characters.');
  assert.is((await post({ ...recognitionEvent, sponsors: 'z'.repeat(10 * MB) })).status, 422, 'the 10 MB sponsors of the issue');
  assert.is((await post({ ...recognitionEvent, sponsors: [{ a: 1 }] })).status, 422);
  assert.is((await post({ ...recognitionEvent, type: 'SWIMMING' })).status, 422);
  assert.is((await post({ ...recognitionEvent, photo_points: 'x' })).status, 422);
  assert.is((await post({ ...recognitionEvent, photo_points: Array(1000).fill('point') })).status, 422);
  assert.is((await post({ ...recognitionEvent, payment: '1'.repeat(10) })).status, 422);

  assert.is(await count('recognition_events', 'company_id = ?', [org.companyId]), 0, 'nothing refused is stored');
  const ok = await post({ ...recognitionEvent, sponsors: ['x'.repeat(500), 'y'.repeat(500)], extra: 'e'.repeat(100_000) });
  assert.is(ok.status, 200, JSON.stringify(ok.body));
  const row = await api.sql.get<{ payload: string }>('SELECT payload FROM recognition_events WHERE id = ?', [ok.body.data.id]);
  assert.is(JSON.parse(row!.payload).extra, undefined, 'unknown fields are dropped');
  assert.ok((await storage(org)).used >= 1000, 'the event counts towards the quota');

  // Fill the quota to within a few bytes, then a recognition event no longer fits.
  assert.is((await setQuota(org, '1')).status, 200);
  const left = MB - (await storage(org)).used;
  assert.is((await newEvent(org, left - 100)).status, 200);
  const full = await post(recognitionEvent);
  assert.is(full.status, 422);
  assert.match(full.body.message, /^Not enough storage/);
});

test.run();
