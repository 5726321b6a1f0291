import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bulkBody, isSelected, NO_SELECTION, pageState, selectedCount, selectionReducer as r } from '../../src/components/selection.ts';

test('ticking rows selects them and ticking again unselects', () => {
  let s = r(NO_SELECTION, { type: 'toggle', id: 4 });
  s = r(s, { type: 'toggle', id: 7 });
  assert.equal(s, { kind: 'ids', ids: [4, 7] });
  s = r(s, { type: 'toggle', id: 4 });
  assert.equal(s, { kind: 'ids', ids: [7] });
});
test('"select all on this page" adds the page, keeps other pages, and clears the page when all were on', () => {
  let s = r(NO_SELECTION, { type: 'toggle', id: 99 });
  s = r(s, { type: 'page', ids: [1, 2, 3] });
  assert.equal(s, { kind: 'ids', ids: [99, 1, 2, 3] });
  assert.is(pageState(s, [1, 2, 3]), 'all');
  s = r(s, { type: 'page', ids: [1, 2, 3] });
  assert.equal(s, { kind: 'ids', ids: [99] });
  assert.is(pageState(r(s, { type: 'toggle', id: 2 }), [1, 2, 3]), 'some');
});
test('"select all N matching" stands for the whole filtered total', () => {
  const s = r(r(NO_SELECTION, { type: 'page', ids: [1, 2] }), { type: 'matching' });
  assert.ok(isSelected(s, 12345));
  assert.is(selectedCount(s, 4321), 4321);
  assert.is(selectedCount(NO_SELECTION, 4321), 0);
  assert.equal(r(s, { type: 'toggle', id: 1 }), NO_SELECTION);
  assert.equal(r(s, { type: 'clear' }), NO_SELECTION);
});
test('a bulk request carries the ids, or all=1 with the filter but not the order or page size', () => {
  assert.equal(bulkBody({ kind: 'ids', ids: [3, 1] }, { q: 'ann' }), { ids: '[3,1]' });
  assert.equal(bulkBody({ kind: 'matching' }, { q: 'ann', role: 2, sort: 'name', dir: 'asc', per_page: 50 }), { all: 1, q: 'ann', role: 2 });
});
test.run();
