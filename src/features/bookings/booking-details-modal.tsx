import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useAction } from '../../components/use-action.ts';
import { useFeedback } from '../../components/use-feedback.ts';
import { staleRecord } from '../../lib/http.ts';
import { staleBookingMessage } from './stale-booking.ts';
import { Button } from '../../components/button.tsx';
import * as api from './api.ts';
import { t } from '../../lib/i18n.ts';

/**
 * Booking Details (organiser-console §2): name, booking date, e-mail, phone, and the token only
 * when the booking is Allowed. Loads the booking by id so it shows the current state. A
 * Requested booking carries Accept (1) and Reject (2) as its row does (organiser-console §4; the
 * spec asks no confirmation for bookings, the toast is the server's message); after a decision
 * the modal shows the booking as it now is, `onAnswered` reloads the list, and `findNext` names
 * the next Requested booking, offered as "Next requested" (`onOpen` shows it here). A decision
 * sends the version shown (If-Match); when someone else changed the booking since, the toast says
 * who, when and its status now (staleBookingMessage) and the modal and the list show it as it is.
 */
export function BookingDetailsModal({
  id,
  onClose,
  onAnswered,
  findNext,
  onOpen,
}: {
  id: number;
  onClose: () => void;
  onAnswered: () => void;
  findNext: (after: number) => Promise<api.Booking | null>;
  onOpen: (id: number) => void;
}) {
  const { data: booking, error, setData } = useLoad(() => api.getBooking(id), [id]);
  const { busy, run } = useAction();
  const { toast } = useFeedback();
  const [doing, setDoing] = useState<1 | 2 | null>(null);
  const [next, setNext] = useState<api.Booking | null | undefined>(undefined);
  const nextButton = useRef<HTMLButtonElement>(null);
  const failed = error !== null;
  // A new booking starts undecided; the one just decided keeps its offer until the next opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new booking id is what resets the offer
  useEffect(() => {
    setNext(undefined);
    setDoing(null);
  }, [id]);
  useEffect(() => {
    if (next) nextButton.current?.focus();
  }, [next]);

  function answer(status: 1 | 2) {
    setDoing(status);
    void run(() => api.answerBooking(id, status, booking?.version), {
      onSuccess: (res) => {
        setData(res.data);
        onAnswered();
        void findNext(id).then(setNext, () => setNext(null));
      },
      // Answered elsewhere meanwhile: show it as it is now, and the list as well.
      onError: (err) => {
        onAnswered();
        void api.getBooking(id).then(setData, () => undefined);
        const stale = staleRecord(err);
        if (stale) toast.error(staleBookingMessage(stale));
        return stale !== null;
      },
    }).finally(() => setDoing(null));
  }

  const requested = booking?.status === 'Requested';
  return (
    <Modal
      title={t('organiser.booking.title')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('action.close')}
          </Button>
          {requested && (
            <Button variant="danger" busy={busy && doing === 2} disabled={busy} onClick={() => answer(2)}>
              {t('organiser.bookings.reject')}
            </Button>
          )}
          {requested && (
            <Button variant="success" busy={busy && doing === 1} disabled={busy} onClick={() => answer(1)}>
              {t('organiser.bookings.accept')}
            </Button>
          )}
          {!requested && next && (
            <Button ref={nextButton} onClick={() => onOpen(next.id)}>
              {t('organiser.booking.nextRequested')}
            </Button>
          )}
        </>
      }
    >
      {!booking && <p className="muted">{failed ? t('organiser.booking.loadFailed') : t('app.loading')}</p>}
      {booking && (
        <dl className="details-list">
          <dt>{t('organiser.booking.name')}</dt>
          <dd>{booking.user.name}</dd>
          <dt>{t('organiser.booking.date')}</dt>
          <dd>{booking.date}</dd>
          <dt>{t('organiser.booking.email')}</dt>
          <dd>{booking.user.email}</dd>
          <dt>{t('organiser.booking.phone')}</dt>
          <dd>{booking.user.phone}</dd>
          {booking.status === 'Allowed' && (
            <>
              <dt>{t('organiser.booking.token')}</dt>
              <dd className="mono">{booking.token}</dd>
            </>
          )}
          {booking.status !== 'Requested' && (
            <>
              <dt>{t('organiser.booking.status')}</dt>
              <dd>{t('organiser.bookings.statusValue', { status: booking.status })}</dd>
            </>
          )}
        </dl>
      )}
      {!requested && next && (
        <p className="muted next-up" role="status">
          {t('organiser.booking.nextUp', { name: next.user.name, date: next.date })}
        </p>
      )}
      {!requested && next === null && (
        <p className="muted next-up" role="status">
          {t('organiser.booking.noneWaiting')}
        </p>
      )}
    </Modal>
  );
}
