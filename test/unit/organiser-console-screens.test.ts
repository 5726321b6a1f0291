import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { ORGANISER_CONSOLE_SCREENS } from '../../src/common/organiser-console-screens.ts';
import { RESOURCES } from '../../src/common/resources.ts';
import { en } from '../../src/common/i18n/catalogs/index.ts';

// The organiser console's screens follow from the resources' declarations (src/common/resources.ts
// `console`): the sidebar lists them after the dashboard in the spec's order, each has a route in
// the console's route table and its menu words in the catalogs.

test("the sidebar's screens are the declared ones, in the spec's order", () => {
  assert.equal(
    ORGANISER_CONSOLE_SCREENS.map((s) => [s.path, en[`organiser.nav.${s.key}`]]),
    [
      ['/profile', 'Organizer Profile'],
      ['/events', 'Events'],
      ['/holiday', 'Working Days'],
      ['/booking', 'Bookings'],
      ['/activity', 'Activity'],
      ['/reports', 'Reports'],
      ['/webhooks', 'Webhooks'],
    ],
  );
});

test('every declared console screen has its route in the organiser console', () => {
  const routes = readFileSync('src/app/organiser/organiser-screens.ts', 'utf8');
  for (const s of ORGANISER_CONSOLE_SCREENS) assert.ok(routes.includes(`'${s.path}':`), `no route for ${s.path}`);
});

test('only organiser resources declare a console screen', () => {
  for (const [key, r] of Object.entries(RESOURCES) as [string, { console?: unknown; owns?: unknown; screen?: unknown }][])
    if (r.console) assert.ok(r.owns || key === 'activity', `${key} declares a console screen but owns no organiser table`);
});

test.run();
