import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { makeOrganiser } from './organiser-fixtures.ts';

// An organiser's activity log says who did what on its records, but shows an address and a
// browser only for its own users' rows, never platform staff's; and a write that changed nothing
// (a 404 update or delete, a refused call) leaves no row.

let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const STAFF_UA = 'StaffBrowser/9.9 (platform staff)';
const ORG_UA = 'OrganiserBrowser/1.0';
const rows = async () => Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM activity'))!.n);
const eventForm = (title: string) => ({ title, description: 'd', start_date: '2030-01-01', end_date: '2030-01-02' });

test(`[${testEngine}] an organiser sees staff's changes to its records without their address or browser; its own users' rows keep theirs`, async () => {
  const org = await makeOrganiser(api, 'privacy', 0);
  const staff = await api.call('PUT', `event/${org.eventId}`, { token: admin, form: eventForm('Changed by staff'), headers: { 'User-Agent': STAFF_UA } });
  assert.is(staff.status, 200, JSON.stringify(staff.body));
  const own = await api.call('PUT', `event/${org.eventId}`, {
    token: org.token,
    form: eventForm('Changed by the organiser'),
    headers: { 'User-Agent': ORG_UA },
  });
  assert.is(own.status, 200);

  const seen = (await api.call('GET', 'activity?per_page=100&resource=events', { token: org.token })).body.data.data as any[];
  const byStaff = seen.find((r) => r.label === 'Changed by staff');
  const byOrg = seen.find((r) => r.label === 'Changed by the organiser');
  assert.ok(byStaff && byOrg, JSON.stringify(seen));
  assert.is(byStaff.actor_name, 'Administrator', 'who did it is shown');
  assert.equal([byStaff.ip, byStaff.user_agent], ['', ''], 'staff address and browser are not');
  assert.is(byOrg.user_agent, ORG_UA);
  assert.ok(byOrg.ip, "its own user's address is shown");

  const csv = await api.call('GET', 'activity/export?resource=events', { token: org.token });
  assert.is(csv.status, 200);
  assert.ok(String(csv.body).includes('Changed by staff') && String(csv.body).includes(ORG_UA), String(csv.body).slice(0, 500));
  assert.not.ok(String(csv.body).includes(STAFF_UA), 'nor in the export');

  // An administrator still sees everything.
  const all = (await api.call('GET', `activity?per_page=100&resource=events&organizer_id=${org.companyId}`, { token: admin })).body.data.data as any[];
  assert.is(all.find((r) => r.label === 'Changed by staff').user_agent, STAFF_UA);
});

test(`[${testEngine}] updating or deleting a page that does not exist (404) writes no activity row; a refused write neither`, async () => {
  const before = await rows();
  const put = await api.call('PUT', 'page/987654', { token: admin, form: { title: 'Ghost', content: 'Nothing here', status: '1' } });
  assert.is(put.status, 404, JSON.stringify(put.body));
  const del = await api.call('DELETE', 'page/987654', { token: admin });
  assert.is(del.status, 404, JSON.stringify(del.body));
  assert.is(await rows(), before, 'no row for the 404 page calls');
  const org = await makeOrganiser(api, 'refused', 0); // its sign-in is a row
  const afterOrg = await rows();
  assert.is((await api.call('PUT', `event/${org.eventId}`, { token: org.token, form: eventForm('') })).status, 422);
  assert.is((await api.call('PUT', 'event/987654', { token: org.token, form: eventForm("Nobody's") })).status, 404);
  assert.is(await rows(), afterOrg, 'no row for the refused or 404 writes');
  // A change that happens still writes its row.
  const made = await api.call('POST', 'page', { token: admin, form: { title: 'Real page', content: 'Some text', status: '1' } });
  assert.is(made.status, 200, JSON.stringify(made.body));
  assert.is(await rows(), afterOrg + 1);
});

test.run();
