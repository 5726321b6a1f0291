import '../../lib/messages/shell.ts';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import clsx from 'clsx';
import { Loading } from '../route-guard.tsx';
import { Header } from './header.tsx';
import { ShellFooter } from './footer.tsx';
import { t } from '../../lib/i18n.ts';
import { watchTableLabels } from '../../components/table-labels.ts';

/** Up to this width (px) the sidebar is a drawer over the content rather than a column beside it (styles/shell.css says the same). */
const DRAWER_MAX_WIDTH = 900;
/**
 * Whether the window is narrow enough for the drawer. A media query, not `window.innerWidth`:
 * reading innerWidth makes Chromium lay out the page there and then, and this runs in the effect
 * right after the shell's first commit (a 30 ms forced layout in a trace of the users list).
 */
const narrow = () => typeof window !== 'undefined' && window.matchMedia(`(max-width: ${DRAWER_MAX_WIDTH}px)`).matches;

/**
 * The layout both consoles share (admin-area §2, organiser-console §2): skip link, header with
 * the menu toggle and `name`, the console's `sidebar`, the overlay that closes it, then the main
 * content (`banner` above the screens, `children` under Suspense) and the footer. `className`
 * is added to the outer `.shell`. The sidebar starts open on wide screens; on narrow ones it is
 * a drawer, closed again after every navigation, by Escape, and by a tap on the overlay beside it.
 * `prerendered`: the frame as the server sends it before any script runs (prerender.tsx): inert,
 * its sidebar open or closed by the window's width alone (`sidebar-auto` in styles/shell.css).
 */
export function ShellFrame({
  className,
  name,
  sidebar,
  banner,
  children,
  prerendered = false,
}: {
  className?: string;
  name: string;
  sidebar: ReactNode;
  banner?: ReactNode;
  children: ReactNode;
  prerendered?: boolean;
}) {
  const [location] = useLocation();
  const [open, setOpen] = useState(() => !narrow());
  // The consoles' tables (the only ones) carry their column names for the narrow screen's cards.
  useEffect(watchTableLabels, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a route change is what closes the menu on a narrow screen
  useEffect(() => {
    if (narrow()) setOpen(false);
  }, [location]);
  // On a narrow screen the open menu is an overlay: Escape closes it and focus goes back to its toggle.
  useEffect(() => {
    if (!open) return;
    const esc = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || !narrow() || document.querySelector('.modal-backdrop')) return;
      setOpen(false);
      document.querySelector<HTMLElement>('.topbar [aria-controls="sidebar"]')?.focus();
    };
    document.addEventListener('keydown', esc);
    return () => document.removeEventListener('keydown', esc);
  }, [open]);

  return (
    <div className={clsx('shell', className, prerendered ? 'sidebar-auto' : open ? 'sidebar-open' : 'sidebar-collapsed')} inert={prerendered || undefined}>
      <a className="skip-link" href="#content">
        {t('app.skipToContent')}
      </a>
      <Header onToggleMenu={() => setOpen((o) => !o)} menuOpen={open} name={name} />
      {sidebar}
      <div className="sidebar-overlay" onClick={() => setOpen(false)} aria-hidden="true" />
      <div className="content-wrap">
        <main id="content" className="content" tabIndex={-1}>
          {banner}
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </main>
        <ShellFooter />
      </div>
    </div>
  );
}
