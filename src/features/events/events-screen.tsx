import { Link, useParams } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { crudDirty } from '../../components/crud-reducer.ts';
import { Button } from '../../components/button.tsx';
import { ListStateRow } from '../../components/list-states.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useCrud } from '../../components/use-crud.ts';
import { AddEventModal, EMPTY_EVENT, eventChecks, toNewEvent } from './add-event-modal.tsx';
import * as api from './api.ts';

/**
 * Events list (organiser-console §2): Sl.No, Name (to the event detail), Start Date, End Date,
 * paginated with the page in the address, a delete icon with "Are you sure that you want to
 * delete this event ?" then "Event deleted successfully", and the Add Event modal.
 */
export default function EventsScreen() {
  const { companyId } = useParams<{ companyId: string }>();
  const list = usePagedList((page) => api.listEvents(companyId, page), [companyId]);
  const crud = useCrud({
    empty: EMPTY_EVENT,
    load: async () => EMPTY_EVENT,
    create: (f) => api.createEvent(toNewEvent(f, companyId)),
    update: () => Promise.reject(new Error('Events are edited on their detail screen.')),
    remove: api.deleteEvent,
    checks: eventChecks,
    changed: () => void list.reload(),
    deletedMessage: 'Event deleted successfully',
  });
  const { state } = crud;

  return (
    <>
      <PageHeader title="Events" crumbs={[{ label: 'Home', href: `~/admin/organizer/${companyId}` }, { label: 'Events' }]}
        actions={<Button onClick={crud.openAdd}>Add Event</Button>} />
      <div className="card">
        <div className="table-wrap">
          <table className="table" aria-busy={list.loading}>
            <thead><tr><th scope="col">Sl.No</th><th scope="col">Name</th><th scope="col">Start Date</th><th scope="col">End Date</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              <ListStateRow colSpan={5} loading={list.loading} error={list.error} empty={list.rows.length === 0} emptyText="No events yet." />
              {list.rows.map((e, i) => (
                <tr key={e.id}>
                  <td>{list.serial(i)}</td>
                  <td><Link href={`/events/${e.id}`}>{e.title}</Link></td>
                  <td className="nowrap">{e.start_date}</td>
                  <td className="nowrap">{e.end_date}</td>
                  <td className="actions">
                    <button type="button" className="icon-action text-danger" onClick={() => crud.openDelete(e.id)} aria-label={`Delete ${e.title}`} title="Delete">
                      <TrashIcon />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} />
      </div>

      {state.mode === 'add' && <AddEventModal form={state.form} busy={state.busy} set={crud.set} onSave={() => void crud.save()} onClose={crud.close} dirty={crudDirty(state)} />}
      {state.mode === 'delete' && (
        <ConfirmModal title="Delete Event" text="Are you sure that you want to delete this event ?" confirmLabel="Delete" busy={state.busy}
          item={{ kind: 'event', name: list.rows.find((e) => e.id === state.id)?.title ?? '', typeName: true }}
          onConfirm={() => void crud.confirmDelete()} onClose={crud.close} />
      )}
    </>
  );
}

export const TrashIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
  </svg>
);
