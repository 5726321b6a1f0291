import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { PNG, campaignForm, makeCampaign, makeOrganiser, type Organiser } from './campaigns-fixtures.ts';
import { BIB_LENGTH_RANGE, bibTooLong } from '../../src/common/bib-range.ts';
import { outsideEventDates } from '../../src/common/dates.ts';

let api: TestApi;
let mine: Organiser;
let other: Organiser;
test.before(async () => {
  api = await startTestApi();
  mine = await makeOrganiser(api, 'Mine');
  other = await makeOrganiser(api, 'Other');
});
test.after(async () => {
  await api.stop();
});

test('an organiser creates a campaign with a logo; the list and the detail show it', async () => {
  const form = campaignForm(mine.eventId, { logo: PNG, type: '2', title: 'Video Run', is_sales_event: '1' });
  const r = await api.call('POST', 'campaign', { token: mine.token, form });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const id = r.body.data.id;
  const list = await api.call('GET', `getCampaigns?event_id=${mine.eventId}`, { token: mine.token });
  const card = list.body.data.find((c: { id: number }) => c.id === id);
  assert.is(card.title, 'Video Run');
  assert.is(card.type, 2);
  assert.match(card.logo, /^\/uploads\/campaigns\/.+\.png$/);
  assert.is((await fetch(`${api.url}${card.logo}`)).status, 200);
  const detail = await api.call('GET', `getCampaignDetailById?campaign_id=${id}`, { token: mine.token });
  assert.is(detail.body.data.is_sales_event, 1);
  assert.is(detail.body.data.event_title, 'Mine Marathon');
  assert.equal(detail.body.data.templates, []);
  assert.is(detail.body.data.friendly_url, 'https://app.example.com/login?event_name=Mine%20Marathon&campaign_name=Video%20Run');
});

