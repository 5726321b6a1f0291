import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeCampaign, makeOrganiser, type Organiser } from './campaigns-fixtures.ts';
import { insertConferenceUser } from '../../server/db/queries/conference-users.ts';

let api: TestApi;
let mine: Organiser;
let other: Organiser;
let campaign: number;
test.before(async () => {
  api = await startTestApi();
  mine = await makeOrganiser(api, 'Mine');
  other = await makeOrganiser(api, 'Other');
  campaign = await makeCampaign(api, mine, { type: '3' });
  for (let i = 1; i <= 6; i++) {
    await insertConferenceUser(api.sql, {
      campaign_id: campaign,
      user_id: 100 + i,
      name: `Person ${i}`,
      email: `p${i}@example.com`,
      type: i === 1 ? 'speaker' : 'attende',
    });
  }
});
test.after(async () => {
  await api.stop();
});

test('conference users list 5 a page with name, email and type', async () => {
  const r = await api.call('GET', `getAllConferenceUSers?pageCount=5&campaign_id=${campaign}&type=2&page=1`, { token: mine.token });
  assert.is(r.status, 200);
  assert.is(r.body.data.data.length, 5);
  assert.is(r.body.data.total, 6);
  assert.equal(Object.keys(r.body.data.data[0]).sort(), ['campaign_id', 'email', 'id', 'name', 'type', 'user_id']);
  assert.is(r.body.data.data[0].type, 'speaker');
});

test('an attendee converts to speaker once; converting again is a conflict', async () => {
  const r = await api.call('POST', 'updateParticipantType', { token: mine.token, form: { campaign_id: String(campaign), user_id: '102' } });
  assert.is(r.status, 200);
  assert.is((await api.sql.get<{ type: string }>('SELECT type FROM conference_users WHERE user_id = 102'))!.type, 'speaker');
  assert.is((await api.call('POST', 'updateParticipantType', { token: mine.token, form: { campaign_id: String(campaign), user_id: '102' } })).status, 409);
  assert.is((await api.call('POST', 'updateParticipantType', { token: mine.token, form: { campaign_id: String(campaign), user_id: '999' } })).status, 404);
});

test('another organiser neither lists nor converts the users', async () => {
  const list = await api.call('GET', `getAllConferenceUSers?campaign_id=${campaign}&type=2`, { token: other.token });
  assert.is(list.status, 403);
  assert.not.ok(JSON.stringify(list.body).includes('Person'));
  const r = await api.call('POST', 'updateParticipantType', { token: other.token, form: { campaign_id: String(campaign), user_id: '103' } });
  assert.is(r.status, 403);
  assert.is((await api.sql.get<{ type: string }>('SELECT type FROM conference_users WHERE user_id = 103'))!.type, 'attende');
});

test.run();
