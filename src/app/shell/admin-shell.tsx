import { lazy, useCallback, useEffect, useState } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useSession } from '../../providers/session.tsx';
import { removeStored } from '../../lib/storage.ts';
import { HttpError } from '../../lib/http.ts';
import { getAccountName, getMenu, getUser } from '../session-api.ts';
import { ADMIN_SCREENS, AccountScreen, Dashboard, adminScreenAt } from '../admin-screens.ts';
import { preloadWhenIdle } from '../lazy-area.ts';
import { RouteGuard } from '../route-guard.tsx';
import { ShellFrame } from './shell-frame.tsx';
import { AdminSidebar, menuHref } from './admin-sidebar.tsx';
import { MailNotice } from './mail-notice.tsx';
import { Loading } from '../../components/loading.tsx';

export { adminScreenAt };

/** Where a member whose role requires two-step sign-in stands: still to enrol, enrolled on the first step's screen, or past it. */
type Enrol = 'required' | 'enrolled' | null;

/** The forced enrolment (two-step or passkey first): loaded only for the few who must enrol, with the account cards it shows. */
const EnrolFirst = lazy(() => import('./enrol-first.tsx').then((m) => ({ default: m.EnrolFirst })));

/**
 * The admin shell (admin-area §2): header with the user dropdown, a collapsible left menu with
 * the brand, the user's name, Dashboard and the user's live menus (id 12 hidden), an overlay
 * that closes the menu on small screens, the content and the footer (ShellFrame). Opening it
 * clears the stored companyid; organisers are sent to their own console, except to My account
 * (/admin/account), which every signed-in user may open. While a role requires
 * two-step sign-in the user has not turned on (the API answers 403 with data.two_step_required),
 * every address shows the full-width first step (enrol-first.tsx) with the user's name in the
 * header (GET account, open while enrolling) and no menu; once a factor is set up the user and
 * menu load at once and that screen says so until the user moves on. Those who may view
 * Settings see the e-mail notice (MailNotice) while e-mails fail or wait.
 */
export function AdminShell() {
  const { state, dispatch } = useSession();
  const [location] = useLocation();
  const [enrol, setEnrol] = useState<Enrol>(null);
  // Whether user/get has answered once: My account, where sign-in lands a member still to enrol, waits for it (no flash of it before the first step).
  const [known, setKnown] = useState(false);
  // Whoever may open Settings sees the e-mail notice (MailNotice).
  const [mailWatch, setMailWatch] = useState(false);

  const load = useCallback(() => {
    getUser().then(
      (u) => {
        dispatch({ type: 'userLoaded', name: u.name });
        setKnown(true);
        // Just enrolled: the first step's screen stays (with its recovery codes) until the user moves on.
        setEnrol((e) => (e === null ? null : 'enrolled'));
        setMailWatch(!!u.abilities?.includes('settings.view'));
        if (state.role !== 'company') getMenu().then((menus) => dispatch({ type: 'menusLoaded', menus }), console.error);
      },
      (err: unknown) => {
        setKnown(true);
        if (!(err instanceof HttpError && (err.body?.data as { two_step_required?: boolean } | null)?.two_step_required)) return console.error(err);
        setEnrol('required');
        getAccountName().then((name) => dispatch({ type: 'userLoaded', name }), console.error);
      },
    );
  }, [state.role, dispatch]);

  useEffect(() => {
    if (!state.token) return;
    if (state.role !== 'company') removeStored('companyid', 'company_name');
    load();
  }, [state.token, state.role, load]);

  // Each screen is a chunk of its own (admin-screens.ts): once the browser is idle, the screens
  // of the user's menus load, so a move to one of them shows it at once, as when they came with the shell.
  useEffect(() => (state.menus ? preloadWhenIdle([Dashboard, ...state.menus.map((m) => adminScreenAt(menuHref(m.url)))]) : undefined), [state.menus]);

  // Once enrolled, a move to another address leaves the first step's screen.
  const [enrolledAt, setEnrolledAt] = useState<string | null>(null);
  useEffect(() => {
    if (enrol === 'enrolled' && enrolledAt === null) setEnrolledAt(location);
    else if (enrol === 'enrolled' && enrolledAt !== location) {
      setEnrol(null);
      setEnrolledAt(null);
    }
  }, [enrol, enrolledAt, location]);

  if (!state.token) return <Redirect to="~/login" replace />;
  // Organisers may open My account here; every other admin address sends them to their console.
  const organiser = state.role === 'company' && !!state.companyId;
  if (organiser && location !== '/account') return <Redirect to={`~/admin/organizer/${state.companyId}`} replace />;

  const leave = () => {
    setEnrol(null);
    setEnrolledAt(null);
  };
  // Still to enrol: full width, no menu. The first step keeps its place among the children once
  // enrolled, so the recovery codes it shows stay.
  const sidebar =
    enrol === 'required' ? null : (
      <AdminSidebar name={state.name} menus={state.menus ?? []} organiserId={organiser ? state.companyId : null} location={location} />
    );
  return (
    <ShellFrame className={enrol === 'required' ? 'enrol-first-shell' : undefined} name={state.name} sidebar={sidebar}>
      {mailWatch && <MailNotice location={location} />}
      {enrol !== null ? (
        <EnrolFirst changed={load} done={enrol === 'enrolled'} leave={leave} />
      ) : (
        <Switch>
          <Route path="/">
            <Dashboard />
          </Route>
          <Route path="/account">{known ? <AccountScreen /> : <Loading />}</Route>
          {Object.entries(ADMIN_SCREENS).map(([path, Screen]) => (
            <Route key={path} path={`/${path}`} nest>
              <RouteGuard route={path} preload={Screen.preload}>
                <Screen screen={path} />
              </RouteGuard>
            </Route>
          ))}
          <Route key="fallback">
            <Redirect to="~/" replace />
          </Route>
        </Switch>
      )}
    </ShellFrame>
  );
}
