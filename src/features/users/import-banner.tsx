import '../../lib/messages/shell.ts';
import '../../lib/messages/admin.ts';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { UndoImport } from '../../components/undo-import.tsx';
import { shownTime } from '../../components/activity-changes.tsx';
import { mayUndoImport } from '../../common/activity.ts';
import { sayImportOutcome } from '../../components/activity-words.ts';
import type { RecentImport } from '../../common/import-job.ts';
import { personal } from '../../lib/storage.ts';
import { IMPORT_NOTICE_DISMISSED_KEY } from './api.ts';
import { t } from '../../lib/i18n.ts';

/**
 * The notice above the Users list (docs/extensions.md): the signed-in user's latest users import
 * of the last 24 hours (`recent`, GET import-job/recent), read from the server, so it is there
 * again after leaving the page, a reload, or in another browser. It says what the import added
 * and when, offers "Show the N imported users" (the list filtered by `?import_job=`; while so
 * filtered, "Show all users"), "Undo this import" while the import may be undone and `mayUndo` (the
 * ability "Delete users"), and Dismiss. An undone import's notice says who undid it and when
 * (common/activity.ts importOutcome, the words of Activity) and offers neither Show nor Undo.
 * Dismiss keeps the job's id as a personal value: the notice stays away until a newer import.
 * A list filtered by another import shows the filter's own line with "Show all users".
 */
export function ImportBanner({
  recent,
  filter,
  setFilter,
  mayUndo,
  onUndone,
}: {
  recent: RecentImport | null;
  /** The list's `import_job` filter ('' or absent: not filtered). */
  filter?: string;
  setFilter: (job: string) => void;
  mayUndo: boolean;
  /** After a successful undo: reload the notice and the list. */
  onUndone: () => void;
}) {
  const [dismissed, setDismissed] = useState(() => personal.get(IMPORT_NOTICE_DISMISSED_KEY));
  const shown = recent && dismissed !== String(recent.id) ? recent : null;
  const filtered = !!filter && !!shown && filter === String(shown.id);
  if (!shown) {
    return filter ? (
      <p className="list-notice" role="status">
        {t('admin.banner.oneImport')}{' '}
        <Button variant="link" onClick={() => setFilter('')}>
          {t('admin.banner.showAll')}
        </Button>
      </p>
    ) : null;
  }
  const undone = shown.undone_at !== null;
  const dismiss = () => {
    try {
      personal.set(IMPORT_NOTICE_DISMISSED_KEY, String(shown.id));
    } catch {
      /* storage full or off: dismissed until reload */
    }
    setDismissed(String(shown.id));
    if (filtered) setFilter('');
  };
  return (
    <section className={`import-banner${undone ? ' import-banner-undone' : ''}`} aria-label={t('admin.banner.label')}>
      <p className="import-banner-text">
        {t('admin.banner.added', { time: shownTime(shown.finished_at ?? shown.created_at), count: shown.rows_written })}
        {undone && (
          <>
            {' '}
            <strong>{sayImportOutcome(shown, shownTime)}</strong>
          </>
        )}
        {filtered && ` ${t('admin.banner.oneImport')}`}
      </p>
      <div className="import-banner-actions">
        {!undone &&
          (filtered ? (
            <Button variant="link" onClick={() => setFilter('')}>
              {t('admin.banner.showAll')}
            </Button>
          ) : (
            shown.rows_written > 0 && (
              <Button variant="link" onClick={() => setFilter(String(shown.id))}>
                {t('admin.banner.showImported', { count: shown.rows_written })}
              </Button>
            )
          ))}
        {mayUndo && mayUndoImport(shown) && <UndoImport jobId={shown.id} onUndone={onUndone} />}
        <Button variant="link" onClick={dismiss} aria-label={t('admin.banner.dismissLabel')}>
          {t('list.dismiss')}
        </Button>
      </div>
    </section>
  );
}
