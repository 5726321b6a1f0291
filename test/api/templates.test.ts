import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { PNG, makeCampaign, makeOrganiser, type Organiser } from './campaigns-fixtures.ts';

let api: TestApi;
let mine: Organiser;
let other: Organiser;
let campaign: number;
test.before(async () => {
  api = await startTestApi();
  mine = await makeOrganiser(api, 'Mine');
  other = await makeOrganiser(api, 'Other');
  campaign = await makeCampaign(api, mine, {
    type: '1',
    friendly_url: 'https://app.example.com/login?event_name=A&campaign_name=B',
    event_url: 'https://run.example.app',
  });
});
test.after(async () => {
  await api.stop();
});

const template = (campaignId: number, patch: Record<string, string> = {}) => ({
  template_json: JSON.stringify({ fill: '#34409e' }),
  x: '10',
  y: '20',
  width: '300',
  height: '200',
  template_width: '800',
  template_height: '600',
  image: PNG,
  campaign_id: String(campaignId),
  ...patch,
});

test('saving a template stores the image and the area, answers the links, and the detail lists it', async () => {
  const r = await api.call('POST', 'template', { token: mine.token, form: template(campaign) });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.match(r.body.data.path, /^\/uploads\/templates\/.+\.png$/);
  assert.is(r.body.data.event_url, 'https://run.example.app');
  assert.match(r.body.data.campaign_url, /event_name=A/);
  const row = await api.sql.get<{ x: number; width: number; template_height: number }>('SELECT x, width, template_height FROM templates WHERE id = ?', [
    r.body.data.id,
  ]);
  assert.equal({ ...row }, { x: 10, width: 300, template_height: 600 });
  const detail = await api.call('GET', `getCampaignDetailById?campaign_id=${campaign}`, { token: mine.token });
  assert.ok(detail.body.data.templates.some((t: { id: number }) => t.id === r.body.data.id));
});

test('a template without positions or with an area outside the image is refused', async () => {
  const missing = await api.call('POST', 'template', { token: mine.token, form: template(campaign, { x: '', height: '' }) });
  assert.is(missing.status, 422);
  assert.ok(missing.body.errors.x && missing.body.errors.height);
  const outside = await api.call('POST', 'template', { token: mine.token, form: template(campaign, { x: '700', width: '300' }) });
  assert.is(outside.status, 422);
});

test('templates belong to image campaigns only', async () => {
  const video = await makeCampaign(api, mine, { type: '2' });
  const r = await api.call('POST', 'template', { token: mine.token, form: template(video) });
  assert.is(r.status, 422);
  assert.ok(r.body.errors.campaign_id);
});

test("another organiser cannot add or delete a campaign's templates", async () => {
  const add = await api.call('POST', 'template', { token: other.token, form: template(campaign) });
  assert.is(add.status, 403);
  const id = (await api.call('POST', 'template', { token: mine.token, form: template(campaign) })).body.data.id;
  assert.is((await api.call('DELETE', `template/${id}`, { token: other.token })).status, 403);
  assert.ok(await api.sql.get('SELECT id FROM templates WHERE id = ?', [id]));
});

test('a saved template reopens with its area and its area moves; outside the image or another organiser is refused', async () => {
  const id = (await api.call('POST', 'template', { token: mine.token, form: template(campaign) })).body.data.id;
  const got = await api.call('GET', `template/${id}`, { token: mine.token });
  assert.equal([got.body.data.x, got.body.data.y, got.body.data.width, got.body.data.template_width], [10, 20, 300, 800]);
  const moved = await api.call('PUT', `template/${id}`, {
    token: mine.token,
    form: { x: '400', y: '300', width: '300', height: '200', template_json: '{"version":1}' },
  });
  assert.is(moved.status, 200, JSON.stringify(moved.body));
  assert.equal([moved.body.data.x, moved.body.data.y, moved.body.data.template_json], [400, 300, '{"version":1}']);
  const outside = await api.call('PUT', `template/${id}`, { token: mine.token, form: { x: '700', y: '0', width: '300', height: '200' } });
  assert.is(outside.status, 422);
  assert.is((await api.call('PUT', `template/${id}`, { token: other.token, form: { x: '0', y: '0', width: '10', height: '10' } })).status, 403);
  assert.is((await api.call('GET', `template/${id}`, { token: other.token })).status, 403);
  assert.is((await api.call('GET', 'template/0', { token: mine.token })).status, 404);
  assert.is((await api.call('GET', `template/${id}`, { token: mine.token })).body.data.x, 400, 'refused moves changed nothing');
});

test('deleting a template removes the row and the file; an unknown id is 404', async () => {
  const r = await api.call('POST', 'template', { token: mine.token, form: template(campaign) });
  const file = `${api.url}${r.body.data.path}`;
  assert.is((await fetch(file)).status, 200);
  const del = await api.call('DELETE', `template/${r.body.data.id}`, { token: mine.token });
  assert.is(del.status, 200);
  assert.is((await fetch(file)).status, 404);
  assert.is((await api.call('DELETE', `template/${r.body.data.id}`, { token: mine.token })).status, 404);
});

test.run();
