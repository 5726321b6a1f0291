import '../lib/messages/shell.ts';
import { useState } from 'react';
import { Button } from './button.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { countWords } from './count-words.ts';
import { pageState, selectedCount, type Selection } from './selection.ts';
import { useFeedback } from './use-feedback.ts';
import type { Envelope } from '../lib/http.ts';
import type { ListState } from './use-list.ts';
import { t } from '../lib/i18n.ts';

/**
 * One bulk action: its button, the confirmation it asks (given the count and noun), and the
 * one request it makes for the selection (ids, or "all matching" as the list's filter).
 */
export interface BulkAction {
  label: string;
  title: string;
  confirm: (count: string) => string;
  danger?: boolean;
  run: (selection: Selection, params: Record<string, string | number>) => Promise<Envelope<unknown>>;
}

/** The delete every list with a delete offers. */
export const bulkDelete = (run: BulkAction['run']): BulkAction => ({
  label: t('list.deleteSelected'),
  title: t('list.deleteSelected'),
  confirm: (n) => t('list.deleteAsk', { count: n }),
  danger: true,
  run,
});

/**
 * Shown while rows are selected: how many, "Select all N matching" once the whole page is
 * ticked, Clear selection, and the screen's actions, each after one confirmation that states
 * the count. Success: the server's message as a toast, selection cleared, list reloaded.
 */
export function BulkBar<T extends { id: number }>({
  list,
  noun,
  plural,
  actions,
}: {
  list: ListState<T>;
  noun: string;
  plural?: string;
  actions: BulkAction[];
}) {
  const { lq } = list;
  const [pending, setPending] = useState<BulkAction | null>(null);
  const [busy, setBusy] = useState(false);
  const { done, failed } = useFeedback();
  const n = selectedCount(lq.selection, list.total);
  if (n === 0 && !pending) return null;
  const ids = list.rows.map((r) => r.id);
  const offerAll = lq.selection.kind === 'ids' && pageState(lq.selection, ids) === 'all' && list.total > ids.length;

  const go = async () => {
    if (!pending || busy) return;
    setBusy(true);
    try {
      done((await pending.run(lq.selection, lq.params)).message);
      setPending(null);
      lq.select({ type: 'clear' });
      void list.reload();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="bulk-bar" role="region" aria-label={t('list.selection')}>
      <span aria-live="polite">
        {lq.selection.kind === 'matching'
          ? t('list.allMatchingSelected', { what: countWords(n, noun, plural, list.totalCapped) })
          : t('list.selectedCount', { count: n })}
      </span>
      {offerAll && (
        <Button variant="link" onClick={() => lq.select({ type: 'matching' })}>
          {t('list.selectAllMatching', { what: countWords(list.total, noun, plural, list.totalCapped) })}
        </Button>
      )}
      <Button variant="link" onClick={() => lq.select({ type: 'clear' })}>
        {t('list.clearSelection')}
      </Button>
      {actions.map((a) => (
        <Button key={a.label} variant={a.danger ? 'danger' : 'success'} onClick={() => setPending(a)}>
          {a.label}
        </Button>
      ))}
      {pending && (
        <ConfirmModal
          title={pending.title}
          text={pending.confirm(countWords(n, noun, plural, lq.selection.kind === 'matching' && list.totalCapped))}
          danger={pending.danger}
          busy={busy}
          onConfirm={() => void go()}
          onClose={() => setPending(null)}
        />
      )}
    </div>
  );
}
