import type { ReactNode } from 'react';

/** Table body rows for the states a list can be in besides "has rows". */
export function ListStateRow({ colSpan, loading, error, empty, emptyText = 'Nothing here yet.' }: {
  colSpan: number; loading: boolean; error: boolean; empty: boolean; emptyText?: ReactNode;
}) {
  if (loading && empty) return <tr><td colSpan={colSpan} className="muted center"><span className="spinner" aria-hidden="true" /> Loading…</td></tr>;
  if (error && empty) return <tr><td colSpan={colSpan} className="muted center">This list could not be loaded. Reload the page to try again.</td></tr>;
  if (empty) return <tr><td colSpan={colSpan} className="muted center">{emptyText}</td></tr>;
  return null;
}
