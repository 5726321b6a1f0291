import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeCampaign, makeOrganiser, type Organiser } from './campaigns-fixtures.ts';
import { insertVideo } from '../../server/db/queries/participant-videos.ts';
import { insertBooking } from '../../server/db/queries/bookings.ts';
import { insertConferenceUser } from '../../server/db/queries/conference-users.ts';
import { csvFile, goodRow, photoCsv } from './organiser-fixtures.ts';
import { download, TRICKY } from './lists-helpers.ts';
import { awaitJob } from './import-job.ts';

let api: TestApi;
let mine: Organiser;
let other: Organiser;
let videoCampaign: number;
const photoIds = async (org: Organiser, query = '') =>
  (await api.call('GET', `getPhotosByEventId?event_id=${org.eventId}&page=1&per_page=100&${query}`, { token: org.token })).body.data;
/** Uploads a photo sheet; an accepted one is followed until its import job has written the rows. */
const upload = async (org: Organiser, rows: string[][], extra: Record<string, string> = {}) => {
  const r = await api.call('POST', 'uploadExcel', {
    token: org.token,
    form: { event_id: String(org.eventId), photo_price_type_id: '1', excel: csvFile(photoCsv(rows)), ...extra },
  });
  if (r.status === 200) assert.is((await awaitJob(api.call, org.token, r)).state, 'done');
  return r;
};

test.before(async () => {
  api = await startTestApi();
  mine = await makeOrganiser(api, 'Mine');
  other = await makeOrganiser(api, 'Other');
  await upload(mine, [goodRow('A100'), goodRow('a200', 'landscape'), goodRow('B300')]);
  await upload(other, [goodRow('A100')]);
  videoCampaign = await makeCampaign(api, mine, { type: '2' });
  for (const [i, name] of [...TRICKY, 'Ana', 'Bea'].entries()) {
    await insertVideo(api.sql, {
      campaign_id: videoCampaign,
      name,
      age: 10 + i,
      district: 'N',
      school_name: 'S',
      dropbox_shareable_link: '',
      video_url: '',
      status: 1,
    });
  }
  await insertVideo(api.sql, {
    campaign_id: videoCampaign,
    name: 'Live Liv',
    age: 9,
    district: 'N',
    school_name: 'S',
    dropbox_shareable_link: '',
    video_url: '',
    status: 2,
  });
  for (const [i, name] of ['Guest Zed', 'guest amy', 'Host'].entries()) {
    await insertBooking(api.sql, { companyId: mine.companyId, date: `2030-01-0${i + 1}`, name, email: `${i}@b.test`, phone: '', status: 0, token: null });
  }
});
test.after(async () => {
  await api.stop();
});

test('photos: bid-number search, orientation filter, sort whitelist, per_page over pageCount', async () => {
  assert.equal(
    (await photoIds(mine, 'q=a')).data.map((p: { bid_number: string }) => p.bid_number),
    ['A100', 'a200'],
  );
  assert.equal(
    (await photoIds(mine, 'orientation=landscape')).data.map((p: { bid_number: string }) => p.bid_number),
    ['a200'],
  );
  assert.equal(
    (await photoIds(mine, 'sort=bid_number&dir=desc')).data.map((p: { bid_number: string }) => p.bid_number),
    ['B300', 'a200', 'A100'],
  );
  assert.is((await api.call('GET', `getPhotosByEventId?event_id=${mine.eventId}&orientation=square`, { token: mine.token })).status, 422);
  assert.is((await api.call('GET', `getPhotosByEventId?event_id=${mine.eventId}&sort=price`, { token: mine.token })).status, 422);
  const old = await api.call('GET', `getPhotosByEventId?event_id=${mine.eventId}&page=1&pageCount=2`, { token: mine.token });
  assert.is(old.body.data.per_page, 2);
});

test('a repeated photo sheet: 409 with the count and nothing written; replace keeps the count; add adds', async () => {
  const again = await upload(mine, [goodRow('A100', 'landscape'), goodRow('C400')]);
  assert.is(again.status, 409);
  assert.is(again.body.status, 'conflict');
  assert.equal(again.body.data, { duplicates: 1 });
  assert.is(again.body.message, '1 photos in this sheet have bid numbers already on this event.');
  assert.is((await photoIds(mine)).total, 3);
  assert.is((await upload(mine, [goodRow('A100')], { duplicates: 'maybe' })).status, 422);
  assert.is((await upload(mine, [goodRow('A100', 'landscape')], { duplicates: 'replace' })).status, 200);
  const after = await photoIds(mine, 'q=A100');
  assert.is(after.total, 1);
  assert.is(after.data[0].orientation, 'landscape');
  assert.is((await upload(mine, [goodRow('A100')], { duplicates: 'add' })).status, 200);
  assert.is((await photoIds(mine, 'q=A100')).total, 2);
});

