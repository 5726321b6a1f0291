import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { PNG, makeCampaign, makeOrganiser, type Organiser } from './campaigns-fixtures.ts';
import { demoPhotoRows, insertPhotoRows } from '../../server/db/queries/demo-organiser.ts';

let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const served = async (url: string) => (await fetch(`${api.url}${url}`)).status;

/** An event with a logo, `campaigns` campaigns with a logo and one template each, and `photos` photos. */
async function fill(org: Organiser, campaigns: number, photos: number) {
  const event = await api.call('POST', 'event', {
    token: org.token,
    form: { title: 'Filled', description: '', start_date: '2030-05-01', end_date: '2030-05-03', organizer_id: String(org.companyId), event_logo: PNG },
  });
  assert.is(event.status, 200, JSON.stringify(event.body));
  const urls: string[] = [event.body.data.logo];
  for (let i = 0; i < campaigns; i++) {
    const id = await makeCampaign(api, { ...org, eventId: event.body.data.id }, { logo: PNG });
    urls.push((await api.call('GET', `getCampaignDetailById?campaign_id=${id}`, { token: org.token })).body.data.logo);
    const t = await api.call('POST', 'template', {
      token: org.token,
      form: {
        template_json: '{}',
        x: '1',
        y: '1',
        width: '10',
        height: '10',
        template_width: '100',
        template_height: '100',
        image: PNG,
        campaign_id: String(id),
      },
    });
    assert.is(t.status, 200, JSON.stringify(t.body));
    urls.push(t.body.data.path);
  }
  if (photos) await insertPhotoRows(api.sql, demoPhotoRows(event.body.data.id, photos));
  for (const u of urls) assert.is(await served(u), 200, u);
  return { eventId: event.body.data.id as number, urls };
}

test('deleteImpact counts what goes with an event, and deleting the event stops serving its images', async () => {
  const org = await makeOrganiser(api, 'Impact');
  const { eventId, urls } = await fill(org, 2, 7);
  const impact = await api.call('GET', `deleteImpact?event_id=${eventId}`, { token: org.token });
  assert.is(impact.status, 200, JSON.stringify(impact.body));
  assert.equal(impact.body.data, { campaigns: 2, photos: 7, templates: 2, videos: 0, conference_users: 0 });
  assert.is((await api.call('PUT', 'deleteEvent', { token: org.token, form: { event_id: String(eventId) } })).status, 200);
  for (const u of urls) assert.is(await served(u), 404, `${u} still served`);
});

test('deleting an organiser removes the images of all its events and campaigns', async () => {
  const org = await makeOrganiser(api, 'Gone');
  const { urls } = await fill(org, 1, 0);
  const impact = await api.call('GET', `deleteImpact?organizer_id=${org.companyId}`, { token: admin });
  assert.equal(
    { events: impact.body.data.events, campaigns: impact.body.data.campaigns, users: impact.body.data.users },
    { events: 2, campaigns: 1, users: 1 },
  );
  assert.is((await api.call('PUT', 'organiser/deleteOrganizer', { token: admin, form: { organizer_id: String(org.companyId) } })).status, 200);
  for (const u of urls) assert.is(await served(u), 404, `${u} still served`);
});

test('deleting a campaign removes its logo and templates but not the event logo', async () => {
  const org = await makeOrganiser(api, 'Camp');
  const { urls } = await fill(org, 1, 0);
  const campaignId = (await api.sql.get<{ id: number }>('SELECT id FROM campaigns WHERE logo = ?', [urls[1]]))!.id;
  assert.equal((await api.call('GET', `deleteImpact?campaign_id=${campaignId}`, { token: org.token })).body.data, {
    templates: 1,
    videos: 0,
    conference_users: 0,
  });
  assert.is((await api.call('PUT', 'deleteCampaign', { token: org.token, form: { campaign_id: String(campaignId) } })).status, 200);
  assert.equal([await served(urls[0]), await served(urls[1]), await served(urls[2])], [200, 404, 404]);
});

test("deleteImpact keeps to the caller's organiser and wants exactly one id", async () => {
  const mine = await makeOrganiser(api, 'Mine');
  const other = await makeOrganiser(api, 'Other');
  assert.is((await api.call('GET', `deleteImpact?event_id=${other.eventId}`, { token: mine.token })).status, 403);
  assert.is((await api.call('GET', 'deleteImpact?event_id=999999', { token: mine.token })).status, 404);
  assert.is((await api.call('GET', 'deleteImpact?organizer_id=999999', { token: admin })).status, 404);
  assert.is((await api.call('GET', 'deleteImpact', { token: mine.token })).status, 422);
  assert.is((await api.call('GET', `deleteImpact?event_id=${mine.eventId}&campaign_id=1`, { token: mine.token })).status, 422);
  assert.is((await api.call('GET', `deleteImpact?event_id=${mine.eventId}`)).status, 401);
});

test.run();
