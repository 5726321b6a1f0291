import { useEffect, useState } from 'react';
import { isSubdomain } from '../../common/campaign-links.ts';
import { subdomainAvailable } from './api.ts';

/** What the form knows of a subdomain's availability: the subdomain asked about and the answer. */
export interface SubdomainCheck {
  subdomain: string;
  available: boolean | null;
}

/** Milliseconds of no typing before the availability is asked. */
export const SUBDOMAIN_CHECK_DELAY_MS = 400;

/**
 * Asks the API whether `subdomain` (a valid label, lowercased) is free for a campaign of
 * `eventId` once typing pauses, so a taken one is flagged before any call that writes
 * (GET campaign/subdomain-available). `campaignId` is the campaign being edited (null on
 * create): its own current subdomain counts as free. An invalid label is not asked about; an
 * answer for an older value is dropped; a failed check is only logged (the save checks again).
 */
export function useSubdomainCheck(eventId: number, subdomain: string, campaignId: number | null = null): SubdomainCheck {
  const value = subdomain.trim().toLowerCase();
  const [check, setCheck] = useState<SubdomainCheck>({ subdomain: '', available: null });
  useEffect(() => {
    if (!isSubdomain(value)) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      subdomainAvailable(eventId, value, campaignId, abort.signal).then(
        (available) => setCheck({ subdomain: value, available }),
        (err) => {
          if (!abort.signal.aborted) console.error(err);
        },
      );
    }, SUBDOMAIN_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [eventId, value, campaignId]);
  return check.subdomain === value ? check : { subdomain: value, available: null };
}
