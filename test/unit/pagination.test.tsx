import { window, resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, fireEvent, cleanup } from '@testing-library/react';
import { Pagination, pageWindow } from '../../src/components/pagination.tsx';

test.after.each(() => {
  cleanup();
  resetDom();
});

test('the pager is hidden when there is one page or none', () => {
  const { container } = render(<Pagination page={1} lastPage={1} onChange={() => undefined} />);
  assert.is(container.innerHTML, '');
});
test('page 1 shows no previous link; the last page shows no next link', () => {
  const first = render(<Pagination page={1} lastPage={3} onChange={() => undefined} />);
  assert.is(first.queryByText('Previous'), null);
  assert.ok(first.getByText('Next'));
  cleanup();
  const last = render(<Pagination page={3} lastPage={3} onChange={() => undefined} />);
  assert.ok(last.getByText('Previous'));
  assert.is(last.queryByText('Next'), null);
});
test('the active page is marked and a click emits the chosen page', () => {
  const chosen: number[] = [];
  const r = render(<Pagination page={2} lastPage={3} onChange={(p) => chosen.push(p)} />);
  assert.is(r.getByText('2').getAttribute('aria-current'), 'page');
  fireEvent.click(r.getByText('3'));
  fireEvent.click(r.getByText('Previous'));
  assert.equal(chosen, [3, 1]);
});
test('page links carry real ?page=N addresses', () => {
  const r = render(<Pagination page={1} lastPage={2} onChange={() => undefined} />);
  assert.is(r.getByText('2').getAttribute('href'), '?page=2');
});
test('many pages show the first, the last and two around the current', () => {
  assert.equal(pageWindow(10, 20), [1, null, 8, 9, 10, 11, 12, null, 20]);
  assert.equal(pageWindow(2, 4), [1, 2, 3, 4]);
  assert.equal(pageWindow(1, 1000, true), [1, 2, 3, null], 'a capped total: no last page, a gap instead');
  assert.equal(pageWindow(4, 5, true), [1, 2, 3, 4, 5, null]);
});
void window;
test.run();
