import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import { useMemo, useState } from 'react';
import { useParams } from 'wouter';
import clsx from 'clsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/button.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { BulkBar, type BulkAction } from '../../components/bulk-bar.tsx';
import { useList } from '../../components/use-list.ts';
import { useLiveList, withLive } from '../../components/use-live-list.ts';
import { LiveNotice } from '../../components/live-notice.tsx';
import { useAction } from '../../components/use-action.ts';
import { useFeedback } from '../../components/use-feedback.ts';
import { staleRecord } from '../../lib/http.ts';
import { staleBookingMessage } from './stale-booking.ts';
import { BookingDetailsModal } from './booking-details-modal.tsx';
import * as api from './api.ts';
import { t } from '../../lib/i18n.ts';

const TONE = { Requested: 'badge-warning', Allowed: 'badge-success', Rejected: 'badge-danger' } as const;

/**
 * Booking Management (organiser-console §2, §4): Sl.No, Date, Name, Token, Status; View opens
 * Booking Details; Requested rows also offer Accept (1) and Reject (2). The list reloads after
 * a change; a booking someone else already answered is reported and the list reloads too. A
 * decision sends the version its row showed (If-Match): when someone else changed the booking
 * since, nothing is overwritten, the toast says who changed it, when, and its status now
 * (staleBookingMessage), and the row is shown again as it is, marked.
 * Bookings changed elsewhere while it is open are counted above the rows ("2 updated · Show",
 * LiveNotice), never moved under the reader; Show reloads and marks them.
 */
export default function BookingsScreen() {
  const { companyId } = useParams<{ companyId: string }>();
  const calls = useMemo(() => api.bookings(companyId), [companyId]);
  const list = useList(calls.list, api.BOOKING_LIST, [companyId]);
  // Bookings answered or changed elsewhere while the list is open: counted, shown on request (docs/live.md).
  const live = useLiveList('bookings', list, { organiser: Number(companyId) });
  const [viewing, setViewing] = useState<number | null>(null);
  const [answering, setAnswering] = useState<{ id: number; status: 1 | 2 } | null>(null);
  const { busy, run } = useAction();
  const { toast } = useFeedback();

  // Only Requested bookings change; the server refuses (409) a selection naming any other.
  const answerAll = (to: 1 | 2): BulkAction => ({
    label: to === 1 ? t('organiser.bookings.acceptSelected') : t('organiser.bookings.rejectSelected'),
    title: to === 1 ? t('organiser.bookings.acceptTitle') : t('organiser.bookings.rejectTitle'),
    danger: to === 2,
    confirm: (n) => t(to === 1 ? 'organiser.bookings.acceptAsk' : 'organiser.bookings.rejectAsk', { what: n }),
    run: (sel, p) => calls.bulkStatus(sel, p, to),
  });

  function answer(b: api.Booking, status: 1 | 2) {
    if (busy) return;
    setAnswering({ id: b.id, status });
    let changed = false;
    // The list reloads after a refusal too: the booking may have been answered elsewhere.
    void run(() => api.answerBooking(b.id, status, b.version), {
      onError: (err) => {
        const stale = staleRecord(err);
        if (!stale) return false;
        changed = true;
        toast.error(staleBookingMessage(stale));
        list.showChanged(b.id);
        return true;
      },
    }).then(() => {
      setAnswering(null);
      if (!changed) void list.reload();
    });
  }

  // The first Requested booking in the list's own order and search, other than `after`.
  const nextRequested = async (after: number) => {
    const page = await calls.list({ ...list.lq.params, status: '0', page: 1, per_page: 2 });
    return page.data.find((b) => b.id !== after && b.status === 'Requested') ?? null;
  };

  return (
    <>
      <PageHeader
        title={t('organiser.bookings.title')}
        crumbs={[{ label: t('nav.home'), href: `~/admin/organizer/${companyId}` }, { label: t('organiser.bookings.title') }]}
      />
      <div className="card">
        <ListToolbar
          list={list}
          noun="booking"
          searchLabel={t('organiser.bookings.search')}
          onExport={(format) => calls.exportList(list.lq.params, format)}
          filters={[
            {
              name: 'status',
              label: t('organiser.bookings.status'),
              options: [
                ['0', t('organiser.bookings.requested')],
                ['1', t('organiser.bookings.allowed')],
                ['2', t('organiser.bookings.rejected')],
              ],
            },
          ]}
        >
          <BulkBar list={list} noun="booking" actions={[answerAll(1), answerAll(2)]} />
        </ListToolbar>
        <LiveNotice live={live} />
        <ListTable
          list={withLive(list, live)}
          serial
          selectable
          label={(b) => t('organiser.bookings.rowLabel', { name: b.user.name })}
          emptyText={t('organiser.bookings.empty')}
          columns={[
            { header: t('organiser.bookings.date'), sort: 'date', cell: (b) => <span className="nowrap">{b.date}</span> },
            { header: t('organiser.bookings.name'), sort: 'name', cell: (b) => b.user.name },
            { header: t('organiser.bookings.token'), cell: (b) => <span className="mono">{b.status === 'Allowed' ? b.token : ''}</span> },
            {
              header: t('organiser.bookings.status'),
              sort: 'status',
              cell: (b) => <span className={clsx('badge', TONE[b.status])}>{t('organiser.bookings.statusValue', { status: b.status })}</span>,
            },
          ]}
          actions={(b) => (
            <>
              <Button variant="link" onClick={() => setViewing(b.id)} aria-label={t('organiser.bookings.viewLabel', { name: b.user.name })}>
                {t('organiser.bookings.view')}
              </Button>
              {b.status === 'Requested' && (
                <>
                  <Button
                    variant="success"
                    className="btn-sm"
                    busy={answering?.id === b.id && answering.status === 1}
                    disabled={!!answering}
                    onClick={() => answer(b, 1)}
                    aria-label={t('organiser.bookings.acceptLabel', { name: b.user.name })}
                  >
                    {t('organiser.bookings.accept')}
                  </Button>
                  <Button
                    variant="danger"
                    className="btn-sm"
                    busy={answering?.id === b.id && answering.status === 2}
                    disabled={!!answering}
                    onClick={() => answer(b, 2)}
                    aria-label={t('organiser.bookings.rejectLabel', { name: b.user.name })}
                  >
                    {t('organiser.bookings.reject')}
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
