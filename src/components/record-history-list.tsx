import '../lib/messages/access.ts';
import { useLoad } from './use-load.ts';
import { http, qs } from '../lib/http.ts';
import type { Paginator } from '../lib/types.ts';
import type { ActivityRow } from '../common/activity.ts';
import { sayActivity } from './activity-words.ts';
import { Changes, shownTime } from './activity-changes.tsx';
import { t } from '../lib/i18n.ts';

/** A record's History: its newest `perPage` changes from GET activity; rejects with HttpError (403 without "View activity"). */
export const recordHistory = async (resource: string, id: number, perPage = 20) =>
  (await http.get<Paginator<ActivityRow>>(`activity${qs({ resource, resource_id: id, per_page: perPage })}`)).data;

/**
 * The opened History section (record-history.tsx RecordHistory): who changed the record, when,
 * and each field before → after, newest first; its own loading, failure (with Try again) and
 * empty states. A chunk of its own with the activity words it says them in, fetched when a
 * History is first opened rather than with the screens that show one.
 */
export function HistoryList({ resource, id }: { resource: string; id: number }) {
  const h = useLoad(() => recordHistory(resource, id), [resource, id]);
  if (h.loading && !h.data)
    return (
      <p className="muted" role="status">
        {t('access.history.loading')}
      </p>
    );
  if (h.error)
    return (
      <p className="muted" role="alert">
        {t('access.history.failed')}{' '}
        <button type="button" className="btn btn-link" onClick={h.retry}>
          {t('access.history.tryAgain')}
        </button>
      </p>
    );
  const rows = h.data?.data ?? [];
  if (!rows.length) return <p className="muted">{t('access.history.empty')}</p>;
  return (
    <ol className="history-list">
      {rows.map((r) => (
        <li key={r.id}>
          <div>
            <strong>{r.actor_name || t('access.history.someone')}</strong> · <time dateTime={new Date(Number(r.at)).toISOString()}>{shownTime(r.at)}</time> ·{' '}
            {sayActivity(r)}
          </div>
          <Changes row={r} />
        </li>
      ))}
      {(h.data?.total ?? 0) > rows.length && <li className="muted">{t('access.history.older')}</li>}
    </ol>
  );
}
