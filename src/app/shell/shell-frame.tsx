import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import clsx from 'clsx';
import { Loading } from '../route-guard.tsx';
import { Header } from './header.tsx';
import { ShellFooter } from './footer.tsx';

/** Up to this width (px) the sidebar is a drawer over the content rather than a column beside it. */
const DRAWER_MAX_WIDTH = 900;

/**
 * The layout both consoles share (admin-area §2, organiser-console §2): skip link, header with
 * the menu toggle and `name`, the console's `sidebar`, the overlay that closes it, then the main
 * content (`banner` above the screens, `children` under Suspense) and the footer. `className`
 * is added to the outer `.shell`. The sidebar starts open on wide screens; on narrow ones it is
 * a drawer, closed again after every navigation.
 */
export function ShellFrame({ className, name, sidebar, banner, children }: {
  className?: string; name: string; sidebar: ReactNode; banner?: ReactNode; children: ReactNode;
}) {
  const [location] = useLocation();
  const [open, setOpen] = useState(() => typeof window === 'undefined' || window.innerWidth > DRAWER_MAX_WIDTH);
  useEffect(() => { if (window.innerWidth <= DRAWER_MAX_WIDTH) setOpen(false); }, [location]);

  return (
    <div className={clsx('shell', className, open ? 'sidebar-open' : 'sidebar-collapsed')}>
      <a className="skip-link" href="#content">Skip to content</a>
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
