import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { activateLocale, chosenTimeZone, currentTimeZone, formatDate, formatDateTime, rememberTimeZone, TIME_ZONE_KEY } from '../../src/lib/i18n.ts';
import { localTimeZone } from '../../src/common/time-zone.ts';
import { participantLocale } from '../../src/common/i18n/locales.ts';
import { galleryLocale, handOver, pickedLocale, takeHandoff } from '../../src/features/gallery/gallery-language.ts';
import type { Gallery } from '../../src/common/contract/participants.ts';

// The console's one formatting module shows times in the user's time zone (docs/languages.md
// "Formats"), and what a participant reads is in their language (docs/languages.md "Participants").
test.before.each(() => {
  resetDom();
  rememberTimeZone(null);
});

// 2026-05-02 23:30 UTC: already 3 May in Tokyo, still 2 May in New York.
const AT = Date.UTC(2026, 4, 2, 23, 30);

test("times are shown in the user's time zone once chosen, and in the browser's again once forgotten", async () => {
  await activateLocale('en', false);
  assert.is(chosenTimeZone(), '');
  assert.is(currentTimeZone(), localTimeZone());
  rememberTimeZone('asia/tokyo');
  assert.is(chosenTimeZone(), 'Asia/Tokyo');
  assert.is(localStorage.getItem(TIME_ZONE_KEY), 'Asia/Tokyo', 'this browser remembers it');
  assert.is(formatDateTime(AT), 'May 3, 2026, 8:30 AM');
  assert.is(formatDate(AT), 'May 3, 2026');
  rememberTimeZone('America/New_York');
  assert.is(formatDateTime(AT), 'May 2, 2026, 7:30 PM');
  // A given time zone still wins (a screen that shows another place's time).
  assert.is(formatDateTime(AT, 'UTC'), 'May 2, 2026, 11:30 PM');
  rememberTimeZone('');
  assert.is(localStorage.getItem(TIME_ZONE_KEY), null);
  assert.is(chosenTimeZone(), '');
});

test('a time zone Intl does not know is never used nor remembered', () => {
  rememberTimeZone('Mars/Olympus');
  assert.is(chosenTimeZone(), '');
  assert.is(localStorage.getItem(TIME_ZONE_KEY), null);
});

test('the time is written in the reader’s locale and time zone together', async () => {
  await activateLocale('fr', false);
  rememberTimeZone('Europe/Paris');
  assert.is(formatDateTime(AT), '3 mai 2026, 01:30');
  await activateLocale('en', false);
});

test("a participant reads their own language, else the event's, else English", () => {
  assert.is(participantLocale('fr', 'es'), 'fr');
  assert.is(participantLocale('', 'es'), 'es');
  assert.is(participantLocale('', ''), 'en');
  assert.is(participantLocale('de', 'xx'), 'en', 'a stored value that is not shipped counts as none');
  assert.is(participantLocale(null, 'ar'), 'ar');
});

test("the gallery page shows the address's pick, else the gallery's language; a handed-over gallery is taken once", () => {
  assert.is(pickedLocale('?lang=es'), 'es');
  assert.is(pickedLocale('?lang=de'), null);
  assert.is(galleryLocale({ language: 'fr' }, ''), 'fr');
  assert.is(galleryLocale({ language: 'fr' }, '?lang=ar'), 'ar');
  const g = { language: 'fr' } as Gallery;
  handOver('t1', g);
  assert.is(takeHandoff('t2'), null, "another link's gallery is not handed over");
  handOver('t1', g);
  assert.is(takeHandoff('t1'), g);
  assert.is(takeHandoff('t1'), null);
});

test.run();
