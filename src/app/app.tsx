import { Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { SessionProvider, useSession } from '../providers/session.tsx';
import { LocaleProvider } from '../providers/locale.tsx';
import { ToastProvider } from '../providers/toasts.tsx';
import { ModalProvider } from '../providers/modals.tsx';
import { onSignedOut } from '../lib/http.ts';
import { Loading } from './route-guard.tsx';
import LoginScreen, { SESSION_ENDED_STATE } from '../features/auth/login.tsx';
import { readStored } from '../lib/storage.ts';
import { lazyArea, type LazyArea } from './lazy-area.ts';
import { useAccountLanguage } from './account-language.ts';

const RegisterScreen = lazyArea(() => import('../features/auth/register.tsx').then((m) => m.default));
const ForgotPasswordScreen = lazyArea(() => import('../features/auth/forgot-password.tsx').then((m) => m.default));
const SetPasswordScreen = lazyArea(() => import('../features/auth/set-password.tsx').then((m) => m.default));
const UnlockTwoStepScreen = lazyArea(() => import('../features/auth/unlock-two-step.tsx').then((m) => m.default));
const AdminArea = lazyArea(() => import('./shell/admin-shell.tsx').then((m) => m.AdminShell));
const GalleryPage = lazyArea(() => import('../features/gallery/gallery-page.tsx').then((m) => m.default));
const OrganiserApp = lazyArea(() => import('./organiser/organiser-app.tsx').then((m) => m.default));

/** A console (`area`) and, loaded beside it, the screen of it that `screen` (read from the console's module) finds for the address. */
const withScreen = <P extends object>(area: LazyArea<P>, screen: () => Promise<{ preload(): Promise<void> } | null>) => ({
  preload: () => Promise.all([area.preload(), screen().then((s) => s?.preload())]).then(() => undefined),
});

/**
 * The lazily loaded area the address `path` opens (the routes below), with a console's screen at
 * that address (each a chunk of its own), to load before the first render (main.tsx); null for
 * the sign-in screen and addresses that only redirect.
 */
export function areaFor(path: string): { preload(): Promise<void> } | null {
  const organiser = /^\/admin\/organizer\/[^/]+/.exec(path);
  if (organiser)
    return withScreen(OrganiserApp, () => import('./organiser/organiser-app.tsx').then((m) => m.organiserScreenAt(path.slice(organiser[0].length))));
  if (/^\/admin(\/|$)/.test(path))
    return withScreen(AdminArea, () => import('./shell/admin-shell.tsx').then((m) => m.adminScreenAt(path.slice('/admin'.length))));
  if (/^\/register\/?$/.test(path)) return RegisterScreen;
  if (/^\/forgot-password\/?$/.test(path)) return ForgotPasswordScreen;
  if (/^\/(reset-password|invitation)\/?$/.test(path)) return SetPasswordScreen;
  if (/^\/unlock-two-step\/?$/.test(path)) return UnlockTwoStepScreen;
  if (/^\/gallery\/[^/]+\/?$/.test(path)) return GalleryPage;
  return null;
}

/**
 * Any GET answered with status "error" ends the session and goes to /login (admin-area §4). When
 * this browser still kept a token, the session ended elsewhere (signed out from another device,
 * expired): the sign-in page is told so (SESSION_ENDED_STATE); later failures keep that state.
 */
function SignedOutRedirect() {
  const { signOut } = useSession();
  const [, navigate] = useLocation();
  useEffect(
    () =>
      onSignedOut(() => {
        const kept = readStored('token') !== null;
        signOut();
        navigate('/login', { replace: true, state: kept ? SESSION_ENDED_STATE : window.history.state });
      }),
    [signOut, navigate],
  );
  return null;
}

/** Shows the user's saved language after a sign-in (account-language.ts). */
function SavedLanguage() {
  useAccountLanguage();
  return null;
}

/** Visitors only: a signed-in user goes to /admin (admin-area §2). */
function VisitorOnly({ children }: { children: React.ReactNode }) {
  const { state } = useSession();
  return state.token ? <Redirect to="/admin" replace /> : <>{children}</>;
}

/** Routes of admin-area §2 and organiser-console §2, and the public gallery (docs/participants.md). Screens are separate chunks behind Suspense. */
export function App() {
  return (
    <SessionProvider>
      <ToastProvider>
        <LocaleProvider>
          <ModalProvider>
            <SignedOutRedirect />
            <SavedLanguage />
            <Suspense fallback={<Loading />}>
              <Switch>
                <Route key="root" path="/">
                  <Redirect to="/login" replace />
                </Route>
                <Route path="/login">
                  <LoginScreen />
                </Route>
                <Route path="/register">
                  <VisitorOnly>
                    <RegisterScreen />
                  </VisitorOnly>
                </Route>
                <Route path="/forgot-password">
                  <ForgotPasswordScreen />
                </Route>
                <Route path="/reset-password">
                  <SetPasswordScreen purpose="reset" />
                </Route>
                <Route path="/invitation">
                  <SetPasswordScreen purpose="invite" />
                </Route>
                <Route path="/unlock-two-step">
                  <UnlockTwoStepScreen />
                </Route>
                <Route path="/gallery/:token">
                  <GalleryPage />
                </Route>
                <Route path="/admin/organizer/:companyId" nest>
                  <OrganiserApp />
                </Route>
                <Route path="/admin" nest>
                  <AdminArea />
                </Route>
                {/* Keys make each Redirect mount anew, so redirect chains (any -> / -> /login) run. */}
                <Route key="fallback">
                  <Redirect to="/" replace />
                </Route>
              </Switch>
            </Suspense>
          </ModalProvider>
        </LocaleProvider>
      </ToastProvider>
    </SessionProvider>
  );
}
