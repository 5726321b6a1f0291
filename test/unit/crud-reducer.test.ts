import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { crudDirty, crudInit, crudReducer } from '../../src/components/crud-reducer.ts';

const empty = { title: '', roles: [] as number[] };

test('opening Edit resets the form and waits for the item', () => {
  const dirty = { ...crudInit(empty), form: { title: 'old', roles: [1, 2] } };
  const s = crudReducer(dirty, { type: 'open', mode: 'edit', id: 5, empty });
  assert.equal(s.form, empty);
  assert.is(s.loading, true);
  assert.is(s.id, 5);
});
test('loaded fills the Edit form', () => {
  const s = crudReducer(crudReducer(crudInit(empty), { type: 'open', mode: 'edit', id: 5, empty }), { type: 'loaded', form: { title: 'Users', roles: [3] } });
  assert.equal(s.form, { title: 'Users', roles: [3] });
  assert.is(s.loading, false);
});
test('an item that loads after the modal closed is ignored', () => {
  const closed = crudReducer(crudInit(empty), { type: 'close', empty });
  assert.equal(crudReducer(closed, { type: 'loaded', form: { title: 'late', roles: [] } }).form, empty);
});
test('set patches the form and keeps the rest', () => {
  const s = crudReducer(crudReducer(crudInit(empty), { type: 'open', mode: 'add', id: null, empty }), { type: 'set', patch: { title: 'x' } });
  assert.equal(s.form, { title: 'x', roles: [] });
});
test('a form is dirty only once it differs from what was opened or loaded, and never while loading', () => {
  const add = crudReducer(crudInit(empty), { type: 'open', mode: 'add', id: null, empty });
  assert.not.ok(crudDirty(add));
  const typed = crudReducer(add, { type: 'set', patch: { title: 'x' } });
  assert.ok(crudDirty(typed));
  assert.not.ok(crudDirty(crudReducer(typed, { type: 'set', patch: { title: '' } })), 'typing it back is not a change');
  const edit = crudReducer(crudInit(empty), { type: 'open', mode: 'edit', id: 3, empty });
  assert.not.ok(crudDirty(edit), 'loading');
  const loaded = crudReducer(edit, { type: 'loaded', form: { title: 'Users', roles: [3] } });
  assert.not.ok(crudDirty(loaded));
  assert.ok(crudDirty(crudReducer(loaded, { type: 'set', patch: { roles: [3, 4] } })));
});
test.run();
