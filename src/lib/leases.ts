import { http, HttpError } from './http.ts';
import { currentLocale, currentTimeZone, t } from './i18n.ts';
import './messages/leases.ts';
import type { LeaseHolder, LeaseTaken } from '../common/contract/leases.ts';

export type { LeaseHolder };

/**
 * Edit leases in the console (docs/live.md "Who is editing"): the calls an open edit form
 * makes (components/use-edit-lease.ts) and the banner's words. Loaded in its own chunk once an
 * edit form opens, so no list's first paint waits for it.
 */

/**
 * This tab's lease token: 24 random characters (src/common/leases.ts LEASE_TOKEN), one per tab, so
 * an edit form closed and opened again in the same tab renews its own lease instead of meeting it
 * as someone else's (its give-back may still be on the way); another tab of the same user is
 * another editor ("You are already editing this record in another tab").
 */
export const tabToken: string = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))))
  .replace(/\+/g, '-')
  .replace(/\//g, '_');

const path = (resource: string, id: number) => `leases/${encodeURIComponent(resource)}/${id}`;

/** Takes (or renews, or with `takeOver` takes over) the lease of record `id` for form `token`; rejects with HttpError (409: someone else holds it, see holderOf). */
export const takeLease = async (resource: string, id: number, token: string, takeOver = false): Promise<LeaseTaken> =>
  (await http.put<LeaseTaken>(path(resource, id), { token, take_over: takeOver ? '1' : '0' })).data;

/** Gives the lease back (the form closes, or the tab does: the call outlives the page). Failures are ignored: the lease expires anyway. */
export const releaseLease = (resource: string, id: number, token: string): void => {
  http.del(`${path(resource, id)}?token=${encodeURIComponent(token)}`, { keepalive: true }).catch(() => undefined);
};

/** The holder a 409 of takeLease names, or undefined when `err` is no such refusal (the network, a 403…). */
export function holderOf(err: unknown): LeaseHolder | null | undefined {
  if (!(err instanceof HttpError) || err.status !== 409) return undefined;
  return (err.body?.data as { holder?: LeaseHolder | null } | undefined)?.holder ?? null;
}

/** A moment as the banner says it: the time of day in the reader's time zone ("10:02"). */
const time = (ms: number) => new Intl.DateTimeFormat(currentLocale(), { timeStyle: 'short', timeZone: currentTimeZone() }).format(ms);

/** The banner's words (catalogs/leases). */
export const leaseTexts = {
  heldBy: (h: LeaseHolder) => (h.own_user ? t('leases.heldByYou', { time: time(h.since) }) : t('leases.heldBy', { name: h.name, time: time(h.since) })),
  choose: () => t('leases.choose'),
  viewReadOnly: () => t('leases.viewReadOnly'),
  takeOver: () => t('leases.takeOver'),
  readOnly: (h: LeaseHolder) => t('leases.readOnly', { name: h.name }),
  takenBy: (name: string, at: number) => t('leases.takenBy', { name, time: time(at) }),
  takenHelp: () => t('leases.takenHelp'),
};
export type LeaseTexts = typeof leaseTexts;
