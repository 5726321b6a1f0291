import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { PNG, campaignForm, makeCampaign, makeOrganiser, recognitionEvent, type Organiser } from './campaigns-fixtures.ts';

let api: TestApi;
let mine: Organiser;
let other: Organiser;
test.before(async () => {
  api = await startTestApi();
  mine = await makeOrganiser(api, 'Editor');
  other = await makeOrganiser(api, 'Stranger');
});
test.after(async () => {
  await api.stop();
});

const settings = {
  event_type: 'MARATHON',
  location: 'Kochi',
  organizer: 'Run Club',
  sponsors: 'Acme, Globex',
  primary_tolerance: '0.35',
  secondary_tolerance: '0.5',
  recognition_tolerance: '0.65',
  payment_slab: '2',
  date_filtering: '1',
  is_bib_number_present: '1',
  bib_start_range: '100',
  bib_end_range: '900',
  bib_length: '3',
  bib_number_prefix: 'A',
  bib_number_suffix: 'Z',
};
const edit = (patch: Record<string, string> = {}) => {
  const { event_id: _, ...f } = campaignForm(mine.eventId, { ...settings, ...patch });
  return f;
};
const detail = async (id: number, token = mine.token) => (await api.call('GET', `getCampaignDetailById?campaign_id=${id}`, { token })).body.data;

test('PUT campaign/{id} changes every field of the form and the detail answers them all', async () => {
  const id = await makeCampaign(api, mine, { logo: PNG });
  const before = await detail(id);
  const r = await api.call('PUT', `campaign/${id}`, {
    token: mine.token,
    form: edit({
      title: 'Harbour Run',
      description: 'New words',
      start_date: '2030-05-02',
      end_date: '2030-05-03',
      type: '2',
      application: '3',
      is_sales_event: '2',
      is_dynamic_branding: '1',
      subdomain: 'Harbour-Run',
      share_post_quote: 'Done!',
      logo: ' ',
    }),
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.message, 'Campaign updated successfully.');
  const d = await detail(id);
  assert.equal(
    [d.title, d.description, d.start_date, d.end_date, d.type, d.application, d.is_sales_event, d.is_dynamic_branding, d.subdomain, d.share_post_quote],
    ['Harbour Run', 'New words', '2030-05-02', '2030-05-03', 2, 3, 2, 1, 'harbour-run', 'Done!'],
  );
  for (const [k, v] of Object.entries(settings)) assert.is(String(d[k]), v, k);
  assert.is(d.logo, before.logo, "' ' keeps the logo");
  assert.is(before.friendly_url, 'https://app.example.com/login?event_name=Editor%20Marathon&campaign_name=City%20Run%202030');
  assert.is(d.friendly_url, 'https://app.example.com/login?event_name=Editor%20Marathon&campaign_name=Harbour%20Run', 'the app link follows the title');
});

test('a new logo replaces the old one and its file is removed', async () => {
  const id = await makeCampaign(api, mine, { logo: PNG });
  const old = (await detail(id)).logo;
  assert.is((await api.call('PUT', `campaign/${id}`, { token: mine.token, form: edit({ logo: PNG }) })).status, 200);
  const now = (await detail(id)).logo;
  assert.is.not(now, old);
  assert.is((await fetch(`${api.url}${now}`)).status, 200);
  assert.is((await fetch(`${api.url}${old}`)).status, 404, 'the old logo is gone');
});

test('bad input is a validation error naming the field and nothing changes', async () => {
  const id = await makeCampaign(api, mine, { title: 'Kept Title' });
  const cases: [Record<string, string>, string][] = [
    [{ title: 'abc' }, 'title'],
    [{ bib_start_range: 'abc' }, 'bib_start_range'],
    [{ bib_start_range: '50', bib_end_range: '10' }, 'bib_end_range'],
    [{ primary_tolerance: '0.9' }, 'primary_tolerance'],
    [{ subdomain: 'x'.repeat(64) }, 'subdomain'],
    [{ end_date: '2030-04-01' }, 'end_date'],
    [{ event_type: 'SWIMMING' }, 'event_type'],
    [{ logo: 'data:image/png;base64,aGVsbG8=' }, 'logo'],
  ];
  for (const [patch, field] of cases) {
    const r = await api.call('PUT', `campaign/${id}`, { token: mine.token, form: edit(patch) });
    assert.is(r.status, 422, JSON.stringify(patch));
    assert.ok(r.body.errors[field], `${field}: ${JSON.stringify(r.body.errors)}`);
  }
  assert.is((await detail(id)).title, 'Kept Title');
});

test('a subdomain of another campaign is refused; keeping its own is fine', async () => {
  await makeCampaign(api, mine, { subdomain: 'someone-else' });
  const id = await makeCampaign(api, mine, { subdomain: 'my-own' });
  const clash = await api.call('PUT', `campaign/${id}`, { token: mine.token, form: edit({ subdomain: 'Someone-Else' }) });
  assert.is(clash.status, 422);
  assert.match(clash.body.errors.subdomain[0], /already been taken/);
  assert.is((await api.call('PUT', `campaign/${id}`, { token: mine.token, form: edit({ subdomain: 'my-own' }) })).status, 200);
});

test("another organiser's campaign is 403; unknown, zero and huge ids are 404; anonymous is 401", async () => {
  const id = await makeCampaign(api, mine, { title: 'Not Yours' });
  assert.is((await api.call('PUT', `campaign/${id}`, { token: other.token, form: edit() })).status, 403);
  assert.is((await detail(id)).title, 'Not Yours');
  for (const bad of ['999999', '0', '2147483648', '99999999999999999999']) {
    assert.is((await api.call('PUT', `campaign/${bad}`, { token: mine.token, form: edit() })).status, 404, bad);
  }
  assert.is((await api.call('PUT', `campaign/${id}`, { form: edit() })).status, 401);
});

test('PUT /recognition/events/{id} replaces the settings of its own event only', async () => {
  const made = await api.call('POST', '/recognition/events', { token: mine.token, json: recognitionEvent });
  assert.is(made.status, 200, JSON.stringify(made.body));
  const id = made.body.data.id;
  const r = await api.call('PUT', `/recognition/events/${id}`, { token: mine.token, json: { ...recognitionEvent, location: 'Goa', fr1: 0.5 } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const row = await api.sql.get<{ payload: string }>('SELECT payload FROM recognition_events WHERE id = ?', [id]);
  assert.is(JSON.parse(row!.payload).location, 'Goa');
  assert.is((await api.call('PUT', `/recognition/events/${id}`, { token: other.token, json: recognitionEvent })).status, 403);
  const bad = await api.call('PUT', `/recognition/events/${id}`, { token: mine.token, json: { ...recognitionEvent, slug: 'no spaces' } });
  assert.is(bad.status, 422);
});

test.run();
