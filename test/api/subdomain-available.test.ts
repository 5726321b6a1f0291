import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeCampaign, makeOrganiser, type Organiser } from './campaigns-fixtures.ts';

let api: TestApi;
let mine: Organiser;
let other: Organiser;
test.before(async () => {
  api = await startTestApi();
  mine = await makeOrganiser(api, 'Sub Mine');
  other = await makeOrganiser(api, 'Sub Other');
});
test.after(async () => {
  await api.stop();
});

const ask = (org: Organiser | null, subdomain: string, eventId = mine.eventId) =>
  api.call('GET', `campaign/subdomain-available?event_id=${eventId}&subdomain=${encodeURIComponent(subdomain)}`, { token: org?.token });

test("a subdomain another organiser's campaign uses is taken, in any case; a fresh one is free", async () => {
  await makeCampaign(api, other, { subdomain: 'taken-run' });
  const taken = await ask(mine, 'Taken-Run');
  assert.is(taken.status, 200, JSON.stringify(taken.body));
  assert.equal(taken.body.data, { subdomain: 'taken-run', available: false });
  assert.equal((await ask(mine, 'fresh-run')).body.data, { subdomain: 'fresh-run', available: true });
});

test('a subdomain that can never be one (bad characters, 64 characters, empty) is a validation error', async () => {
  for (const bad of ['no_underscores', 'a'.repeat(64), '', '-dash']) {
    const r = await ask(mine, bad);
    assert.is(r.status, 422, bad);
    assert.ok(r.body.errors.subdomain[0], bad);
  }
  assert.is((await ask(mine, 'a'.repeat(63))).status, 200);
});

test('only a signed-in user who reaches the event may ask', async () => {
  assert.is((await ask(null, 'fresh-run')).status, 401);
  assert.is((await ask(other, 'fresh-run')).status, 403);
  assert.is((await ask(mine, 'fresh-run', 999999)).status, 404);
  assert.is((await api.call('GET', 'campaign/subdomain-available?event_id=abc&subdomain=x', { token: mine.token })).status, 422);
});

test("on edit the campaign's own subdomain is free for it, and only for it", async () => {
  const id = await makeCampaign(api, mine, { subdomain: 'own-run' });
  const forEdit = (campaignId: number | string, org: Organiser = mine) =>
    api.call('GET', `campaign/subdomain-available?event_id=${mine.eventId}&subdomain=Own-Run&campaign_id=${campaignId}`, { token: org.token });
  assert.equal((await forEdit(id)).body.data, { subdomain: 'own-run', available: true });
  assert.equal((await ask(mine, 'own-run')).body.data, { subdomain: 'own-run', available: false });
  const otherId = await makeCampaign(api, other, { subdomain: 'others-run' });
  assert.is((await forEdit(otherId)).status, 403, "another organiser's campaign cannot be named");
  assert.is((await forEdit(999999)).status, 404);
  assert.is((await forEdit('abc')).status, 422);
});

test('the BIB filter refuses words and an end below the start, and keeps the last good filter', async () => {
  const created = await api.call('POST', '/recognition/events', {
    token: mine.token,
    json: {
      name: 'Bib Run',
      location: 'Kochi',
      type: 'RUNNING',
      is_active: true,
      is_sales: false,
      from_date: '2030-05-01',
      to_date: '2030-05-02',
      organizer: 'Run Club',
      sponsors: [],
      fr1: 0.3,
      fr2: 0,
      fr3: 0,
      slug: 'bib-run',
      payment: '',
      is_sales_combined: false,
      is_date_filter_enabled: false,
      photo_points: '',
      is_dynamic_branding_enabled: false,
    },
  });
  assert.is(created.status, 200, JSON.stringify(created.body));
  const id = created.body.data.id;
  const save = (start: string, end: string) =>
    api.call('POST', `/recognition/events/${id}/bib_filter`, {
      token: mine.token,
      json: { bib_start_range: start, bib_end_range: end, bib_prefix: '', is_bib_present: true },
    });
  assert.is((await save('100', '900')).status, 200);
  const words = await save('abc', '900');
  assert.is(words.status, 422);
  assert.ok(words.body.errors.bib_start_range);
  const below = await save('100', '99');
  assert.is(below.status, 422);
  assert.ok(below.body.errors.bib_end_range);
  const row = await api.sql.get<{ bib_filter: string }>('SELECT bib_filter FROM recognition_events WHERE id = ?', [id]);
  assert.is(JSON.parse(row!.bib_filter).bib_end_range, '900');
});

test.run();
