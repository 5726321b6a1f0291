import { useState } from 'react';
import { useParams } from 'wouter';
import clsx from 'clsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { Button } from '../../components/button.tsx';
import { ListStateRow } from '../../components/list-states.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useAction } from '../../components/use-action.ts';
import { BookingDetailsModal } from './booking-details-modal.tsx';
import * as api from './api.ts';

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
      <div className="card">
        <div className="table-wrap">
          <table className="table" aria-busy={list.loading}>
            <thead><tr><th scope="col">Sl.No</th><th scope="col">Date</th><th scope="col">Name</th><th scope="col">Token</th><th scope="col">Status</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              <ListStateRow colSpan={6} loading={list.loading} error={list.error} empty={list.rows.length === 0} emptyText="No bookings yet." />
              {list.rows.map((b, i) => (
                <tr key={b.id}>
                  <td>{list.serial(i)}</td>
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
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} />
      </div>
      {viewing !== null && <BookingDetailsModal id={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
