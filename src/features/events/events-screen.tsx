import { Link, useParams } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { Button, DeleteIconButton } from '../../components/button.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useCrud } from '../../components/use-crud.ts';
import { AddEventModal, EMPTY_EVENT, eventChecks, toNewEvent } from './add-event-modal.tsx';
import { TrashIcon } from '../../components/icons.tsx';
import * as api from './api.ts';
import { PagedTable } from '../../components/paged-table.tsx';

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
      <PagedTable list={list} headers={['Name', 'Start Date', 'End Date']} emptyText="No events yet." row={(e) => (
        <>
          <td><Link href={`/events/${e.id}`}>{e.title}</Link></td>
          <td className="nowrap">{e.start_date}</td>
          <td className="nowrap">{e.end_date}</td>
          <td className="actions"><DeleteIconButton name={e.title} onClick={() => crud.openDelete(e.id)} className="icon-action text-danger" /></td>
        </>
      )} />

      {state.mode === 'add' && <AddEventModal form={state.form} fields={crud.fields} busy={state.busy} set={crud.set} onSave={() => void crud.save()} onClose={crud.close} />}
      {state.mode === 'delete' && (
        <ConfirmModal title="Delete Event" text="Are you sure that you want to delete this event ?" confirmLabel="Delete" busy={state.busy}
          onConfirm={() => void crud.confirmDelete()} onClose={crud.close} />
      )}
    </>
  );
}
