import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { greeting } from '../../src/features/auth/greeting.ts';

test('greeting is Good Morning before 12:00', () => {
  assert.is(greeting(0), 'Good Morning');
  assert.is(greeting(11), 'Good Morning');
});
test('greeting is Good Afternoon from 12:00 to 15:59', () => {
  assert.is(greeting(12), 'Good Afternoon');
  assert.is(greeting(15), 'Good Afternoon');
});
test('greeting is Good Evening from 16:00', () => {
  assert.is(greeting(16), 'Good Evening');
  assert.is(greeting(23), 'Good Evening');
});
test.run();
