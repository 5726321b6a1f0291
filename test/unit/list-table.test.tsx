import { resetDom, window as win } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, fireEvent, cleanup, waitFor } from '@testing-library/react';
import { ToastProvider } from '../../src/providers/toasts.tsx';
import { ListTable } from '../../src/components/list-table.tsx';
import { ListToolbar } from '../../src/components/list-toolbar.tsx';
import { BulkBar, bulkDelete } from '../../src/components/bulk-bar.tsx';
import { useList, type ListParams } from '../../src/components/use-list.ts';
import type { Selection } from '../../src/components/selection.ts';

// wouter's browser location listens on and dispatches to the global window.
for (const k of ['addEventListener', 'removeEventListener', 'dispatchEvent'] as const) (globalThis as Record<string, unknown>)[k] = win[k].bind(win);

test.after.each(() => {
  cleanup();
  resetDom();
});

type Row = { id: number; name: string };
const ALL: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `Person ${String(i + 1).padStart(2, '0')}` }));
let asked: ListParams[] = [];
let bulk: Selection[] = [];

/** A fake API: filters by q, sorts by name, pages by per_page (10 by default, like a spec size). */
async function load(p: ListParams) {
  asked.push(p);
  let rows = ALL.filter((r) => r.name.toLowerCase().includes(String(p.q ?? '').toLowerCase()));
  if (p.sort === 'name') rows = [...rows].sort((a, b) => a.name.localeCompare(b.name) * (p.dir === 'desc' ? -1 : 1));
  const per = Number(p.per_page ?? 10),
    page = Number(p.page);
  return { current_page: page, per_page: per, total: rows.length, data: rows.slice((page - 1) * per, page * per) } as never;
}

function Screen() {
  const list = useList<Row>(load, { sortable: ['id', 'name'] });
  return (
    <ToastProvider>
      <ListToolbar list={list} noun="user" searchLabel="Search name">
        <BulkBar
          list={list}
          noun="user"
          actions={[
            bulkDelete(async (s) => {
              bulk.push(s);
              return { status: 'success', message: 'Deleted.', data: null };
            }),
          ]}
        />
      </ListToolbar>
      <ListTable
        list={list}
        serial
        selectable
        label={(r) => r.name}
        emptyText="No users yet."
        columns={[{ header: 'Name', sort: 'name', cell: (r) => r.name }]}
      />
    </ToastProvider>
  );
}
const setup = (path = '/admin/users') => {
  resetDom(path);
  asked = [];
  bulk = [];
  return render(<Screen />);
};

