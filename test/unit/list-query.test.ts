import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { apiParams, ariaSort, countText, lastPageOf, nextSort, patchSearch, readListQuery } from '../../src/components/list-query.ts';

const USERS = { sortable: ['id', 'name', 'email'], filters: ['role'] } as const;

test('a list state written to the address reads back the same', () => {
  const search = patchSearch('', { q: 'Zoë, "A"', sort: 'name', dir: 'desc', per_page: '50', role: '3' });
  const q = readListQuery(`?${search}`, USERS);
  assert.equal(q, { q: 'Zoë, "A"', sort: 'name', dir: 'desc', perPage: 50, filters: { role: '3' } });
  assert.equal(apiParams(q), { role: '3', q: 'Zoë, "A"', sort: 'name', dir: 'desc', per_page: 50 });
});
test('an address without list params asks the API exactly as before', () => {
  assert.equal(apiParams(readListQuery('?page=3', USERS)), {});
});
test('a hand-edited address never sends a column, direction or size the server refuses', () => {
  const q = readListQuery('?sort=password&dir=sideways&per_page=1000&colour=red', USERS);
  assert.equal(apiParams(q), {});
  assert.is(readListQuery('?per_page=7', USERS).perPage, null);
});
test('changing the search, a filter or the size goes back to page 1; changing the page does not', () => {
  assert.is(patchSearch('page=4&q=a', { q: 'ab' }), 'q=ab');
  assert.is(patchSearch('page=4&role=2', { role: null }), '');
  assert.is(patchSearch('q=a', { page: '2' }), 'q=a&page=2');
  assert.is(patchSearch('tab=uploads&status=1&page=2', { per_page: '25' }), 'tab=uploads&status=1&per_page=25');
});
test('a header click sorts ascending; a second click on it reverses it', () => {
  const first = nextSort({ sort: null, dir: 'asc' }, 'name');
  assert.equal(first, { sort: 'name', dir: 'asc' });
  assert.equal(nextSort(first, 'name'), { sort: 'name', dir: 'desc' });
  assert.equal(nextSort({ sort: 'name', dir: 'desc' }, 'name'), { sort: 'name', dir: 'asc' });
  assert.equal(nextSort({ sort: 'name', dir: 'desc' }, 'email'), { sort: 'email', dir: 'asc' });
  assert.is(ariaSort({ sort: 'name', dir: 'desc' }, 'name'), 'descending');
  assert.is(ariaSort({ sort: 'name', dir: 'desc' }, 'email'), 'none');
});
test('total pages are ⌈total / per_page⌉ when the API gives no last_page', () => {
  assert.is(lastPageOf({ total: 1234, per_page: 10 }), 124);
  assert.is(lastPageOf({ total: 50, per_page: 25 }), 2);
  assert.is(lastPageOf({ total: 51, per_page: 25 }), 3);
  assert.is(lastPageOf({ total: 0, per_page: 10 }), 1);
  assert.is(lastPageOf({ total: 30, per_page: 10, last_page: 3 }), 3);
  assert.is(lastPageOf(null), 1);
});
test('the count reads "1,234 users" and "1 user"', () => {
  assert.is(countText(1234, 'user'), '1,234 users');
  assert.is(countText(1, 'user'), '1 user');
  assert.is(countText(0, 'photo'), '0 photos');
  assert.is(countText(10_000, 'user', 'users', true), '10,000+ users');
  assert.is(countText(1, 'entry', 'entries', true), '1+ entries');
});
test.run();
