import '../lib/messages/sweep.ts';
import '../lib/messages/shell.ts';
import { useEffect, useRef, type ReactNode } from 'react';
import clsx from 'clsx';
import { ListBody } from './list-states.tsx';
import { Button } from './button.tsx';
import { Pagination } from './pagination.tsx';
import { NoResults } from './list-toolbar.tsx';
import { ariaSort, nextSort, type SortDir } from './list-query.ts';
import { isSelected, pageState } from './selection.ts';
import type { ListState } from './use-list.ts';
import type { usePagedList } from './use-paged-list.ts';
import { t } from '../lib/i18n.ts';

/** One column: its visible header, its cell, and the server's sort key when it is sortable. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  sort?: string;
}

type AnyList<T extends { id: number }> =
  | ListState<T>
  | (ReturnType<typeof usePagedList<T>> & {
      lq?: undefined;
      isNew?: undefined;
      justAdded?: undefined;
      justAddedKind?: undefined;
      dismissAdded?: undefined;
      defaultSort?: undefined;
    });

/**
 * A list table: optional checkbox column ("select all on this page" in the header), optional
 * Sl.No, the columns (sortable headers are buttons with `aria-sort`; a click sorts, a second
 * click reverses), an optional actions cell, the loading / error (with Retry) / empty /
 * no-results states (ListBody: old rows dimmed and inert while a page loads), and the pager. `label(row)` names a row for checkboxes and buttons.
 * Below 640 px each row is a dense card (`list-table`, styles/responsive.css): the first cell's
 * record name with the checkbox, then the other cells and the actions, without the Sl.No.
 */
export function ListTable<T extends { id: number }>({
  list,
  columns,
  label,
  actions,
  actionsHeader,
  emptyText,
  serial,
  selectable,
  canSelect,
  caption,
  pagerLabel,
}: {
  list: AnyList<T> & { deletedNote?: (id: number) => string | undefined };
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
  // The order shown: the address's sort, else the list's default order (its arrow shows too).
  const shown: { sort: string | null; dir: SortDir } = lq?.query.sort ? lq.query : (list.defaultSort ?? { sort: null, dir: 'asc' });
  // Without a column of its own, the id order is Sl.No's.
  const idMark = !!lq && !!list.defaultSort && !columns.some((c) => c.sort === 'id');
  const justAdded = list.justAdded ?? null;
  const row = (r: T, i: number | null) => {
    // Deleted elsewhere while shown (live lists, docs/live.md): greyed, its actions replaced by who deleted it.
    const deleted = list.deletedNote?.(r.id);
    return (
      <tr
        key={i === null ? `added-${r.id}` : r.id}
        data-row-id={i === null ? undefined : r.id}
        tabIndex={list.isNew?.(r.id) ? -1 : undefined}
        className={clsx(
          list.isNew?.(r.id) && 'row-new',
          select && isSelected(select.selection, r.id) && 'row-selected',
          deleted !== undefined && 'row-deleted',
        )}
      >
        {select && (
          <td className="select-cell">
            <input
              type="checkbox"
              aria-label={t('sweep.list.selectRow', { name: label(r) })}
              checked={isSelected(select.selection, r.id)}
              disabled={canSelect ? !canSelect(r) : false}
              onChange={() => select.select({ type: 'toggle', id: r.id })}
            />
          </td>
        )}
        {serial && <td>{i === null ? 'New' : list.serial(i)}</td>}
        {columns.map((c) => (
          <td key={c.header}>{c.cell(r)}</td>
        ))}
        {actions && <td className="actions">{deleted !== undefined ? <span className="muted">{deleted}</span> : actions(r)}</td>}
      </tr>
    );
  };
  return (
    <>
      <div className="table-wrap">
        <table className="table list-table" aria-busy={list.loading} aria-label={caption}>
          <thead>
            <tr>
              {select && (
                <th scope="col" className="select-cell">
                  <PageCheckbox state={pageState(select.selection, ids)} disabled={ids.length === 0} onChange={() => select.select({ type: 'page', ids })} />
                </th>
              )}
              {serial && (lq && idMark ? <SortHeader label={t('list.serial')} column="id" shown={shown} lq={lq} /> : <th scope="col">{t('list.serial')}</th>)}
              {columns.map((c) =>
                lq && c.sort ? (
                  <SortHeader key={c.header} label={c.header} column={c.sort} shown={shown} lq={lq} />
                ) : (
                  <th key={c.header} scope="col">
                    {c.header}
                  </th>
                ),
              )}
              {actions && <th scope="col">{actionsHeader ?? <span className="sr-only">{t('list.actions')}</span>}</th>}
            </tr>
          </thead>
          <ListBody list={list} colSpan={colSpan} emptyText={filtered && lq ? <NoResults lq={lq} /> : emptyText}>
            {justAdded && (
              <>
                <tr className="row-group">
                  <th scope="colgroup" colSpan={colSpan}>
                    {list.justAddedKind === 'changed' ? t('list.justChanged') : t('list.justAdded')} <span className="muted">{t('list.notOnPage')}</span>{' '}
                    <Button variant="link" onClick={list.dismissAdded}>
                      {t('list.dismiss')}
                    </Button>
                  </th>
                </tr>
                {row(justAdded, null)}
                {list.rows.length > 0 && (
                  <tr className="row-group">
                    <th scope="colgroup" colSpan={colSpan}>
                      {t('list.thisPage')}
                    </th>
                  </tr>
                )}
              </>
            )}
            {list.rows.map((r, i) => row(r, i))}
          </ListBody>
        </table>
      </div>
      <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} label={pagerLabel} more={list.totalCapped} />
    </>
  );
}

/**
 * A sortable column header: a button that sorts by `column` (a second click reverses), the arrow
 * of the order shown (`shown`: the address's sort or the list's default order) and `aria-sort`.
 */
function SortHeader({
  label,
  column,
  shown,
  lq,
}: {
  label: string;
  column: string;
  shown: { sort: string | null; dir: SortDir };
  lq: NonNullable<ListState<{ id: number }>['lq']>;
}) {
  const on = shown.sort === column;
  return (
    <th scope="col" aria-sort={ariaSort(shown, column)}>
      <button
        type="button"
        className="sort-button"
        onClick={() => {
          const n = nextSort(shown, column);
          lq.setSort(n.sort, n.dir);
        }}
      >
        {label}
        <span className="sort-mark" aria-hidden="true">
          {on ? (shown.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** The header checkbox: checked when the whole page is selected, indeterminate when part is. */
function PageCheckbox({ state, disabled, onChange }: { state: 'all' | 'some' | 'none'; disabled: boolean; onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return <input ref={ref} type="checkbox" aria-label={t('list.selectPage')} checked={state === 'all'} disabled={disabled} onChange={onChange} />;
}
