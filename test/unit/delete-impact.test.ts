import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { impactSentence } from '../../src/lib/delete-impact.ts';

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

test.run();
