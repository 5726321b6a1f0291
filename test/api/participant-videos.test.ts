import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeCampaign, makeOrganiser, type Organiser } from './campaigns-fixtures.ts';
import { insertVideo } from '../../server/db/queries/participant-videos.ts';

let api: TestApi;
let mine: Organiser;
let other: Organiser;
let campaign: number;
const video = (status: number, name: string) =>
  insertVideo(api.sql, {
    campaign_id: campaign,
    name,
    age: 12,
    district: 'North',
    school_name: 'School',
    dropbox_shareable_link: 'https://www.dropbox.com/s/a/v.mp4?dl=0',
    video_url: '',
    status,
  });
test.before(async () => {
  api = await startTestApi();
  mine = await makeOrganiser(api, 'Mine');
  other = await makeOrganiser(api, 'Other');
  campaign = await makeCampaign(api, mine, { type: '2' });
  for (let i = 1; i <= 7; i++) await video(1, `Pending ${i}`);
  await video(2, 'Live one');
});
test.after(async () => {
  await api.stop();
});

test('videos list 5 a page per status with the paginator totals', async () => {
  const p1 = await api.call('GET', `getAllParticipantVideos?pageCount=5&campaign_id=${campaign}&status=1&page=1`, { token: mine.token });
  assert.is(p1.status, 200);
  assert.is(p1.body.data.data.length, 5);
  assert.is(p1.body.data.total, 7);
  assert.is(p1.body.data.last_page, 2);
  assert.is(p1.body.data.data[0].participant_video_id, p1.body.data.data[0].id);
  const p2 = await api.call('GET', `getAllParticipantVideos?pageCount=5&campaign_id=${campaign}&status=1&page=2`, { token: mine.token });
  assert.equal(
    p2.body.data.data.map((v: { name: string }) => v.name),
    ['Pending 6', 'Pending 7'],
  );
  const live = await api.call('GET', `getAllParticipantVideos?pageCount=5&campaign_id=${campaign}&status=2&page=1`, { token: mine.token });
  assert.equal(
    live.body.data.data.map((v: { name: string }) => v.name),
    ['Live one'],
  );
});

test('counts per status match the lists, and one video is read by id, each only by its organiser', async () => {
  const counts = await api.call('GET', `getAllParticipantVideos/counts?campaign_id=${campaign}`, { token: mine.token });
  assert.is(counts.status, 200);
  for (const s of [1, 2, 3, 4]) {
    const list = await api.call('GET', `getAllParticipantVideos?campaign_id=${campaign}&status=${s}`, { token: mine.token });
    assert.is(counts.body.data[String(s)], list.body.data.total, `status ${s}`);
  }
  assert.is(counts.body.data['1'], 7);
  assert.is((await api.call('GET', `getAllParticipantVideos/counts?campaign_id=${campaign}`, { token: other.token })).status, 403);
  assert.is((await api.call('GET', 'getAllParticipantVideos/counts?campaign_id=x', { token: mine.token })).status, 422);
  const one = await api.sql.get<{ id: number }>("SELECT id FROM participant_videos WHERE name = 'Pending 3'");
  const got = await api.call('GET', `participantVideo/${one!.id}`, { token: mine.token });
  assert.is(got.status, 200);
  assert.is(got.body.data.name, 'Pending 3');
  assert.is(got.body.data.campaign_id, undefined);
  assert.is((await api.call('GET', `participantVideo/${one!.id}`, { token: other.token })).status, 403);
  assert.is((await api.call('GET', 'participantVideo/999999', { token: mine.token })).status, 404);
  assert.is((await api.call('GET', `participantVideo/${one!.id}`)).status, 401);
});

test('accepting and rejecting move a video between the lists', async () => {
  const a = await video(1, 'To accept');
  const r = await video(1, 'To reject');
  assert.is((await api.call('POST', 'updateParticipantVideo', { token: mine.token, form: { id: String(a), status: '4' } })).status, 200);
  assert.is((await api.call('POST', 'updateParticipantVideo', { token: mine.token, form: { id: String(r), status: '3' } })).status, 200);
  const accepted = await api.call('GET', `getAllParticipantVideos?campaign_id=${campaign}&status=4`, { token: mine.token });
  assert.ok(accepted.body.data.data.some((v: { name: string }) => v.name === 'To accept'));
  const rejected = await api.call('GET', `getAllParticipantVideos?campaign_id=${campaign}&status=3`, { token: mine.token });
  assert.ok(rejected.body.data.data.some((v: { name: string }) => v.name === 'To reject'));
});

test('a live video cannot be moderated and other statuses are refused', async () => {
  const live = await api.sql.get<{ id: number }>("SELECT id FROM participant_videos WHERE name = 'Live one'");
  assert.is((await api.call('POST', 'updateParticipantVideo', { token: mine.token, form: { id: String(live!.id), status: '4' } })).status, 409);
  const v = await video(1, 'Odd');
  assert.is((await api.call('POST', 'updateParticipantVideo', { token: mine.token, form: { id: String(v), status: '2' } })).status, 422);
});

test('another organiser neither lists nor moderates the videos', async () => {
  const list = await api.call('GET', `getAllParticipantVideos?campaign_id=${campaign}&status=1`, { token: other.token });
  assert.is(list.status, 403);
  assert.not.ok(JSON.stringify(list.body).includes('Pending'));
  const v = await video(1, 'Guarded');
  assert.is((await api.call('POST', 'updateParticipantVideo', { token: other.token, form: { id: String(v), status: '3' } })).status, 403);
  assert.is((await api.sql.get<{ status: number }>('SELECT status FROM participant_videos WHERE id = ?', [v]))!.status, 1);
  assert.is((await api.call('POST', 'updateParticipantVideo', { token: mine.token, form: { id: '99999', status: '3' } })).status, 404);
});

test.run();
