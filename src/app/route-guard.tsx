import { useEffect, useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { checkRoute } from './session-api.ts';

/**
 * The route guard of admin-area §2: asks the server whether `route` is allowed; any answer but
 * true, or an error, redirects to /admin. Shows a loading line meanwhile.
 */
export function RouteGuard({ route, children }: { route: string; children: ReactNode }) {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    setAllowed(null);
    checkRoute(route).then((ok) => live && setAllowed(ok), () => live && setAllowed(false));
    return () => { live = false; };
  }, [route]);
  if (allowed === null) return <Loading />;
  return allowed ? <>{children}</> : <Redirect to="~/admin" replace />;
}

export const Loading = () => <p className="muted loading-line" role="status"><span className="spinner" aria-hidden="true" /> Loading…</p>;
