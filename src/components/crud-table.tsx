import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { ListBody } from './list-states.tsx';
import { Pagination } from './pagination.tsx';
import type { usePagedList } from './use-paged-list.ts';

export interface Column<T> { header: string; cell: (row: T) => ReactNode }

/**
 * The admin list table (admin-area §2): Sl.No, the screen's columns, Edit and Delete per row,
 * the loading / error / empty states, and the pager under it. `label(row)` names the row for
 * the buttons' accessible names ("Edit Users").
 */
export function CrudTable<T extends { id: number }>({ list, columns, label, onEdit, onDelete, emptyText, actionsHeader }: {
  list: ReturnType<typeof usePagedList<T>>;
  columns: Column<T>[];
  label: (row: T) => string;
  /** Left out when the user may not edit (or delete): that button is not shown. */
  onEdit?: (id: number) => void;
  onDelete?: (id: number) => void;
  emptyText: string;
  /** Visible header of the actions column; hidden ("Actions" for screen readers) when omitted. */
  actionsHeader?: string;
}) {
  return (
    <div className="card">
      <div className="table-wrap">
        <table className="table" aria-busy={list.loading}>
          <thead>
            <tr>
              <th scope="col">Sl.No</th>
              {columns.map((c) => <th key={c.header} scope="col">{c.header}</th>)}
              <th scope="col">{actionsHeader ?? <span className="sr-only">Actions</span>}</th>
            </tr>
          </thead>
          <ListBody list={list} colSpan={columns.length + 2} emptyText={emptyText}>
            {list.rows.map((row, i) => (
              <tr key={row.id}>
                <td>{list.serial(i)}</td>
                {columns.map((c) => <td key={c.header}>{c.cell(row)}</td>)}
                <td className="actions">
                  {onEdit && <Button variant="link" onClick={() => onEdit(row.id)} aria-label={`Edit ${label(row)}`}>Edit</Button>}
                  {onDelete && <Button variant="link" className="text-danger" onClick={() => onDelete(row.id)} aria-label={`Delete ${label(row)}`}>Delete</Button>}
                </td>
              </tr>
            ))}
          </ListBody>
        </table>
      </div>
      <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} />
    </div>
  );
}
