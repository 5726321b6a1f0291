import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, type TestOrganiser } from './organiser-fixtures.ts';
import { download } from './lists-helpers.ts';
import { TIME_ZONE_MESSAGE } from '../../src/common/time-zone.ts';
import { clockFrom } from './test-clock.ts';

// An organiser's time zone decides its "today": which events the Events list calls upcoming or
// past and which the dashboard lists. Pacific/Kiritimati is UTC+14 and Pacific/Pago_Pago UTC-11,
// neither with summer time, so their days are computed here from the clock by a fixed offset:
// before 11:00 UTC Pago Pago is still on the day before UTC's, from 10:00 UTC Kiritimati is
// already on the next, so at any moment at least one of them is on another day than UTC.
// The process clock (and the server's) runs from 05:00 UTC of the day the test started, five hours
// from UTC's, Kiritimati's (10:00 UTC) and Pago Pago's (11:00 UTC) midnights, so each zone's day
// read here is the server's when it judges, whatever the real hour.

const now = clockFrom('05:00');
const HOUR = 3_600_000;
const KIRITIMATI = { name: 'Pacific/Kiritimati', offset: 14 };
const PAGO_PAGO = { name: 'Pacific/Pago_Pago', offset: -11 };
/** The calendar day (YYYY-MM-DD) now at `offset` hours from UTC. */
const dayAt = (offset: number) => new Date(Date.now() + offset * HOUR).toISOString().slice(0, 10);
/** One of the two zones that is on another day than UTC right now. */
const zoneOffUtc = () => (dayAt(KIRITIMATI.offset) !== dayAt(0) ? KIRITIMATI : PAGO_PAGO);
/** The day `n` days after `day`. */
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 24 * HOUR).toISOString().slice(0, 10);

let api: TestApi;
let tag = 0;
test.before(async () => {
  api = await startTestApi({ now });
});
test.after(async () => {
  await api.stop();
});

/** A new organiser (signed in as its company user) with a saved time zone when `zone` is given. */
async function organiser(zone?: string): Promise<TestOrganiser> {
  const org = await makeOrganiser(api, `Zone${++tag}`, 0);
  if (zone) assert.is((await saveZone(org, zone)).status, 200);
  return org;
}
/** PUT organiser/{id} from the profile: its fields as they are, time_zone `zone` (undefined: not sent). */
const saveZone = (org: TestOrganiser, zone: string | undefined) =>
  api.call('PUT', `organiser/${org.companyId}`, {
    token: org.token,
    form: { name: `Organiser ${org.email}`, phone: '5550100', description: 'About', ...(zone === undefined ? {} : { time_zone: zone }) },
  });
const savedZone = async (org: TestOrganiser) => (await api.call('GET', `organiser/${org.companyId}`, { token: org.token })).body.data.time_zone;

