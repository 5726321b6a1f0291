import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useLoad } from '../components/use-load.ts';
import { checkRoute } from './session-api.ts';

/**
 * The route guard of admin-area §2: asks the server whether `route` is allowed; any answer but
 * true, or an error, redirects to /admin. Shows a loading line meanwhile.
 */
export function RouteGuard({ route, children }: { route: string; children: ReactNode }) {
  const { data, error, loading } = useLoad(() => checkRoute(route), [route]);
  if (loading) return <Loading />;
  const allowed = error === null && data === true;
  return allowed ? <>{children}</> : <Redirect to="~/admin" replace />;
}

/** The loading line (spinner and "Loading…", a status for screen readers) shown while a screen or check loads. */
export const Loading = () => <p className="muted loading-line" role="status"><span className="spinner" aria-hidden="true" /> Loading…</p>;
