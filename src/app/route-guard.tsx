import { useEffect, useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { checkRoute } from './session-api.ts';
import { useToast } from './providers/toasts.tsx';

/** Why the guard sent the user back (admin-area §2 says where; this says why). */
export const deniedMessage = (route: string) => `You do not have access to ${route}, so you are back on the dashboard.`;

/**
 * The route guard of admin-area §2: asks the server whether `route` is allowed; any answer but
 * true, or an error, redirects to /admin with a toast saying why. Shows a loading line meanwhile.
 */
export function RouteGuard({ route, children }: { route: string; children: ReactNode }) {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const toast = useToast();
  useEffect(() => { if (allowed === false) toast.info(deniedMessage(route)); }, [allowed, route, toast]);
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
