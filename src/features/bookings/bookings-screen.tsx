import { useMemo, useState } from 'react';
import { useParams } from 'wouter';
import clsx from 'clsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/button.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { BulkBar, type BulkAction } from '../../components/bulk-bar.tsx';
import { useList } from '../../components/use-list.ts';
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
  const calls = useMemo(() => api.bookings(companyId), [companyId]);
  const list = useList(calls.list, api.BOOKING_LIST, [companyId]);
  const [viewing, setViewing] = useState<number | null>(null);
  const [answering, setAnswering] = useState<{ id: number; status: 1 | 2 } | null>(null);
  const { busy, run } = useAction();

  // Only Requested bookings change; the server refuses (409) a selection naming any other.
  const answerAll = (to: 1 | 2): BulkAction => ({
    label: to === 1 ? 'Accept selected' : 'Reject selected',
    title: to === 1 ? 'Accept bookings' : 'Reject bookings',
    danger: to === 2,
    confirm: (n) => `Are you sure that you want to ${to === 1 ? 'accept' : 'reject'} ${n}?`,
    run: (sel, p) => calls.bulkStatus(sel, p, to),
  });

  function answer(id: number, status: 1 | 2) {
    if (busy) return;
    setAnswering({ id, status });
    // The list reloads after a refusal too: the booking may have been answered elsewhere.
    void run(() => api.answerBooking(id, status)).then(() => {
      setAnswering(null);
      void list.reload();
    });
  }

  // The first Requested booking in the list's own order and search, other than `after`.
  const nextRequested = async (after: number) => {
    const page = await calls.list({ ...list.lq.params, status: '0', page: 1, per_page: 2 });
    return page.data.find((b) => b.id !== after && b.status === 'Requested') ?? null;
  };

  return (
    <>
      <PageHeader title="Booking Management" crumbs={[{ label: 'Home', href: `~/admin/organizer/${companyId}` }, { label: 'Booking Management' }]} />
      <div className="card">
        <ListToolbar
          list={list}
          noun="booking"
          searchLabel="Search customer name or email"
          onExport={() => calls.exportCsv(list.lq.params)}
          filters={[
            {
              name: 'status',
              label: 'Status',
              options: [
                ['0', 'Requested'],
                ['1', 'Allowed'],
                ['2', 'Rejected'],
              ],
            },
          ]}
        >
          <BulkBar list={list} noun="booking" actions={[answerAll(1), answerAll(2)]} />
        </ListToolbar>
        <ListTable
          list={list}
          serial
          selectable
          label={(b) => `booking of ${b.user.name}`}
          emptyText="No bookings yet."
          columns={[
            { header: 'Date', sort: 'date', cell: (b) => <span className="nowrap">{b.date}</span> },
            { header: 'Name', sort: 'name', cell: (b) => b.user.name },
            { header: 'Token', cell: (b) => <span className="mono">{b.status === 'Allowed' ? b.token : ''}</span> },
            { header: 'Status', sort: 'status', cell: (b) => <span className={clsx('badge', TONE[b.status])}>{b.status}</span> },
          ]}
          actions={(b) => (
            <>
              <Button variant="link" onClick={() => setViewing(b.id)} aria-label={`View booking of ${b.user.name}`}>
                View
              </Button>
              {b.status === 'Requested' && (
                <>
                  <Button
                    variant="success"
                    className="btn-sm"
                    busy={answering?.id === b.id && answering.status === 1}
                    disabled={!!answering}
                    onClick={() => answer(b.id, 1)}
                    aria-label={`Accept booking of ${b.user.name}`}
                  >
                    Accept
                  </Button>
                  <Button
                    variant="danger"
                    className="btn-sm"
                    busy={answering?.id === b.id && answering.status === 2}
                    disabled={!!answering}
                    onClick={() => answer(b.id, 2)}
                    aria-label={`Reject booking of ${b.user.name}`}
                  >
                    Reject
                  </Button>
                </>
              )}
            </>
          )}
        />
      </div>
      {viewing !== null && (
        <BookingDetailsModal id={viewing} onClose={() => setViewing(null)} onOpen={setViewing} onAnswered={() => void list.reload()} findNext={nextRequested} />
      )}
    </>
  );
}
