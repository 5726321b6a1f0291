import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { SessionProvider } from '../../providers/session.tsx';
import { Loading } from '../route-guard.tsx';
import { OrganiserSidebar } from '../organiser/organiser-sidebar.tsx';
import { AdminSidebar } from './admin-sidebar.tsx';
import { ShellFrame } from './shell-frame.tsx';

/** The consoles whose frame the server sends ready-made: the admin shell and the organiser console. */
export type PrerenderedShell = 'admin' | 'organiser';

/**
 * The frame of a console as HTML (the users list's first paint), for build.mjs to
 * write into preload.json and the server to put inside `<div id="root">` of the page it answers
 * for that console's addresses (server/routes/console.ts). It is the shell's first render
 * before anything is loaded: header, sidebar with no name and no menus, the "Loading…" line and
 * the footer, from the same components (ShellFrame, AdminSidebar, OrganiserSidebar), so the page
 * shows the console's frame as soon as the stylesheet is in, not after the scripts. It is inert
 * (nothing in it can be clicked or focused), its sidebar open or closed by the window's width
 * (`sidebar-auto`); React's first commit replaces it (createRoot empties its container).
 * Links point at the console's own addresses; none is marked active. Runs in Node at build time.
 */
export function prerenderShell(shell: PrerenderedShell): string {
  const sidebar =
    shell === 'admin' ? <AdminSidebar name="" menus={[]} organiserId={null} location="" /> : <OrganiserSidebar showBackToAdmin={false} name="" location="" />;
  return renderToStaticMarkup(
    <Router base={shell === 'admin' ? '/admin' : ''} ssrPath="/">
      <SessionProvider>
        <ShellFrame prerendered className={shell === 'organiser' ? 'organiser-shell' : undefined} name="" sidebar={sidebar}>
          <Loading />
        </ShellFrame>
      </SessionProvider>
    </Router>,
  );
}
