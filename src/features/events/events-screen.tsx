import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import { useMemo } from 'react';
import { Link, useParams } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { CrudDeleteModal } from '../../components/crud-modals.tsx';
import { crudDirty } from '../../components/crud-reducer.ts';
import { Button } from '../../components/button.tsx';
import { DeleteIconButton } from '../../components/delete-icon-button.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { BulkBar, bulkDelete } from '../../components/bulk-bar.tsx';
import { useList } from '../../components/use-list.ts';
import { useLiveList, withLive } from '../../components/use-live-list.ts';
import { LiveNotice } from '../../components/live-notice.tsx';
import { useEditLease } from '../../components/use-edit-lease.ts';
import { useCrud } from '../../components/use-crud.ts';
import { EMPTY_EVENT, eventChecks, eventToForm, toNewEvent } from './event-form.ts';
import { lazyPart } from '../../components/lazy-part.tsx';
import * as api from './api.ts';
import { t } from '../../lib/i18n.ts';

/** The Add/Edit Event modal: a chunk of its own, fetched when the form first opens. */
const AddEventModal = lazyPart(() => import('./add-event-modal.tsx').then((m) => m.AddEventModal));

/**
 * Events list (organiser-console §2): Sl.No, Name (to the event detail), Start Date, End Date,
 * paginated with the page in the address, a delete icon with "Are you sure that you want to
 * delete this event ?" then "Event deleted successfully", and the Add Event modal. Each row
 * also has Edit: the detail's Edit Event form, saved with PUT event/{id}.
 */
export default function EventsScreen() {
  const { companyId } = useParams<{ companyId: string }>();
  const calls = useMemo(() => api.events(companyId), [companyId]);
  const list = useList(calls.list, api.EVENT_LIST, [companyId]);
  // Events changed elsewhere while the list is open: counted, shown on request (docs/live.md).
  const live = useLiveList('events', list, { organiser: Number(companyId) });
  const crud = useCrud({
    empty: EMPTY_EVENT,
    load: async (id) => eventToForm(await api.getEvent(id)),
    create: (f) => api.createEvent(toNewEvent(f, companyId)),
    update: (id, f) => {
      const { organizer_id: _, ...change } = toNewEvent(f, companyId);
      return api.updateEvent(id, change);
    },
    remove: api.deleteEvent,
    checks: eventChecks,
    list,
    deletedMessage: t('organiser.events.deleted'),
  });
  const { state } = crud;
  // The Edit Event form holds the event's lease while open (docs/live.md "Who is editing").
  const lease = useEditLease(state.mode === 'edit' ? 'events' : undefined, state.id);

  return (
    <>
      <PageHeader
        title={t('organiser.events.title')}
        crumbs={[{ label: t('nav.home'), href: `~/admin/organizer/${companyId}` }, { label: t('organiser.events.title') }]}
        actions={<Button onClick={crud.openAdd}>{t('organiser.events.add')}</Button>}
      />
      <div className="card">
        <ListToolbar
          list={list}
          noun="event"
          searchLabel={t('organiser.events.search')}
          onExport={(format) => calls.exportList(list.lq.params, format)}
          filters={[
            {
              name: 'when',
              label: t('organiser.events.when'),
              options: [
                ['upcoming', t('organiser.events.upcoming')],
                ['past', t('organiser.events.past')],
              ],
            },
          ]}
        >
          <BulkBar list={list} noun="event" actions={[bulkDelete(calls.bulkDelete)]} />
        </ListToolbar>
        <LiveNotice live={live} />
        <ListTable
          list={withLive(list, live)}
          serial
          selectable
          label={(e) => e.title}
          emptyText={t('organiser.events.empty')}
          columns={[
            { header: t('organiser.events.name'), sort: 'title', cell: (e) => <Link href={`/events/${e.id}`}>{e.title}</Link> },
            { header: t('organiser.events.startDate'), sort: 'start_date', cell: (e) => <span className="nowrap">{e.start_date}</span> },
            { header: t('organiser.events.endDate'), sort: 'end_date', cell: (e) => <span className="nowrap">{e.end_date}</span> },
          ]}
          actions={(e) => (
            <>
              <Button variant="link" onClick={() => void crud.openEdit(e.id)} aria-label={t('action.editNamed', { name: e.title })}>
                {t('action.edit')}
              </Button>
              <DeleteIconButton name={e.title} onClick={() => crud.openDelete(e.id)} className="icon-action text-danger" />
            </>
          )}
        />
      </div>

      {state.mode === 'add' && (
        <AddEventModal
          form={state.form}
          fields={crud.fields}
          busy={state.busy}
          set={crud.set}
          onSave={() => void crud.save()}
          onClose={crud.close}
          dirty={crudDirty(state)}
        />
      )}
      {state.mode === 'edit' && (
        <AddEventModal
          title={t('organiser.events.edit')}
          form={state.form}
          fields={crud.fields}
          busy={state.busy || state.loading}
          set={crud.set}
          onSave={() => void crud.save()}
          onClose={crud.close}
          dirty={crudDirty(state)}
          currentLogo={list.rows.find((e) => e.id === state.id)?.logo}
          lease={lease}
          conflict={crud.conflict}
        />
      )}
      <CrudDeleteModal
        crud={crud}
        title={t('organiser.events.deleteTitle')}
        text={t('organiser.events.deleteText')}
        confirmLabel={t('action.delete')}
        kind="event"
        nameOf={(id) => list.rows.find((e) => e.id === id)?.title}
        typeName
        impactKey="event_id"
      />
    </>
  );
}
