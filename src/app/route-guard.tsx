import { useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useLoad } from '../components/use-load.ts';
import { checkRoute } from './session-api.ts';
import { useToast } from '../providers/toasts.tsx';
import { Loading } from '../components/loading.tsx';
import { t } from '../lib/i18n.ts';

/** Why the guard sent the user back (admin-area §2 says where; this says why). */
export const deniedMessage = (route: string) => t('nav.denied', { route });

/**
 * The route guard of admin-area §2: asks the server whether `route` is allowed; any answer but
 * true, or an error, redirects to /admin with a toast saying why. Shows a loading line meanwhile.
 * `preload` (the screen's lazyArea preload) starts loading the screen's chunk while the server
 * answers, rather than after; a failed load is left to the screen's render (its Suspense).
 */
export function RouteGuard({ route, preload, children }: { route: string; preload?: () => Promise<void>; children: ReactNode }) {
  const toast = useToast();
  useEffect(() => {
    preload?.().catch(() => undefined);
  }, [preload]);
  const { data, error, loading } = useLoad(() => checkRoute(route), [route]);
  const denied = !loading && !(error === null && data === true);
  useEffect(() => {
    if (denied) toast.info(deniedMessage(route));
  }, [denied, route, toast]);
  if (loading) return <Loading />;
  return denied ? <Redirect to="~/admin" replace /> : <>{children}</>;
}

/** The loading line (spinner and "Loading…", a status for screen readers) shown while a screen or check loads. */
export { Loading };
