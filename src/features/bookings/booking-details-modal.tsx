import { Modal } from '../../components/modal.tsx';
import { useLoad } from '../../components/use-load.ts';
import { Button } from '../../components/button.tsx';
import * as api from './api.ts';

/**
 * Booking Details (organiser-console §2): name, booking date, e-mail, phone, and the token only
 * when the booking is Allowed. Loads the booking by id so it shows the current state.
 */
export function BookingDetailsModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: booking, error } = useLoad(() => api.getBooking(id), [id]);
  const failed = error !== null;

  return (
    <Modal title="Booking Details" onClose={onClose} footer={<Button variant="secondary" onClick={onClose}>Close</Button>}>
      {!booking && <p className="muted">{failed ? 'The booking could not be loaded.' : 'Loading…'}</p>}
      {booking && (
        <dl className="details-list">
          <dt>Name</dt><dd>{booking.user.name}</dd>
          <dt>Booking Date</dt><dd>{booking.date}</dd>
          <dt>Email</dt><dd>{booking.user.email}</dd>
          <dt>Phone</dt><dd>{booking.user.phone}</dd>
          {booking.status === 'Allowed' && <><dt>Token</dt><dd className="mono">{booking.token}</dd></>}
        </dl>
      )}
    </Modal>
  );
}
