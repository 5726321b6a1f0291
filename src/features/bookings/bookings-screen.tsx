import { useState } from 'react';
import { useParams } from 'wouter';
import clsx from 'clsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/button.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useAction } from '../../components/use-action.ts';
import { BookingDetailsModal } from './booking-details-modal.tsx';
import * as api from './api.ts';
import { PagedTable } from '../../components/paged-table.tsx';

const TONE = { Requested: 'badge-warning', Allowed: 'badge-success', Rejected: 'badge-danger' } as const;

/**
 * Booking Management (organiser-console §2, §4): Sl.No, Date, Name, Token, Status; View opens
 * Booking Details; Requested rows also offer Accept (1) and Reject (2). The list reloads after
 * a change; a booking someone else already answered is reported and the list reloads too.
 */
export default function BookingsScreen() {
  const { companyId } = useParams<{ companyId: string }>();
  const list = usePagedList((page) => api.listBookings(companyId, page), [companyId]);
  const [viewing, setViewing] = useState<number | null>(null);
  const [answering, setAnswering] = useState<{ id: number; status: 1 | 2 } | null>(null);
  const { busy, run } = useAction();

  function answer(id: number, status: 1 | 2) {
    if (busy) return;
    setAnswering({ id, status });
    // The list reloads after a refusal too: the booking may have been answered elsewhere.
    void run(() => api.answerBooking(id, status)).then(() => { setAnswering(null); void list.reload(); });
  }

  return (
    <>
      <PageHeader title="Booking Management" crumbs={[{ label: 'Home', href: `~/admin/organizer/${companyId}` }, { label: 'Booking Management' }]} />
      <PagedTable list={list} headers={['Date', 'Name', 'Token', 'Status']} emptyText="No bookings yet." row={(b) => (
        <>
          <td className="nowrap">{b.date}</td>
          <td>{b.user.name}</td>
          <td className="mono">{b.status === 'Allowed' ? b.token : ''}</td>
          <td><span className={clsx('badge', TONE[b.status])}>{b.status}</span></td>
          <td className="actions">
            <Button variant="link" onClick={() => setViewing(b.id)} aria-label={`View booking of ${b.user.name}`}>View</Button>
            {b.status === 'Requested' && (
              <>
                <Button variant="success" className="btn-sm" busy={answering?.id === b.id && answering.status === 1} disabled={!!answering}
                  onClick={() => answer(b.id, 1)} aria-label={`Accept booking of ${b.user.name}`}>Accept</Button>
                <Button variant="danger" className="btn-sm" busy={answering?.id === b.id && answering.status === 2} disabled={!!answering}
                  onClick={() => answer(b.id, 2)} aria-label={`Reject booking of ${b.user.name}`}>Reject</Button>
              </>
            )}
          </td>
        </>
      )} />
      {viewing !== null && <BookingDetailsModal id={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
