import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { changesOf, describeActivity, shownValue } from '../../src/common/activity.ts';

/** The words of an activity row: what a person reads on the Activity screen and in History. */
test('a change names its verb, record, label and id', () => {
  assert.is(describeActivity({ action: 'update', resource: 'users', resource_id: 2, label: 'Edith Editor' }), 'Updated User “Edith Editor” (#2)');
  assert.is(describeActivity({ action: 'bulk_delete', resource: 'events', resource_id: null, label: '' }), 'Deleted (bulk) Event');
});

test('sign-ins read as who signed in, not as a record', () => {
  assert.is(describeActivity({ action: 'sign_in', resource: 'session', resource_id: 1, label: 'admin@example.com' }), 'Signed in as “admin@example.com”');
  assert.is(
    describeActivity({ action: 'sign_in_failed', resource: 'session', resource_id: null, label: 'x@example.com' }),
    'Failed sign-in as “x@example.com”',
  );
});

test('changes come back in stored order; a secret reads "changed"; bad JSON is no change', () => {
  const row = { changes: JSON.stringify({ name: { from: 'A', to: 'B' }, password_hash: 'changed', roles: { from: ['editor'], to: ['support'] } }) };
  assert.equal(
    changesOf(row).map(([f]) => f),
    ['name', 'password_hash', 'roles'],
  );
  assert.is(changesOf(row)[1][1], 'changed');
  assert.equal(changesOf({ changes: '{not json' }), []);
  assert.equal(changesOf({ changes: '' }), []);
  assert.is(shownValue(null), '—');
  assert.is(shownValue(['editor', 'support']), 'editor, support');
});

test.run();
