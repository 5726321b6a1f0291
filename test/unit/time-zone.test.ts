import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dayIn, TIME_ZONE_MESSAGE, timeZoneChoices, timeZoneName, timeZoneProblem } from '../../src/common/time-zone.ts';
import { OrganiserUpdateInput } from '../../src/common/contract/admin.ts';

// The one time zone rule of the profile form and the API (src/common/time-zone.ts).

test('a known IANA name is accepted and written as Intl writes it', () => {
  assert.is(timeZoneName('Europe/London'), 'Europe/London');
  assert.is(timeZoneName(' europe/london '), 'Europe/London');
  assert.is(timeZoneName('Pacific/Kiritimati'), 'Pacific/Kiritimati');
  assert.ok(timeZoneName('America/Argentina/Buenos_Aires')); // three parts; Intl may write an alias's canonical name
  assert.is(timeZoneName('utc'), 'UTC');
  assert.is(timeZoneName('Etc/GMT+5'), 'Etc/GMT+5');
});

test('empty, unknown, offset and odd values are no time zone', () => {
  for (const bad of [
    '',
    '   ',
    null,
    undefined,
    'Mars/Olympus',
    'Europe/Nowhere',
    '+05:00',
    '-11:00',
    'Europe/London; DROP',
    '../etc',
    'Europe//London',
    'x'.repeat(65),
  ]) {
    assert.is(timeZoneName(bad), null, String(bad));
  }
});

test('the field problem: empty is "not chosen", an unknown name is TIME_ZONE_MESSAGE', () => {
  assert.is(timeZoneProblem(''), null);
  assert.is(timeZoneProblem('Pacific/Pago_Pago'), null);
  assert.is(timeZoneProblem('Mars/Olympus'), TIME_ZONE_MESSAGE);
  assert.is(timeZoneProblem('+14:00'), TIME_ZONE_MESSAGE);
  assert.match(TIME_ZONE_MESSAGE, /Europe\/London/);
});

test('dayIn gives the calendar day in the zone, not in UTC', () => {
  const noon = Date.parse('2030-05-01T12:00:00Z');
  assert.is(dayIn('UTC', noon), '2030-05-01');
  assert.is(dayIn('Pacific/Kiritimati', noon), '2030-05-02'); // UTC+14
  assert.is(dayIn('Pacific/Pago_Pago', noon), '2030-05-01'); // UTC-11
  const early = Date.parse('2030-01-01T05:00:00Z');
  assert.is(dayIn('Pacific/Pago_Pago', early), '2029-12-31');
  assert.is(dayIn('Pacific/Kiritimati', early), '2030-01-01');
  assert.is(dayIn('Pacific/Kiritimati', Date.parse('2030-12-31T10:00:00Z')), '2031-01-01');
});

test('the choices are Intl names the rule accepts, UTC among them, sorted', () => {
  const all = timeZoneChoices();
  assert.ok(all.length > 300);
  assert.ok(all.includes('UTC') && all.includes('Pacific/Kiritimati') && all.includes('Europe/London'));
  assert.equal([...all], [...all].sort());
  for (const z of all) assert.ok(timeZoneName(z), z);
});

test("the organiser contract refuses an unknown time zone with the rule's message and takes '' or a name", () => {
  const base = { name: 'Org', phone: '5550100' };
  const bad = OrganiserUpdateInput.safeParse({ ...base, time_zone: 'Mars/Olympus' });
  assert.not.ok(bad.success);
  assert.equal(
    bad.error?.issues.map((i) => [i.path.join('.'), i.message]),
    [['time_zone', TIME_ZONE_MESSAGE]],
  );
  assert.ok(OrganiserUpdateInput.safeParse({ ...base, time_zone: '' }).success);
  assert.ok(OrganiserUpdateInput.safeParse({ ...base, time_zone: 'Pacific/Pago_Pago' }).success);
  assert.ok(OrganiserUpdateInput.safeParse(base).success);
});

test.run();
