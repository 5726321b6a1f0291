import { useEffect } from 'react';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { useSession } from '../../providers/session.tsx';
import { ToastPresetScope } from '../../providers/toasts.tsx';
import { ORGANISER_TOASTS } from '../../providers/toast-reducer.ts';
import { getUser } from '../session-api.ts';
import { ShellFrame } from '../shell/shell-frame.tsx';
import { OrganiserSidebar } from './organiser-sidebar.tsx';
import { MENU_SCREENS, ORGANISER_SCREENS, organiserScreenAt } from './organiser-screens.ts';
import { preloadWhenIdle } from '../lazy-area.ts';
import { ViewingBar } from './viewing-bar.tsx';

export { organiserScreenAt };

/**
 * The organiser console (organiser-console §2) at /admin/organizer/{company_id}: the shells'
 * frame (ShellFrame: header, footer) around the organiser sidebar and the child routes of
 * ORGANISER_SCREENS, with the console's toast preset (§9). Every child needs a signed-in user;
 * a company user may open only its own company id and is sent there otherwise; unknown child
 * paths go to the console's dashboard.
 */
export default function OrganiserApp() {
  const { state, dispatch } = useSession();
  const { companyId } = useParams<{ companyId: string }>();
  const [location] = useLocation();

  useEffect(() => {
    if (state.token) getUser().then((u) => dispatch({ type: 'userLoaded', name: u.name }), console.error);
  }, [state.token, dispatch]);

  // Each screen is a chunk of its own (organiser-screens.ts): once the browser is idle, the screens
  // of the sidebar load, so a move to one of them shows it at once, as when they came with the console.
  useEffect(() => preloadWhenIdle(MENU_SCREENS), []);

  if (!state.token) return <Redirect to="~/login" replace />;
  if (state.role === 'company' && state.companyId && state.companyId !== companyId) {
    return <Redirect to={`~/admin/organizer/${state.companyId}`} replace />;
  }
  if (!/^\d+$/.test(companyId)) return <Redirect to="~/admin" replace />;

  return (
    <ToastPresetScope preset={ORGANISER_TOASTS}>
      <ShellFrame
        className="organiser-shell"
        name={state.name}
        sidebar={<OrganiserSidebar showBackToAdmin={state.role !== 'company'} name={state.name} location={location} />}
        banner={state.role !== 'company' && <ViewingBar companyId={companyId} />}
      >
        {/* Keyed by company so switching organisers starts every screen afresh. */}
        <Switch key={companyId}>
          {Object.entries(ORGANISER_SCREENS).map(([path, Screen]) => (
            <Route key={path} path={path}>
              <Screen />
            </Route>
          ))}
          {/* '' is the console's own address; '/' would add a trailing slash. */}
          <Route key="fallback">
            <Redirect to="" replace />
          </Route>
        </Switch>
      </ShellFrame>
    </ToastPresetScope>
  );
}
