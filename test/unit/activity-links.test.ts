import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importOutcome, mayUndoImport, recordHref } from '../../src/common/activity.ts';

/** The Activity screen's words for an import's end state, when it offers Undo, and where an entry's record opens. */
const job = (o: Partial<NonNullable<Parameters<typeof importOutcome>[0]>> = {}) =>
  ({ kind: 'users', state: 'done', rows_written: 2, undone_at: null, undone_by: null, ...o }) as NonNullable<Parameters<typeof importOutcome>[0]>;
const when = (ms: number) => `T${ms}`;

test('an import says how it ended; only a finished, not undone one offers Undo, of every kind', () => {
  assert.is(importOutcome(job(), when), 'Done: 2 rows imported.');
  assert.is(importOutcome(job({ rows_written: 1 }), when), 'Done: 1 row imported.');
  assert.is(importOutcome(job({ state: 'failed', rows_written: 0 }), when), 'Failed: nothing imported.');
  assert.is(importOutcome(job({ state: 'running' }), when), 'Still running.');
  assert.is(importOutcome(job({ undone_at: 5, undone_by: 'Ann' }), when), 'Undone by Ann at T5.');
  assert.is(importOutcome(null, when), null);
  assert.ok(mayUndoImport(job()));
  assert.not.ok(mayUndoImport(job({ undone_at: 5, undone_by: 'Ann' })));
  assert.not.ok(mayUndoImport(job({ state: 'failed' })));
  assert.ok(mayUndoImport(job({ kind: 'participants' })));
  assert.ok(mayUndoImport(job({ kind: 'photos' })));
  assert.not.ok(mayUndoImport(null));
});

test('an entry opens its record while it exists, and nothing once deleted', () => {
  assert.is(recordHref({ resource: 'users', resource_id: 3, record: { exists: true, search: 'a+b@example.com' } }), '~/admin/users?q=a%2Bb%40example.com');
  assert.is(recordHref({ resource: 'menus', resource_id: 3, record: { exists: true, search: 'Home' } }), '~/admin/adminmenus?q=Home');
  assert.is(recordHref({ resource: 'campaigns', resource_id: 9, record: { exists: true, organizer_id: 2, event_id: 4 } }), '~/admin/organizer/2/events/4/9');
  assert.is(recordHref({ resource: 'users', resource_id: 3, record: { exists: false } }), null);
  assert.is(recordHref({ resource: 'session', resource_id: null, record: null }), null);
});

test.run();
