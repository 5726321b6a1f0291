import '../lib/messages/access.ts';
import { changesOf, shownValue, type ActivityRow } from '../common/activity.ts';
import { formatDateTime, t } from '../lib/i18n.ts';

/** A row's changed fields as "field: before → after" lines; secrets read "changed". */
export function Changes({ row }: { row: Pick<ActivityRow, 'changes'> }) {
  const list = changesOf(row);
  if (!list.length) return null;
  return (
    <ul className="activity-changes">
      {list.map(([field, ch]) => (
        <li key={field}>
          <span className="activity-field">{field.replaceAll('_', ' ')}</span>:{' '}
          {ch === 'changed' ? (
            <em>{t('access.changes.changed')}</em>
          ) : (
            <>
              <span className="activity-from">{shownValue(ch.from)}</span> → <span className="activity-to">{shownValue(ch.to)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A time in ms as date and time in the reader's locale and the browser's time zone ("24 Nov 2026, 14:05"). */
export const shownTime = (at: number) => formatDateTime(Number(at));
