import '../lib/messages/access.ts';
import { useState } from 'react';
import { lazyPart } from './lazy-part.tsx';
import { t } from '../lib/i18n.ts';

/** "Loading history…", worded at render time (the reader's language then). */
function HistoryLoading() {
  return (
    <p className="muted" role="status">
      {t('access.history.loading')}
    </p>
  );
}

const HistoryList = lazyPart(() => import('./record-history-list.tsx').then((m) => m.HistoryList), <HistoryLoading />);

/**
 * The History section of an edit modal or detail page: who changed this record,
 * when, and each field before → after, newest first. Collapsed until opened, so the edit form
 * costs no extra call, and the list with its activity words (record-history-list.tsx) is fetched
 * at the first opening; shown only to users holding "View activity" (the caller decides).
 */
export function RecordHistory({ resource, id }: { resource: string; id: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="record-history" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{t('access.history.title')}</summary>
      {open && <HistoryList resource={resource} id={id} />}
    </details>
  );
}
