import '../lib/messages/shell.ts';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { ListTable, type Column } from './list-table.tsx';
import type { ListState } from './use-list.ts';
import type { usePagedList } from './use-paged-list.ts';
import { t } from '../lib/i18n.ts';

export type { Column } from './list-table.tsx';

/** A row that cannot be deleted here: no Delete, Edit only when `edit`; `label` ("Built in" by default) is shown instead, `reason` as its tooltip. */
export interface BuiltIn {
  reason: string;
  edit: boolean;
  label?: string;
}

/**
 * The admin list table (admin-area §2): a checkbox column when the list has address state
 * (bulk actions), Sl.No, the screen's columns (sortable where they carry a `sort` key), Edit
 * and Delete per row, the loading / error / empty / no-results states, and the pager under it.
 * `label(row)` names the row for the buttons' accessible names ("Edit Users"). A `builtIn` row
 * shows "Built in" (its reason as a tooltip) instead of Delete, and Edit only where allowed.
 */
export function CrudTable<T extends { id: number }>({
  list,
  columns,
  label,
  onEdit,
  onDelete,
  builtIn,
  emptyText,
  actionsHeader,
  toolbar,
  rowActions,
  selectable = 'lq' in list,
}: {
  list: (ListState<T> | ReturnType<typeof usePagedList<T>>) & { deletedNote?: (id: number) => string | undefined };
  columns: Column<T>[];
  label: (row: T) => string;
  /** Left out when the user may not edit (or delete): that button is not shown. */
  onEdit?: (id: number) => void;
  onDelete?: (id: number) => void;
  /** Rows that cannot be deleted (built-in roles, catalogue permissions): their BuiltIn, else undefined. */
  builtIn?: (row: T) => BuiltIn | undefined;
  emptyText: string;
  /** Visible header of the actions column; hidden ("Actions" for screen readers) when omitted. */
  actionsHeader?: string;
  /** The ListToolbar, shown inside the card above the table. */
  toolbar?: ReactNode;
  /** The checkbox column for bulk actions; by default whenever the list keeps address state. */
  selectable?: boolean;
  /** More row buttons, before Edit (Users' Access). */
  rowActions?: (row: T) => ReactNode;
}) {
  return (
    <div className="card">
      {toolbar}
      <ListTable
        list={list}
        columns={columns}
        label={label}
        emptyText={emptyText}
        serial
        selectable={selectable && 'lq' in list}
        canSelect={builtIn && ((row) => !builtIn(row))}
        actionsHeader={actionsHeader}
        actions={(row) => {
          const fixed = builtIn?.(row);
          return (
            <>
              {rowActions?.(row)}
              {onEdit && (!fixed || fixed.edit) && (
                <Button variant="link" onClick={() => onEdit(row.id)} aria-label={t('action.editNamed', { name: label(row) })}>
                  {t('action.edit')}
                </Button>
              )}
              {onDelete && !fixed && (
                <Button variant="link" className="text-danger" onClick={() => onDelete(row.id)} aria-label={t('action.deleteNamed', { name: label(row) })}>
                  {t('action.delete')}
                </Button>
              )}
              {fixed && (
                <span className="muted built-in" title={fixed.reason}>
                  {fixed.label ?? t('action.builtIn')}
                </span>
              )}
            </>
          );
        }}
      />
    </div>
  );
}
