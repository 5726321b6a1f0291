import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { campaignForm, makeCampaign, makeOrganiser, type Organiser } from './campaigns-fixtures.ts';
import { makeOrganiser as makeBookingOrganiser } from './organiser-fixtures.ts';

// The organiser's Edit Event and Edit Campaign forms (docs/live.md "Versions and If-Match"): the
// answer that fills the form carries the record's version as ETag (GET event/{id}; GET
// getCampaignDetailById, which names campaign/{id}'s version), the form's PUT sends it as If-Match;
// a stale one answers 412 with the record as stored and who changed it, and changes nothing;
// without If-Match the last save wins, as before. A booking's decision (Accept, Reject) sends the
// version its list row or details carried: a stale one is 412 with who answered it and how, before
// the 409 of a booking that is no longer Requested.
let api: TestApi;
let admin: string;
let org: Organiser;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  org = await makeOrganiser(api, 'Versioned Org');
});
test.after(async () => {
  await api.stop();
});

const etag = (r: { headers: Headers }) => r.headers.get('etag');
const eventForm = (title: string, description: string) => ({ title, description, start_date: '2030-05-01', end_date: '2030-05-03', event_logo: ' ' });

test("Edit Event: a stale If-Match answers 412 with the stored event and the staff member's name; no If-Match saves as before", async () => {
  const read = await api.call('GET', `event/${org.eventId}`, { token: org.token });
  const v = etag(read);
  assert.ok(v, 'GET event/{id} carries an ETag');
  // Staff change the event first.
  const theirs = await api.call('PUT', `event/${org.eventId}`, {
    token: admin,
    form: eventForm('Harbour Marathon', 'Their words'),
    headers: { 'If-Match': v! },
  });
  assert.is(theirs.status, 200, JSON.stringify(theirs.body));
  assert.is.not(etag(theirs), v, 'the save answers the next version');
  // The organiser saves with the version it read.
  const mine = await api.call('PUT', `event/${org.eventId}`, { token: org.token, form: eventForm('City Marathon', 'My words'), headers: { 'If-Match': v! } });
  assert.is(mine.status, 412, JSON.stringify(mine.body));
  assert.is(mine.body.status, 'stale');
  assert.is(`"${mine.body.data.version}"`, etag(theirs));
  assert.equal(
    { title: mine.body.data.record.title, description: mine.body.data.record.description, start_date: mine.body.data.record.start_date },
    { title: 'Harbour Marathon', description: 'Their words', start_date: '2030-05-01' },
  );
  assert.is(mine.body.data.changed_by.name, 'Administrator');
  const stored = await api.call('GET', `event/${org.eventId}`, { token: org.token });
  assert.is(stored.body.data.title, 'Harbour Marathon', 'the stale save changed nothing');
  // With the 412's version the organiser's choice is saved.
  const again = await api.call('PUT', `event/${org.eventId}`, {
    token: org.token,
    form: eventForm('City Marathon', 'My words'),
    headers: { 'If-Match': `"${mine.body.data.version}"` },
  });
  assert.is(again.status, 200);
  // An older client without If-Match: the last save wins, and the version still moves.
  const old = await api.call('PUT', `event/${org.eventId}`, { token: org.token, form: eventForm('Old client', '') });
  assert.is(old.status, 200);
  assert.is.not(etag(old), etag(again));
  assert.is((await api.call('GET', `event/${org.eventId}`, { token: org.token })).body.data.title, 'Old client');
});

