import { resetDom, window as win } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { useState } from 'react';
import { render, cleanup, act, fireEvent, waitFor } from '@testing-library/react';
import { ToastProvider } from '../../src/providers/toasts.tsx';
import { ModalProvider } from '../../src/providers/modals.tsx';
import { CrudScreen } from '../../src/components/crud-screen.tsx';
import { useList, type ListParams } from '../../src/components/use-list.ts';
import { useCrud } from '../../src/components/use-crud.ts';
import { lazyArea } from '../../src/app/lazy-area.ts';

// wouter's browser location listens on and dispatches to the global window.
for (const k of ['addEventListener', 'removeEventListener', 'dispatchEvent'] as const) (globalThis as Record<string, unknown>)[k] = win[k].bind(win);

test.after.each(() => {
  cleanup();
  resetDom();
});

type Row = { id: number; name: string };
/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void, reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const page = (rows: Row[]) => ({ current_page: 1, per_page: 10, total: rows.length, data: rows }) as never;

let pending: ReturnType<typeof deferred<never>>[] = [];
let grantsSettled: (v: boolean) => void = () => {};

function Screen() {
  const list = useList<Row>(
    (_p: ListParams) => {
      const d = deferred<never>();
      pending.push(d);
      return d.promise;
    },
    { sortable: ['id', 'name'] },
  );
  const crud = useCrud<{ name: string }>({
    empty: { name: '' },
    load: async () => ({ name: '' }),
    checks: () => ({}),
    create: async () => ({ status: 'success', message: '', data: null }),
    update: async () => ({ status: 'success', message: '', data: null }),
    remove: async () => ({ status: 'success', message: '', data: null }),
  });
  const [settled, setSettled] = useState(false);
  grantsSettled = setSettled;
  const can = (key: string) => settled && key !== 'things.delete';
  const abilities = { settled, can, rowControls: () => ({ selectable: false, onEdit: undefined, onDelete: undefined }) };
  return (
    <CrudScreen
      title="Things"
      addLabel="ADD Thing"
      resource="things"
      list={list}
      crud={crud}
      abilities={abilities}
      calls={{ bulkDelete: async () => ({ status: 'success', message: '', data: null }) as never, exportList: async () => {} }}
      noun="thing"
      searchLabel="Search name"
      label={(r) => r.name}
      emptyText="No things yet."
      columns={[{ header: 'Name', cell: (r) => r.name }]}
      deleteTitle="Delete Thing"
      deleteText="Delete it?"
    >
      <></>
    </CrudScreen>
  );
}
const setup = () => {
  resetDom('/admin/things');
  pending = [];
  return render(
    <ToastProvider>
      <ModalProvider>
        <Screen />
      </ModalProvider>
    </ToastProvider>,
  );
};

test('a list screen shows "Loading…" until its abilities and first page are in, then all its controls at once', async () => {
  const r = setup();
  assert.ok(r.getByRole('status').textContent?.includes('Loading…'));
  assert.is(r.queryByRole('searchbox'), null, 'no toolbar while the first page and the abilities are out');
  await act(async () => {
    pending[0].resolve(page([{ id: 1, name: 'Alpha' }]));
  });
  // The page is in but the abilities are not: ADD and Export CSV would pop in later and push the list down.
  assert.is(r.queryByRole('searchbox'), null);
  assert.is(r.queryByText('Alpha'), null);
  await act(async () => {
    grantsSettled(true);
  });
  assert.ok(r.getByRole('heading', { name: 'Things' }));
  assert.ok(r.getByRole('button', { name: 'ADD Thing' }));
  assert.ok(r.getByRole('button', { name: 'Export CSV' }));
  assert.ok(r.getByText('1 thing'));
  assert.ok(r.getByText('Alpha'));
});

test('after it shows, a later load (a search) keeps the screen and its search box', async () => {
  const r = setup();
  await act(async () => {
    grantsSettled(true);
    pending[0].resolve(page([]));
  });
  const box = r.getByRole('searchbox');
  fireEvent.change(box, { target: { value: 'zz' } });
  await waitFor(() => assert.is(pending.length, 2));
  // Loading the search with an empty page before: the toolbar stays (no flash back to "Loading…").
  assert.is(r.getByRole('searchbox'), box);
  assert.ok(r.getByRole('button', { name: 'ADD Thing' }));
});

test('a failed first page still shows the screen (with the list\'s error), not "Loading…" for ever', async () => {
  const r = setup();
  await act(async () => {
    grantsSettled(true);
    pending[0].reject(new Error('down'));
  });
  assert.ok(r.getByRole('heading', { name: 'Things' }));
  assert.ok(r.getByRole('searchbox'));
});

test('lazyArea: once preloaded, the area renders in the first pass, without its Suspense fallback', async () => {
  const { Suspense } = await import('react');
  let loads = 0;
  const Area = lazyArea(async () => {
    loads++;
    return ({ word }: { word: string }) => <p>{word}</p>;
  });
  await Area.preload();
  await Area.preload();
  assert.is(loads, 1, 'the module is loaded once');
  const r = render(
    <Suspense fallback={<p>Loading…</p>}>
      <Area word="Shell" />
    </Suspense>,
  );
  assert.ok(r.getByText('Shell'));
  assert.is(r.queryByText('Loading…'), null);
});

test('lazyArea: not preloaded, it suspends as React.lazy does; a failed load is tried again', async () => {
  const { Suspense } = await import('react');
  let fail = true;
  const Area = lazyArea(async () => {
    if (fail) throw new Error('offline');
    return () => <p>Shell</p>;
  });
  let failed = false;
  await Area.preload().catch(() => {
    failed = true;
  });
  assert.ok(failed);
  fail = false;
  const r = render(
    <Suspense fallback={<p>Loading…</p>}>
      <Area />
    </Suspense>,
  );
  assert.ok(r.getByText('Loading…'));
  await r.findByText('Shell');
});

test.run();
