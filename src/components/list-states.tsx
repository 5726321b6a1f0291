import '../lib/messages/shell.ts';
import type { ReactNode } from 'react';
import { offlineMessage, isOffline } from '../lib/offline.ts';
import { t } from '../lib/i18n.ts';

/** Table body rows for the states a list can be in besides "has rows"; a failure offers Retry and says when it is offline. */
export function ListStateRow({
  colSpan,
  loading,
  error,
  empty,
  emptyText,
  failure,
  onRetry,
}: {
  colSpan: number;
  loading: boolean;
  error: boolean;
  empty: boolean;
  emptyText?: ReactNode;
  failure?: unknown;
  onRetry?: () => void;
}) {
  if (loading && empty)
    return (
      <tr>
        <td colSpan={colSpan} className="muted center">
          <span className="spinner" aria-hidden="true" /> {t('app.loading')}
        </td>
      </tr>
    );
  if (error && !loading) {
    return (
      <tr className="list-failed">
        <td colSpan={colSpan} className="center" role="alert">
          {isOffline(failure) ? offlineMessage() : t('list.failed')}
          {onRetry ? (
            <>
              {' '}
              <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
                {t('list.retry')}
              </button>
            </>
          ) : (
            ` ${t('list.reloadToRetry')}`
          )}
        </td>
      </tr>
    );
  }
  if (empty)
    return (
      <tr>
        <td colSpan={colSpan} className="muted center">
          {emptyText ?? t('list.empty')}
        </td>
      </tr>
    );
  return null;
}

/** What `ListBody` reads of a paged list (usePagedList). */
export interface ListLike {
  loading: boolean;
  error: boolean;
  failure?: unknown;
  rows: unknown[];
  reload: () => unknown;
}

/**
 * A list's table body: the state row (loading, failed with Retry, empty) and the rows. While the
 * next page loads the rows on screen stay but are dimmed and take no clicks or focus (`inert`);
 * the table itself carries `aria-busy`.
 */
export function ListBody({ list, colSpan, emptyText, children }: { list: ListLike; colSpan: number; emptyText: ReactNode; children: ReactNode }) {
  const stale = list.loading && list.rows.length > 0;
  return (
    <tbody className={stale ? 'is-stale' : undefined} inert={stale || undefined}>
      <ListStateRow
        colSpan={colSpan}
        loading={list.loading}
        error={list.error}
        failure={list.failure}
        onRetry={() => void list.reload()}
        empty={list.rows.length === 0}
        emptyText={emptyText}
      />
      {children}
    </tbody>
  );
}

/**
 * A failed load outside a table (organiser-console §8: logged and said on screen): `what` could
 * not be loaded, or the offline sentence, and a Retry button when `onRetry` is given.
 */
export function LoadFailed({ what, failure, onRetry }: { what: string; failure: unknown; onRetry?: () => void }) {
  return (
    <p className="load-failed" role="alert">
      {isOffline(failure) ? offlineMessage() : t('list.loadFailedWhat', { what })}
      {onRetry ? (
        <>
          {' '}
          <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
            {t('list.retry')}
          </button>
        </>
      ) : (
        ` ${t('list.reloadToRetry')}`
      )}
    </p>
  );
}
