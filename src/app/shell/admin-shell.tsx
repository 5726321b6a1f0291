import { lazy, useCallback, useEffect, useState } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useSession } from '../../providers/session.tsx';
import { removeStored } from '../../lib/storage.ts';
import { HttpError } from '../../lib/http.ts';
import { Loading } from '../../components/loading.tsx';
import { getMenu, getUser } from '../session-api.ts';
import { ADMIN_SCREENS } from '../admin-screens.ts';
import { RouteGuard } from '../route-guard.tsx';
import { ShellFrame } from './shell-frame.tsx';
import Dashboard from '../../features/dashboard/dashboard.tsx';
import { AdminSidebar } from './admin-sidebar.tsx';
import { MailNotice } from './mail-notice.tsx';

const AccountScreen = lazy(() => import('../../features/account/account-screen.tsx'));

/**
 * The admin shell (admin-area §2): header with the user dropdown, a collapsible left menu with
 * the brand, the user's name, Dashboard and the user's live menus (id 12 hidden), an overlay
 * that closes the menu on small screens, the content and the footer (ShellFrame). Opening it
 * clears the stored companyid; organisers are sent to their own console, except to My account
 * (/admin/account), which every signed-in user may open. While a role requires
 * two-step sign-in the user has not turned on (the API answers 403 with data.two_step_required),
 * every other address leads to My account, checked again on each move. Those who may view
 * Settings see the e-mail notice (MailNotice) while e-mails fail or wait.
 */
export function AdminShell() {
  const { state, dispatch } = useSession();
  const [location, navigate] = useLocation();
  const [enrolFirst, setEnrolFirst] = useState(false);
  // Whoever may open Settings sees the e-mail notice (MailNotice).
  const [mailWatch, setMailWatch] = useState(false);

  const load = useCallback(() => {
    getUser().then(
      (u) => {
        dispatch({ type: 'userLoaded', name: u.name });
        setEnrolFirst(false);
        setMailWatch(!!u.abilities?.includes('settings.view'));
        if (state.role !== 'company') getMenu().then((menus) => dispatch({ type: 'menusLoaded', menus }), console.error);
      },
      (err: unknown) => {
        if (!(err instanceof HttpError && (err.body?.data as { two_step_required?: boolean } | null)?.two_step_required)) return console.error(err);
        setEnrolFirst(true);
        navigate('/account', { replace: true });
      },
    );
  }, [state.role, dispatch, navigate]);

  useEffect(() => {
    if (!state.token) return;
    if (state.role !== 'company') removeStored('companyid', 'company_name');
    load();
  }, [state.token, state.role, load]);

  // Enrolment first: a move away from My account asks again, and goes back there while still refused.
  useEffect(() => {
    if (enrolFirst && location !== '/account') load();
  }, [enrolFirst, location, load]);

  if (!state.token) return <Redirect to="~/login" replace />;
  // Organisers may open My account here; every other admin address sends them to their console.
  const organiser = state.role === 'company' && !!state.companyId;
  if (organiser && location !== '/account') return <Redirect to={`~/admin/organizer/${state.companyId}`} replace />;

  if (enrolFirst && location !== '/account') return <Loading />;

  const sidebar = <AdminSidebar name={state.name} menus={state.menus ?? []} organiserId={organiser ? state.companyId : null} location={location} />;
  return (
    <ShellFrame name={state.name} sidebar={sidebar}>
      {mailWatch && <MailNotice location={location} />}
      <Switch>
        <Route path="/">
          <Dashboard />
        </Route>
        <Route path="/account">
          <AccountScreen />
        </Route>
        {Object.entries(ADMIN_SCREENS).map(([path, Screen]) => (
          <Route key={path} path={`/${path}`} nest>
            <RouteGuard route={path}>
              <Screen screen={path} />
            </RouteGuard>
          </Route>
        ))}
        <Route key="fallback">
          <Redirect to="~/" replace />
        </Route>
      </Switch>
    </ShellFrame>
  );
}
