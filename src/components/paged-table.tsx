import type { ReactNode } from 'react';
import { ListBody } from './list-states.tsx';
import { Pagination } from './pagination.tsx';
import type { usePagedList } from './use-paged-list.ts';

/**
 * A paged list in a card (admin-area §2, organiser-console §2): Sl.No, the screen's `headers`,
 * a last column of row actions (named "Actions" for screen readers only), the loading / error /
 * empty states, and the pager under it. `row(item)` renders the cells after Sl.No. For the admin
 * lists whose rows are exactly Edit and Delete, CrudTable is the shorter way.
 */
export function PagedTable<T extends { id: number }>({ list, headers, row, emptyText }: {
  list: ReturnType<typeof usePagedList<T>>;
  headers: string[];
  row: (item: T) => ReactNode;
  emptyText: string;
}) {
  return (
    <div className="card">
      <div className="table-wrap">
        <table className="table" aria-busy={list.loading}>
          <thead><tr>
            <th scope="col">Sl.No</th>
            {headers.map((h) => <th key={h} scope="col">{h}</th>)}
            <th scope="col"><span className="sr-only">Actions</span></th>
          </tr></thead>
          <ListBody list={list} colSpan={headers.length + 2} emptyText={emptyText}>
            {list.rows.map((item, i) => <tr key={item.id}><td>{list.serial(i)}</td>{row(item)}</tr>)}
          </ListBody>
        </table>
      </div>
      <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} />
    </div>
  );
}
