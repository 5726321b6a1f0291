import '../lib/messages/shell.ts';
import { useState, type ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';
import { Loading } from './loading.tsx';
import { Button } from './button.tsx';
import { CrudTable, type BuiltIn, type Column } from './crud-table.tsx';
import { CrudDeleteModal, type Crud } from './crud-modals.tsx';
import { ListToolbar, type FilterDef } from './list-toolbar.tsx';
import { BulkBar, bulkDelete, type BulkAction } from './bulk-bar.tsx';
import type { ListParams, ListState } from './use-list.ts';
import type { useAbilities } from './use-abilities.ts';
import { t } from '../lib/i18n.ts';
import { useLiveList, withLive } from './use-live-list.ts';
import { LiveNotice } from './live-notice.tsx';
import type { ExportFormat } from '../common/list-export.ts';

/** What one admin list screen tells CrudScreen; the texts are the spec's. */
export interface CrudScreenProps<T extends { id: number }> {
  /** Heading and last crumb ("Home > Pages"). */
  title: string;
  /** The add button ("ADD Page"), shown with `{resource}.create`. */
  addLabel: string;
  /** More heading buttons after the add button (Users' Import User). */
  actions?: ReactNode;
  /** Shown between the heading and the list (Users' import progress). */
  notice?: ReactNode;
  /** Ability prefix: `pages` → pages.create, pages.view (export), pages.edit, pages.delete. */
  resource: string;
  /** The list's calls from listEndpoints: bulk delete and CSV export. */
  calls: { bulkDelete: BulkAction['run']; exportList(params: ListParams, format?: ExportFormat): Promise<void> };
  list: ListState<T>;
  crud: Crud & { openAdd(): void; openEdit(id: number): unknown; openDelete(id: number): void };
  /** The screen's own useAbilities, so user/get is read once; `settled` false keeps the screen on "Loading…" (see CrudScreen). */
  abilities: Pick<ReturnType<typeof useAbilities>, 'can' | 'rowControls'> & { settled?: boolean };
  /** False while the screen still reads what its controls need (Users' roles for the Role filter); see CrudScreen. */
  ready?: boolean;
  /** One row in words ("page"): the count, the bulk bar and the Delete confirmation's kind. */
  noun: string;
  searchLabel: string;
  filters?: FilterDef[];
  /** Names a row: the Edit / Delete buttons' accessible names and the Delete confirmation. */
  label: (row: T) => string;
  columns: Column<T>[];
  /** More row buttons before Edit (see CrudTable). */
  rowActions?: (row: T) => ReactNode;
  /** Rows that cannot be deleted (see CrudTable). */
  builtIn?: (row: T) => BuiltIn | undefined;
  emptyText: string;
  /** Said instead of the list's count (see ListToolbar). */
  countText?: string;
  actionsHeader?: string;
  deleteTitle: string;
  deleteText: string;
  /** The Add / Edit modal (CrudFormModal). */
  children: ReactNode;
}

/**
 * An admin list screen (admin-area §2, §4): heading with crumbs and buttons, the card with the
 * ListToolbar (search, filters, count, page size, Export CSV, the bulk bar's Delete selected)
 * over the CrudTable (Edit / Delete per row), the screen's Add / Edit modal and the Delete
 * confirmation. Every control shows only with its ability (`resource` prefix).
 * On opening, the screen shows the "Loading…" line until the abilities, the first page (or its
 * failure) and what the screen marks `ready` have arrived, then everything at once: buttons, count,
 * filter options and rows no longer pop in one by one and push the list down (layout shift).
 * Later loads (another page, a search) keep the screen and show in the table. While it is open,
 * changes others make to `resource` are counted above the list ("3 updated · Show", LiveNotice),
 * a row deleted elsewhere greys out with who deleted it.
 */
export function CrudScreen<T extends { id: number }>({
  list,
  crud,
  resource,
  calls,
  abilities: { can, rowControls, settled = true },
  ready = true,
  ...p
}: CrudScreenProps<T>) {
  const [shown, setShown] = useState(false);
  // Changes made elsewhere while the list is open: counted, shown on request (docs/live.md).
  const live = useLiveList(resource, list);
  if (!shown && settled && ready && (!list.loading || list.error)) setShown(true);
  if (!shown) return <Loading />;
  const add = can(`${resource}.create`) && <Button onClick={crud.openAdd}>{p.addLabel}</Button>;
  return (
    <>
      <PageHeader
        title={p.title}
        crumbs={[{ label: t('nav.home'), href: '~/admin' }, { label: p.title }]}
        actions={
          p.actions === undefined ? (
            add
          ) : (
            <>
              {add}
              {p.actions}
            </>
          )
        }
      />
      {p.notice}
      <LiveNotice live={live} />
      <CrudTable
        list={withLive(list, live)}
        label={p.label}
        {...rowControls(resource, crud)}
        builtIn={p.builtIn}
        rowActions={p.rowActions}
        emptyText={p.emptyText}
        actionsHeader={p.actionsHeader}
        toolbar={
          <ListToolbar
            list={list}
            noun={p.noun}
            searchLabel={p.searchLabel}
            filters={p.filters}
            count={p.countText}
            onExport={can(`${resource}.view`) ? (format) => calls.exportList(list.lq.params, format) : undefined}
          >
            {can(`${resource}.delete`) && <BulkBar list={list} noun={p.noun} actions={[bulkDelete(calls.bulkDelete)]} />}
          </ListToolbar>
        }
        columns={p.columns}
      />
      {p.children}
      <CrudDeleteModal
        crud={crud}
        title={p.deleteTitle}
        text={p.deleteText}
        kind={p.noun}
        nameOf={(id) => {
          const row = list.rows.find((r) => r.id === id);
          return row && p.label(row);
        }}
      />
    </>
  );
}
