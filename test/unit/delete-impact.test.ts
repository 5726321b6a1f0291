import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { impactSentence } from '../../src/lib/delete-impact.ts';
import { activateLocale } from '../../src/lib/i18n.ts';

test('impactSentence names what else goes with counts, thousands separated', () => {
  assert.is(impactSentence({ campaigns: 3, photos: 1200, templates: 0, videos: 0 }), 'This also deletes 3 campaigns and 1,200 photos.');
});

test('impactSentence uses the singular for one and lists three kinds with commas', () => {
  assert.is(impactSentence({ events: 1, campaigns: 2, photos: 1, bookings: 0 }), 'This also deletes 1 event, 2 campaigns and 1 photo.');
});

test('impactSentence is empty when nothing else goes or the counts are unknown', () => {
  assert.is(impactSentence({ templates: 0, videos: 0, conference_users: 0 }), '');
  assert.is(impactSentence(null), '');
});

test('impactSentence speaks the reader\'s language: French counts, spaces and "et"; Arabic dual', async () => {
  try {
    await activateLocale('fr', false);
    assert.is(impactSentence({ campaigns: 3, photos: 1200 }), 'Cela supprime aussi 3 campagnes et 1\u202f200 photos.');
    assert.is(impactSentence({ events: 1, campaigns: 2, photos: 1 }), 'Cela supprime aussi 1 événement, 2 campagnes et 1 photo.');
    await activateLocale('ar', false);
    assert.match(impactSentence({ campaigns: 2 }), /حملتان/);
  } finally {
    await activateLocale('en', false);
  }
});

test.run();
