import { useEffect, useRef, type ReactNode } from 'react';
import clsx from 'clsx';
import { ListBody } from './list-states.tsx';
import { Pagination } from './pagination.tsx';
import { NoResults } from './list-toolbar.tsx';
import { ariaSort, nextSort } from './list-query.ts';
import { isSelected, pageState } from './selection.ts';
import type { ListState } from './use-list.ts';
import type { usePagedList } from './use-paged-list.ts';

/** One column: its visible header, its cell, and the server's sort key when it is sortable. */
export interface Column<T> { header: string; cell: (row: T) => ReactNode; sort?: string }

type AnyList<T extends { id: number }> = ListState<T> | (ReturnType<typeof usePagedList<T>> & { lq?: undefined; isNew?: undefined });

/**
 * A list table: optional checkbox column ("select all on this page" in the header), optional
 * Sl.No, the columns (sortable headers are buttons with `aria-sort`; a click sorts, a second
 * click reverses), an optional actions cell, the loading / error (with Retry) / empty /
 * no-results states (ListBody: old rows dimmed and inert while a page loads), and the pager. `label(row)` names a row for checkboxes and buttons.
 */
export function ListTable<T extends { id: number }>({ list, columns, label, actions, actionsHeader, emptyText, serial, selectable, canSelect, caption, pagerLabel }: {
  list: AnyList<T>;
  columns: Column<T>[];
  label: (row: T) => string;
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
  emptyText: ReactNode;
  serial?: boolean;
  selectable?: boolean;
  /** Rows that may be selected (default all): the others' checkboxes are disabled and "select all on this page" skips them. */
  canSelect?: (row: T) => boolean;
  caption?: string;
  pagerLabel?: string;
}) {
  const lq = list.lq;
  const select = selectable && lq ? lq : null;
  const ids = (canSelect ? list.rows.filter(canSelect) : list.rows).map((r) => r.id);
  const colSpan = columns.length + (serial ? 1 : 0) + (actions ? 1 : 0) + (select ? 1 : 0);
  const filtered = !!lq && (lq.query.q !== '' || Object.keys(lq.query.filters).length > 0);
  return (
    <>
      <div className="table-wrap">
        <table className="table" aria-busy={list.loading} aria-label={caption}>
          <thead>
            <tr>
              {select && <th scope="col" className="select-cell"><PageCheckbox state={pageState(select.selection, ids)} disabled={ids.length === 0} onChange={() => select.select({ type: 'page', ids })} /></th>}
              {serial && <th scope="col">Sl.No</th>}
              {columns.map((c) => (lq && c.sort
                ? <th key={c.header} scope="col" aria-sort={ariaSort(lq.query, c.sort)}>
                    <button type="button" className="sort-button" onClick={() => { const n = nextSort(lq.query, c.sort!); lq.setSort(n.sort, n.dir); }}>
                      {c.header}<span className="sort-mark" aria-hidden="true">{lq.query.sort === c.sort ? (lq.query.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
                    </button>
                  </th>
                : <th key={c.header} scope="col">{c.header}</th>))}
              {actions && <th scope="col">{actionsHeader ?? <span className="sr-only">Actions</span>}</th>}
            </tr>
          </thead>
          <ListBody list={list} colSpan={colSpan} emptyText={filtered && lq ? <NoResults lq={lq} /> : emptyText}>
            {list.rows.map((row, i) => (
              <tr key={row.id} data-row-id={row.id} className={clsx(list.isNew?.(row.id) && 'row-new', select && isSelected(select.selection, row.id) && 'row-selected')}>
                {select && <td className="select-cell"><input type="checkbox" aria-label={`Select ${label(row)}`} checked={isSelected(select.selection, row.id)}
                  disabled={canSelect ? !canSelect(row) : false} onChange={() => select.select({ type: 'toggle', id: row.id })} /></td>}
                {serial && <td>{list.serial(i)}</td>}
                {columns.map((c) => <td key={c.header}>{c.cell(row)}</td>)}
                {actions && <td className="actions">{actions(row)}</td>}
              </tr>
            ))}
          </ListBody>
        </table>
      </div>
      <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} label={pagerLabel} more={list.totalCapped} />
    </>
  );
}

/** The header checkbox: checked when the whole page is selected, indeterminate when part is. */
function PageCheckbox({ state, disabled, onChange }: { state: 'all' | 'some' | 'none'; disabled: boolean; onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => { if (ref.current) ref.current.indeterminate = state === 'some'; }, [state]);
  return <input ref={ref} type="checkbox" aria-label="Select all on this page" checked={state === 'all'} disabled={disabled} onChange={onChange} />;
}