test("Edit Campaign: getCampaignDetailById carries the campaign's version; PUT campaign/{id} with a stale If-Match answers 412 with the stored campaign and who changed it", async () => {
  const id = await makeCampaign(api, org, { title: 'City Run' });
  const detail = await api.call('GET', `getCampaignDetailById?campaign_id=${id}`, { token: org.token });
  const v = etag(detail);
  assert.is(v, '"1"', 'a new campaign is version 1');
  const { event_id: _, ...form } = campaignForm(org.eventId, { subdomain: detail.body.data.subdomain });
  const theirs = await api.call('PUT', `campaign/${id}`, {
    token: admin,
    form: { ...form, title: 'Harbour Run', sponsors: 'Acme' },
    headers: { 'If-Match': v! },
  });
  assert.is(theirs.status, 200, JSON.stringify(theirs.body));
  assert.is(etag(theirs), '"2"');
  assert.is(etag(await api.call('GET', `getCampaignDetailById?campaign_id=${id}`, { token: org.token })), '"2"', 'the detail follows the version');
  const mine = await api.call('PUT', `campaign/${id}`, {
    token: org.token,
    form: { ...form, title: 'Bay Run', description: 'Mine' },
    headers: { 'If-Match': v! },
  });
  assert.is(mine.status, 412, JSON.stringify(mine.body));
  assert.is(mine.body.data.version, 2);
  assert.is(mine.body.data.record.title, 'Harbour Run');
  assert.is(mine.body.data.record.sponsors, 'Acme');
  assert.is(mine.body.data.changed_by.name, 'Administrator');
  assert.is(
    (await api.call('GET', `getCampaignDetailById?campaign_id=${id}`, { token: org.token })).body.data.title,
    'Harbour Run',
    'nothing of the stale save',
  );
  // The 412's version saves; then an older client without If-Match still saves (last save wins).
  const again = await api.call('PUT', `campaign/${id}`, { token: org.token, form: { ...form, title: 'Bay Run' }, headers: { 'If-Match': '"2"' } });
  assert.is(again.status, 200);
  assert.is(etag(again), '"3"');
  const old = await api.call('PUT', `campaign/${id}`, { token: admin, form: { ...form, title: 'Old client' } });
  assert.is(old.status, 200);
  assert.is(etag(await api.call('GET', `getCampaignDetailById?campaign_id=${id}`, { token: org.token })), '"4"');
});

test("another organiser asking with If-Match gets 403 and no campaign; an unknown campaign's detail is 404 without an ETag", async () => {
  const id = await makeCampaign(api, org);
  const stranger = await makeOrganiser(api, 'Stranger Org');
  const { event_id: _, ...form } = campaignForm(org.eventId);
  const r = await api.call('PUT', `campaign/${id}`, { token: stranger.token, form, headers: { 'If-Match': '"9"' } });
  assert.is(r.status, 403);
  assert.not.ok(r.body.data?.record, 'scope before versions');
  const none = await api.call('GET', 'getCampaignDetailById?campaign_id=987654', { token: org.token });
  assert.is(none.status, 404);
  assert.is(etag(none), null);
});

test("a booking's stale decision answers 412 with who answered it and how; without If-Match the answer is today's (200, then 409)", async () => {
  const A = await makeBookingOrganiser(api, 'Decider');
  const row = (await api.call('GET', `organiser/bookings?company_id=${A.companyId}`, { token: A.token })).body.data.data.find(
    (b: { id: number }) => b.id === A.bookingId,
  );
  assert.is(row.version, 1, 'a list row carries its version');
  const one = await api.call('GET', `organiser/booking/${A.bookingId}`, { token: A.token });
  assert.is(etag(one), '"1"');
  assert.is(one.body.data.version, 1);
  // Staff accept it first, with the version they saw.
  const theirs = await api.call('PUT', `organiser/booking/${A.bookingId}`, { token: admin, form: { status: '1' }, headers: { 'If-Match': '"1"' } });
  assert.is(theirs.status, 200, JSON.stringify(theirs.body));
  assert.is(theirs.body.data.version, 2);
  assert.is(etag(theirs), '"2"');
  // The organiser's list still showed it Requested: its Reject is refused with the booking as it is now.
  const mine = await api.call('PUT', `organiser/booking/${A.bookingId}`, { token: A.token, form: { status: '2' }, headers: { 'If-Match': '"1"' } });
  assert.is(mine.status, 412, JSON.stringify(mine.body));
  assert.is(mine.body.status, 'stale');
  assert.is(mine.body.data.version, 2);
  assert.is(Number(mine.body.data.record.status), 1, 'the record says it is Allowed');
  assert.not.ok('token' in mine.body.data.record, 'no booking token in the answer');
  assert.is(mine.body.data.changed_by.name, 'Administrator');
  const stored = await api.call('GET', `organiser/booking/${A.bookingId}`, { token: A.token });
  assert.is(stored.body.data.status, 'Allowed', 'nothing was overwritten');
  // Without If-Match: today's answer for a booking no longer Requested (409), and a Requested one is answered (200).
  const old = await api.call('PUT', `organiser/booking/${A.bookingId}`, { token: A.token, form: { status: '2' } });
  assert.is(old.status, 409);
  const B = await makeBookingOrganiser(api, 'Plain');
  assert.is((await api.call('PUT', `organiser/booking/${B.bookingId}`, { token: B.token, form: { status: '2' } })).status, 200);
  // Another organiser with any If-Match: 403, nothing of the booking.
  const other = await api.call('PUT', `organiser/booking/${A.bookingId}`, { token: B.token, form: { status: '2' }, headers: { 'If-Match': '"1"' } });
  assert.is(other.status, 403);
  assert.not.ok(other.body.data?.record);
});

test.run();