test('the address state is read on open, so a reload or shared link shows the same list', async () => {
  const r = setup('/admin/users?q=person%202&sort=name&dir=desc&per_page=25');
  await r.findByText('Person 23');
  assert.equal(asked[0], { q: 'person 2', sort: 'name', dir: 'desc', per_page: 25, page: 1 });
  assert.is((r.getByRole('searchbox') as HTMLInputElement).value, 'person 2');
  assert.is(r.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort'), 'descending');
  assert.ok(r.getByText('4 users'));
});
test('typing a search writes ?q= and asks the API once the typing rests', async () => {
  const r = setup();
  await r.findByText('23 users');
  fireEvent.change(r.getByRole('searchbox'), { target: { value: 'Person 1' } });
  await waitFor(() => assert.is(new URLSearchParams(window.location.search).get('q'), 'Person 1'));
  await waitFor(() => assert.is(r.container.querySelector('.list-count')?.textContent, '10 users'));
  assert.equal(asked.at(-1), { q: 'Person 1', page: 1 });
});
test('a search with no match says so and offers to clear it', async () => {
  const r = setup('/admin/users?q=nobody');
  await r.findByText('No results for “nobody”.');
  fireEvent.click(r.getByText('Clear search'));
  await r.findByText('23 users');
  assert.is(window.location.search, '');
});
test('a header click sorts by it, a second click reverses it, both in the address', async () => {
  const r = setup();
  await r.findByText('Person 01');
  fireEvent.click(r.getByRole('button', { name: /Name/ }));
  await waitFor(() => assert.is(window.location.search, '?sort=name&dir=asc'));
  fireEvent.click(r.getByRole('button', { name: /Name/ }));
  await r.findByText('Person 23');
  assert.is(window.location.search, '?sort=name&dir=desc');
  assert.is(r.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort'), 'descending');
});
test('the page size shows the spec size until one is chosen, then lives in ?per_page=', async () => {
  const r = setup('/admin/users?page=2');
  await r.findByText('Person 11');
  const size = r.getByLabelText('Per page') as HTMLSelectElement;
  assert.is(size.value, '10');
  fireEvent.change(size, { target: { value: '25' } });
  await r.findByText('Person 23');
  assert.is(window.location.search, '?per_page=25');
  assert.is(r.queryByRole('navigation', { name: 'Pages' }), null);
});
test('select all on the page, then all 23 matching: the bulk delete states the count and sends the filter', async () => {
  const r = setup();
  await r.findByText('Person 01');
  fireEvent.click(r.getByLabelText('Select all on this page'));
  assert.ok(r.getByText('10 selected'));
  fireEvent.click(r.getByText('Select all 23 users matching'));
  fireEvent.click(r.getByText('Delete selected'));
  assert.ok(r.getByText('Do you want to delete 23 users?'));
  fireEvent.click(r.getByText('YES'));
  await waitFor(() => assert.equal(bulk, [{ kind: 'matching' }]));
});

/** A fake API past the count cap: 10,000 with total_capped until count=exact; every page answers cursors. */
async function cappedLoad(p: ListParams) {
  asked.push(p);
  const page = Number(p.page),
    exact = p.count === 'exact';
  const data = Array.from({ length: 10 }, (_, i) => ({ id: (page - 1) * 10 + i + 1, name: `Row ${(page - 1) * 10 + i + 1}` }));
  return {
    current_page: page,
    per_page: 10,
    total: exact ? 12_345 : 10_000,
    last_page: exact ? 1235 : 1000,
    data,
    ...(exact ? {} : { total_capped: true }),
    next_cursor: `n${page}`,
    prev_cursor: `p${page}`,
  } as never;
}
function CappedScreen() {
  const list = useList<Row>(cappedLoad, { sortable: ['id', 'name'] });
  return (
    <ToastProvider>
      <ListToolbar list={list} noun="user" searchLabel="Search name" />
      <ListTable list={list} label={(r) => r.name} emptyText="No users yet." columns={[{ header: 'Name', cell: (r) => r.name }]} />
    </ToastProvider>
  );
}
test('past the count cap the count reads "10,000+ users"; Count exactly asks for the exact figure', async () => {
  resetDom('/admin/users');
  asked = [];
  const r = render(<CappedScreen />);
  await waitFor(() => assert.is(r.container.querySelector('.list-count')?.textContent, '10,000+ users'));
  assert.is(r.queryByRole('link', { name: 'Page 1000' }), null, 'no last page number while the end is unknown');
  fireEvent.click(r.getByRole('button', { name: 'Count exactly' }));
  await waitFor(() => assert.is(r.container.querySelector('.list-count')?.textContent, '12,345 users'));
  assert.equal(asked.at(-1), { count: 'exact', page: 1 });
  assert.is(r.queryByRole('button', { name: 'Count exactly' }), null);
});
test("Next, Previous and nearby pages send the shown page's cursor, so the server seeks; the address keeps the page number", async () => {
  resetDom('/admin/users?page=5');
  asked = [];
  const r = render(<CappedScreen />);
  await r.findByText('Row 41');
  assert.equal(asked.at(-1), { page: 5 }, 'an address is read by its page number');
  fireEvent.click(r.getByRole('link', { name: 'Next' }));
  await r.findByText('Row 51');
  assert.equal(asked.at(-1), { after: 'n5', page: 6 });
  assert.is(window.location.search, '?page=6');
  fireEvent.click(r.getByRole('link', { name: 'Page 8' }));
  await r.findByText('Row 71');
  assert.equal(asked.at(-1), { after: 'n6', page: 8 });
  fireEvent.click(r.getByRole('link', { name: 'Previous' }));
  await r.findByText('Row 61');
  assert.equal(asked.at(-1), { before: 'p8', page: 7 });
  fireEvent.click(r.getByRole('link', { name: 'Page 1' }));
  await r.findByText('Row 1');
  assert.equal(asked.at(-1), { page: 1 }, 'the first page needs no cursor');
});
test.run();