test("photo bulk delete: another organiser's ids are 404 and nothing goes; another event is 403", async () => {
  const theirs = (await photoIds(other)).data[0].id;
  const mineIds = (await photoIds(mine)).data.map((p: { id: number }) => p.id);
  const r = await api.call('POST', 'getPhotosByEventId/bulk-delete', {
    token: mine.token,
    form: { event_id: String(mine.eventId), ids: JSON.stringify([mineIds[0], theirs]) },
  });
  assert.is(r.status, 404);
  assert.is((await photoIds(other)).total, 1);
  assert.is((await photoIds(mine)).total, mineIds.length);
  const cross = await api.call('POST', 'getPhotosByEventId/bulk-delete', { token: mine.token, form: { event_id: String(other.eventId), all: '1' } });
  assert.is(cross.status, 403);
  const ok = await api.call('POST', 'getPhotosByEventId/bulk-delete', {
    token: mine.token,
    form: { event_id: String(mine.eventId), all: '1', orientation: 'landscape' },
  });
  assert.is(ok.body.data.deleted, 2);
  assert.is((await photoIds(mine, 'orientation=landscape')).total, 0);
  const csv = await download(api, `getPhotosByEventId/export?event_id=${mine.eventId}`, mine.token);
  assert.equal(csv.rows[0], ['id', 'bid_number', 'low_res_image', 'high_res_image', 'price', 'orientation']);
  assert.is(csv.rows.length - 1, (await photoIds(mine)).total);
  assert.is((await download(api, `getPhotosByEventId/export?event_id=${other.eventId}`, mine.token)).status, 403);
});

test('events: search, when filter, sort, export and scoped bulk delete', async () => {
  await api.call('POST', 'event', {
    token: mine.token,
    form: { title: 'Old Race', description: '', start_date: '2001-01-01', end_date: '2001-01-02', organizer_id: String(mine.companyId), event_logo: '' },
  });
  const list = (q: string, org = mine) => api.call('GET', `event?organizer_id=${org.companyId}&page=1&${q}`, { token: org.token });
  assert.equal(
    (await list('when=past')).body.data.data.map((e: { title: string }) => e.title),
    ['Old Race'],
  );
  assert.is((await list('when=upcoming')).body.data.total, 1);
  assert.is((await list('q=RACE')).body.data.total, 1);
  assert.is((await list('when=soon')).status, 422);
  assert.equal(
    (await list('sort=title&dir=asc')).body.data.data.map((e: { title: string }) => e.title),
    ['Mine Marathon', 'Old Race'],
  );
  const csv = await download(api, `event/export?organizer_id=${mine.companyId}&when=past`, mine.token);
  assert.equal(
    csv.rows.slice(1).map((r) => r[1]),
    ['Old Race'],
  );
  const cross = await api.call('POST', 'event/bulk-delete', { token: mine.token, form: { organizer_id: String(mine.companyId), ids: `[${other.eventId}]` } });
  assert.is(cross.status, 404);
  assert.is((await api.call('POST', 'event/bulk-delete', { token: mine.token, form: { organizer_id: String(other.companyId), all: '1' } })).status, 403);
  const gone = await api.call('POST', 'event/bulk-delete', { token: mine.token, form: { organizer_id: String(mine.companyId), all: '1', when: 'past' } });
  assert.is(gone.body.data.deleted, 1);
  assert.is((await list('', other)).body.data.total, 1, 'the other organiser keeps its event');
});