/** Adds an event of `org` on `day` through the API; resolves to its title. */
async function eventOn(org: TestOrganiser, title: string, day: string) {
  const r = await api.call('POST', 'event', {
    token: org.token,
    form: { title, description: '', start_date: day, end_date: day, organizer_id: String(org.companyId), event_logo: ' ' },
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return title;
}
/** The titles the Events list gives for `when`, with `extra` query parameters (e.g. tz). */
async function titles(org: TestOrganiser, when: 'upcoming' | 'past', extra = '') {
  const r = await api.call('GET', `event?organizer_id=${org.companyId}&when=${when}&per_page=100${extra}`, { token: org.token });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return (r.body.data.data as { title: string }[]).map((e) => e.title);
}
/** The titles of the dashboard's upcoming events. */
async function dashboardTitles(org: TestOrganiser, extra = '') {
  const r = await api.call('GET', `organiser-dashboard/${org.companyId}?${extra}`, { token: org.token });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return (r.body.data.upcoming_events.items as { title: string }[]).map((e) => e.title);
}

test('the profile saves a time zone by its Intl name, keeps it when not sent, clears it with empty; GET answers it', async () => {
  const org = await organiser();
  assert.is(await savedZone(org), '');
  assert.is((await saveZone(org, 'pacific/kiritimati')).status, 200);
  assert.is(await savedZone(org), 'Pacific/Kiritimati');
  assert.is((await saveZone(org, undefined)).status, 200);
  assert.is(await savedZone(org), 'Pacific/Kiritimati');
  assert.is((await saveZone(org, '')).status, 200);
  assert.is(await savedZone(org), '');
});

test('a time zone that is not a known name answers 422 with a clear message and changes nothing', async () => {
  const org = await organiser(PAGO_PAGO.name);
  for (const bad of ['Mars/Olympus', '+14:00', 'Europe/London; DROP TABLE companies', 'x'.repeat(80)]) {
    const r = await saveZone(org, bad);
    assert.is(r.status, 422, bad);
    assert.equal(r.body.errors, { time_zone: [TIME_ZONE_MESSAGE] }, bad);
    assert.is(r.body.message, TIME_ZONE_MESSAGE);
  }
  assert.is(await savedZone(org), PAGO_PAGO.name);
  // The browser's time zone sent with a list or the dashboard is checked by the same rule.
  for (const p of [`event?organizer_id=${org.companyId}&when=upcoming&tz=Mars%2FOlympus`, `organiser-dashboard/${org.companyId}?tz=Mars%2FOlympus`]) {
    const r = await api.call('GET', p, { token: org.token });
    assert.is(r.status, 422, p);
    assert.equal(r.body.errors, { tz: [TIME_ZONE_MESSAGE] }, p);
  }
  assert.is((await download(api, `event/export?organizer_id=${org.companyId}&when=upcoming&tz=Nowhere%2FAtAll`, org.token)).status, 422);
});

for (const zone of [KIRITIMATI, PAGO_PAGO]) {
  test(`with ${zone.name} saved, its today's event is upcoming and its yesterday's past, on the list, the export and the dashboard`, async () => {
    const org = await organiser(zone.name);
    const today = dayAt(zone.offset);
    const onToday = await eventOn(org, `Today in ${zone.name}`, today);
    const onYesterday = await eventOn(org, `Yesterday in ${zone.name}`, plusDays(today, -1));

    const upcoming = await titles(org, 'upcoming');
    assert.ok(upcoming.includes(onToday), `${onToday} upcoming: ${upcoming}`);
    assert.not.ok(upcoming.includes(onYesterday), `${onYesterday} not upcoming: ${upcoming}`);
    const past = await titles(org, 'past');
    assert.ok(past.includes(onYesterday));
    assert.not.ok(past.includes(onToday));

    const dashboard = await dashboardTitles(org);
    assert.ok(dashboard.includes(onToday), `dashboard: ${dashboard}`);
    assert.not.ok(dashboard.includes(onYesterday), `dashboard: ${dashboard}`);

    const csv = await download(api, `event/export?organizer_id=${org.companyId}&when=upcoming`, org.token);
    assert.is(csv.status, 200);
    assert.ok(csv.text.includes(onToday));
    assert.not.ok(csv.text.includes(onYesterday));

    // A browser's time zone does not override the one the organiser saved.
    const other = zone === KIRITIMATI ? PAGO_PAGO : KIRITIMATI;
    assert.equal(await titles(org, 'upcoming', `&tz=${encodeURIComponent(other.name)}`), upcoming);
  });
}

test("deleting every past event of an organiser takes its yesterday's and keeps its today's", async () => {
  // In the zone off UTC's day, UTC would judge one of the two the other way.
  const zone = zoneOffUtc();
  const org = await organiser(zone.name);
  const today = dayAt(zone.offset);
  const onToday = await eventOn(org, 'Stays', today);
  await eventOn(org, 'Goes', plusDays(today, -1));
  const r = await api.call('POST', 'event/bulk-delete', { token: org.token, form: { organizer_id: String(org.companyId), all: '1', when: 'past' } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.data.deleted, 1);
  const left = [...(await titles(org, 'upcoming')), ...(await titles(org, 'past'))];
  assert.ok(left.includes(onToday));
  assert.not.ok(left.includes('Goes'));
});

test("UTC judges these days otherwise: an organiser on the zone's day sees what a UTC organiser does not", async () => {
  const utcToday = dayAt(0);
  const zone = zoneOffUtc();
  const zoneToday = dayAt(zone.offset);
  assert.is.not(zoneToday, utcToday);
  // Kiritimati's yesterday is UTC's today; Pago Pago's today is UTC's yesterday.
  const day = zone === KIRITIMATI ? plusDays(zoneToday, -1) : zoneToday;
  const inZone = await organiser(zone.name);
  const inUtc = await organiser();
  const a = await eventOn(inZone, `On ${day} in ${zone.name}`, day);
  const b = await eventOn(inUtc, `On ${day} in UTC`, day);
  const expectUpcomingInZone = zone === PAGO_PAGO;
  assert.is((await titles(inZone, 'upcoming')).includes(a), expectUpcomingInZone);
  assert.is((await titles(inUtc, 'upcoming')).includes(b), !expectUpcomingInZone);
  assert.is((await dashboardTitles(inZone)).includes(a), expectUpcomingInZone);
  assert.is((await dashboardTitles(inUtc)).includes(b), !expectUpcomingInZone);
});

test("with no saved time zone, the browser's (tz) decides; without one, UTC", async () => {
  const org = await organiser();
  const kiriToday = dayAt(KIRITIMATI.offset);
  const pagoToday = dayAt(PAGO_PAGO.offset);
  // Pago Pago's today is always Kiritimati's yesterday or the day before: past there, upcoming in Pago Pago.
  const title = await eventOn(org, 'Pago Pago day', pagoToday);
  assert.ok(pagoToday < kiriToday);
  const kiri = `&tz=${encodeURIComponent(KIRITIMATI.name)}`;
  const pago = `&tz=${encodeURIComponent(PAGO_PAGO.name)}`;
  assert.ok((await titles(org, 'upcoming', pago)).includes(title));
  assert.not.ok((await titles(org, 'upcoming', kiri)).includes(title));
  assert.ok((await titles(org, 'past', kiri)).includes(title));
  assert.ok((await dashboardTitles(org, pago.slice(1))).includes(title));
  assert.not.ok((await dashboardTitles(org, kiri.slice(1))).includes(title));
  // No tz: UTC's day, which is on or after Pago Pago's.
  assert.is((await titles(org, 'upcoming')).includes(title), pagoToday >= dayAt(0));
});

test.run();
