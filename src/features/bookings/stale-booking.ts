import '../../lib/messages/live.ts';
import '../../lib/messages/organiser.ts';
import type { StaleRecord } from '../../lib/http.ts';
import { formatDateTime, t } from '../../lib/i18n.ts';

/** The bookings table's status codes as the console words them (0 Requested, 1 Allowed, 2 Rejected). */
const STATUS = ['Requested', 'Allowed', 'Rejected'] as const;

/**
 * What a booking decision that met someone else's change (412, docs/live.md) tells the reader:
 * who changed the booking and when, and its status now ("Bea Bright changed this booking at …,
 * after you saw it: it is now Allowed. Your decision was not saved."). `stale` is the 412's data:
 * the stored row (its numeric status) and the newest activity row's actor.
 */
export function staleBookingMessage(stale: StaleRecord): string {
  const status = t('organiser.bookings.statusValue', { status: STATUS[Number(stale.record.status)] ?? 'Requested' });
  const by = stale.changed_by;
  return by ? t('live.booking.changed', { name: by.name, when: formatDateTime(by.at), status }) : t('live.booking.changedSomeone', { status });
}