test('bookings: search, status filter, bulk status moves exactly the named ones', async () => {
  const list = (q: string) => api.call('GET', `organiser/bookings?company_id=${mine.companyId}&page=1&${q}`, { token: mine.token });
  const guests = (await list('q=GUEST&sort=name&dir=asc')).body.data.data;
  assert.equal(
    guests.map((b: { user: { name: string } }) => b.user.name),
    ['guest amy', 'Guest Zed'],
  );
  assert.is((await list('status=Allowed')).body.data.total, 0);
  assert.is((await list('status=7')).status, 422);
  const r = await api.call('POST', 'organiser/bookings/bulk-status', {
    token: mine.token,
    form: { company_id: String(mine.companyId), status: '1', ids: JSON.stringify(guests.map((b: { id: number }) => b.id)) },
  });
  assert.is(r.status, 200);
  assert.is(r.body.data.updated, 2);
  const allowed = (await list('status=1')).body.data.data;
  assert.is(allowed.length, 2);
  assert.ok(allowed.every((b: { token: string }) => /^[A-Z2-9]{8}$/.test(b.token)));
  const again = await api.call('POST', 'organiser/bookings/bulk-status', {
    token: mine.token,
    form: { company_id: String(mine.companyId), status: '2', ids: JSON.stringify([guests[0].id]) },
  });
  assert.is(again.status, 409);
  assert.is(
    (await api.call('POST', 'organiser/bookings/bulk-status', { token: other.token, form: { company_id: String(mine.companyId), status: '2', all: '1' } }))
      .status,
    403,
  );
  const csv = await download(api, `organiser/bookings/export?company_id=${mine.companyId}&status=1`, mine.token);
  assert.ok(csv.rows.slice(1).every((row) => row[5] === 'Allowed' && row[6].length === 8));
});

test('videos: participant search, export, bulk accept moves exactly those; a live one refuses', async () => {
  const base = `getAllParticipantVideos?campaign_id=${videoCampaign}`;
  const pending = (q = '') => api.call('GET', `${base}&status=1&page=1&per_page=20&${q}`, { token: mine.token });
  assert.is((await pending('q=ZOË')).body.data.total, 1);
  assert.is((await api.call('GET', `${base}&status=1&page=1`, { token: mine.token })).body.data.per_page, 5);
  const three = (await pending('sort=name&dir=asc')).body.data.data.slice(0, 3).map((v: { id: number }) => v.id);
  const r = await api.call('POST', `getAllParticipantVideos/bulk-status?campaign_id=${videoCampaign}`, {
    token: mine.token,
    form: { ids: JSON.stringify(three), status: '4' },
  });
  assert.is(r.body.data.updated, 3);
  const accepted = (await api.call('GET', `${base}&status=4&page=1&per_page=20`, { token: mine.token })).body.data.data.map((v: { id: number }) => v.id);
  assert.equal(accepted.sort(), [...three].sort());
  const live = (await api.call('GET', `${base}&status=2&page=1`, { token: mine.token })).body.data.data[0].id;
  assert.is(
    (await api.call('POST', `getAllParticipantVideos/bulk-status?campaign_id=${videoCampaign}`, { token: mine.token, form: { ids: `[${live}]`, status: '3' } }))
      .status,
    409,
  );
  assert.is(
    (
      await api.call('POST', `getAllParticipantVideos/bulk-status?campaign_id=${videoCampaign}`, {
        token: other.token,
        form: { ids: `[${live}]`, status: '3' },
      })
    ).status,
    403,
  );
  const csv = await download(api, `getAllParticipantVideos/export?campaign_id=${videoCampaign}&status=1&sort=name`, mine.token);
  assert.ok(csv.bom);
  assert.is(csv.rows.length - 1, (await pending()).body.data.total);
});

test('conference users: participant search and sort whitelist', async () => {
  const conf = await makeCampaign(api, mine, { type: '3' });
  for (const [i, name] of ['Dora Speaker', 'dan attendee', 'Eve'].entries())
    await insertConferenceUser(api.sql, { campaign_id: conf, user_id: i + 1, name, email: `${i}@c.test`, type: 'attende' });
  const r = await api.call('GET', `getAllConferenceUSers?campaign_id=${conf}&type=2&page=1&q=d&sort=name&dir=desc`, { token: mine.token });
  assert.equal(
    r.body.data.data.map((u: { name: string }) => u.name),
    ['Dora Speaker', 'dan attendee'],
  );
  assert.is((await api.call('GET', `getAllConferenceUSers?campaign_id=${conf}&sort=email;drop`, { token: mine.token })).status, 422);
  assert.is((await download(api, `getAllConferenceUSers/export?campaign_id=${conf}`, other.token)).status, 403);
});

test.run();