test('a short title, missing fields and end before start are validation errors and nothing is written', async () => {
  const before = Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM campaigns'))!.n);
  const r = await api.call('POST', 'campaign', { token: mine.token, form: campaignForm(mine.eventId, { title: 'abc', description: '', subdomain: '' }) });
  assert.is(r.status, 422);
  assert.ok(r.body.errors.title[0].includes('at least 4'));
  assert.ok(r.body.errors.description && r.body.errors.subdomain);
  const dates = await api.call('POST', 'campaign', {
    token: mine.token,
    form: campaignForm(mine.eventId, { start_date: '2030-05-03', end_date: '2030-05-01' }),
  });
  assert.is(dates.status, 422);
  assert.ok(dates.body.errors.end_date);
  assert.is(Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM campaigns'))!.n), before);
});

test("BIB rules (src/common/bib-range.ts): a BIB Length of zz, out of 1–20, or shorter than a bound is 422 with the field's message and nothing is stored", async () => {
  const before = Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM campaigns'))!.n);
  const bib = (patch: Record<string, string>) =>
    api.call('POST', 'campaign', {
      token: mine.token,
      form: campaignForm(mine.eventId, { is_bib_number_present: '1', bib_start_range: '100', bib_end_range: '900', bib_length: '3', ...patch }),
    });
  for (const length of ['zz', '0', '21', '2.5']) {
    const r = await bib({ bib_length: length });
    assert.is(r.status, 422, length);
    assert.equal(r.body.errors.bib_length, [BIB_LENGTH_RANGE], length);
  }
  const long = await bib({ bib_end_range: '1000' });
  assert.is(long.status, 422);
  assert.equal(long.body.errors.bib_end_range, [bibTooLong('end', 3)]);
  assert.is(Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM campaigns'))!.n), before);
  assert.is((await bib({ bib_length: '20' })).status, 200);
});

test("campaign dates outside the event's dates are 422 naming the event's dates, on create and on edit; nothing is stored", async () => {
  const before = Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM campaigns'))!.n);
  const message = "Campaign dates must be within the event's dates, 2030-05-01 to 2030-05-03.";
  assert.is(outsideEventDates('2030-05-01', '2030-05-03'), message);
  const early = await api.call('POST', 'campaign', {
    token: mine.token,
    form: campaignForm(mine.eventId, { start_date: '2020-01-01', end_date: '2020-01-02' }),
  });
  assert.is(early.status, 422);
  assert.is(early.body.message, message);
  assert.equal(early.body.errors, { start_date: [message], end_date: [message] });
  const late = await api.call('POST', 'campaign', {
    token: mine.token,
    form: campaignForm(mine.eventId, { start_date: '2030-05-03', end_date: '2030-05-04' }),
  });
  assert.equal(late.body.errors, { end_date: [message] });
  assert.is(Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM campaigns'))!.n), before);
  const id = await makeCampaign(api, mine, { start_date: '2030-05-01', end_date: '2030-05-03' });
  const edit = await api.call('PUT', `campaign/${id}`, {
    token: mine.token,
    form: campaignForm(mine.eventId, { start_date: '2030-04-30', end_date: '2030-05-03' }),
  });
  assert.is(edit.status, 422);
  assert.equal(edit.body.errors, { start_date: [message] });
  const row = await api.sql.get<{ start_date: string }>('SELECT start_date FROM campaigns WHERE id = ?', [id]);
  assert.is(row!.start_date, '2030-05-01');
});

test('sponsors are stored split on commas and trimmed, empty entries dropped', async () => {
  const id = await makeCampaign(api, mine, { sponsors: ' Acme Sports, Fizzy Drinks ,, ' });
  const d = (await api.call('GET', `getCampaignDetailById?campaign_id=${id}`, { token: mine.token })).body.data;
  assert.is(d.sponsors, 'Acme Sports, Fizzy Drinks');
});

test('a subdomain already in use is refused', async () => {
  await makeCampaign(api, mine, { subdomain: 'taken-one' });
  const r = await api.call('POST', 'campaign', { token: mine.token, form: campaignForm(mine.eventId, { subdomain: 'Taken-One' }) });
  assert.is(r.status, 422);
  assert.match(r.body.errors.subdomain[0], /already been taken/);
});

test('a logo that is not an image is refused before anything is stored', async () => {
  const r = await api.call('POST', 'campaign', { token: mine.token, form: campaignForm(mine.eventId, { logo: 'data:image/png;base64,aGVsbG8=' }) });
  assert.is(r.status, 422);
  assert.ok(r.body.errors.logo);
});

test("another organiser's event, campaigns and detail are 403 and leak nothing", async () => {
  const id = await makeCampaign(api, mine, { title: 'Secret campaign' });
  const create = await api.call('POST', 'campaign', { token: other.token, form: campaignForm(mine.eventId) });
  assert.is(create.status, 403);
  const list = await api.call('GET', `getCampaigns?event_id=${mine.eventId}`, { token: other.token });
  assert.is(list.status, 403);
  assert.not.ok(JSON.stringify(list.body).includes('Secret'));
  const detail = await api.call('GET', `getCampaignDetailById?campaign_id=${id}`, { token: other.token });
  assert.is(detail.status, 403);
  assert.is(detail.body.data, null);
  const del = await api.call('PUT', 'deleteCampaign', { token: other.token, form: { campaign_id: String(id) } });
  assert.is(del.status, 403);
  assert.ok(await api.sql.get('SELECT id FROM campaigns WHERE id = ?', [id]));
});

test('unknown events and campaigns are 404; no token is 401', async () => {
  assert.is((await api.call('GET', 'getCampaigns?event_id=98765', { token: mine.token })).status, 404);
  assert.is((await api.call('GET', 'getCampaignDetailById?campaign_id=98765', { token: mine.token })).status, 404);
  assert.is((await api.call('GET', `getCampaigns?event_id=${mine.eventId}`)).status, 401);
});

test("the admin reaches any organiser's campaigns", async () => {
  const id = await makeCampaign(api, other);
  const admin = await api.login();
  assert.is((await api.call('GET', `getCampaignDetailById?campaign_id=${id}`, { token: admin })).status, 200);
});

test('deleting a campaign removes it, its templates and its logo file', async () => {
  const id = await makeCampaign(api, mine, { logo: PNG });
  const logo = (await api.sql.get<{ logo: string }>('SELECT logo FROM campaigns WHERE id = ?', [id]))!.logo;
  await api.sql.run(
    "INSERT INTO templates (campaign_id, path, x, y, width, height, template_width, template_height, created_at) VALUES (?, '/x.png', 0, 0, 1, 1, 1, 1, 0)",
    [id],
  );
  const r = await api.call('PUT', 'deleteCampaign', { token: mine.token, form: { campaign_id: String(id) } });
  assert.is(r.status, 200);
  assert.is(r.body.message, 'Campaign deleted successfully');
  assert.is(await api.sql.get('SELECT id FROM campaigns WHERE id = ?', [id]), undefined);
  assert.is(await api.sql.get('SELECT id FROM templates WHERE campaign_id = ?', [id]), undefined);
  assert.is((await fetch(`${api.url}${logo}`)).status, 404);
});

test.run();
