import { useEffect, useState } from 'react';
import { http, qs } from '../lib/http.ts';
import { impactSentence, type DeleteImpact } from '../lib/delete-impact.ts';

/**
 * The "This also deletes …" sentence for a delete confirmation: asks `GET deleteImpact` for the
 * item named by `query` ({ event_id: 4 }, { organizer_id: 2 }, { campaign_id: 9 }) while the
 * modal is open, i.e. while `query` is not null. '' until the counts arrive, when nothing else
 * goes, or when the counts cannot be had: the spec's question alone still stands.
 */
export function useDeleteImpact(query: Record<string, number> | null): string {
  const [sentence, setSentence] = useState('');
  const key = query ? qs(query) : '';
  useEffect(() => {
    setSentence('');
    if (!key) return;
    let current = true;
    http.get<DeleteImpact>(`deleteImpact${key}`).then(
      (r) => {
        if (current) setSentence(impactSentence(r.data));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [key]);
  return sentence;
}
