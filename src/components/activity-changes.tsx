import { changesOf, shownValue, type ActivityRow } from '../common/activity.ts';

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
            <em>changed</em>
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

/** "24 Nov 2026, 14:05" in the browser's time zone, for a time in ms. */
export const shownTime = (at: number) =>
  new Date(Number(at)).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
