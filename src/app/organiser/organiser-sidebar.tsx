import { Link } from 'wouter';
import clsx from 'clsx';
import { ArrowLeftIcon, CalendarIcon, DashboardIcon, FlagIcon, HistoryIcon, ProfileIcon, TicketIcon } from '../../components/icons.tsx';
import { t } from '../../lib/i18n.ts';

/** Organiser menu entries (organiser-console §2 "Organiser sidebar menu", plus Working Days and Bookings). */
const ITEMS = [
  { href: '', label: 'nav.dashboard', Icon: DashboardIcon },
  { href: '/profile', label: 'organiser.nav.profile', Icon: ProfileIcon },
  { href: '/events', label: 'organiser.nav.events', Icon: FlagIcon },
  { href: '/holiday', label: 'organiser.nav.workingDays', Icon: CalendarIcon },
  { href: '/booking', label: 'organiser.nav.bookings', Icon: TicketIcon },
  { href: '/activity', label: 'organiser.nav.activity', Icon: HistoryIcon },
] as const;

/**
 * The organiser sidebar: Back to Admin (/admin) unless the user's role is company, the brand
 * link, the user's name, then the console's screens. `location` is relative to the console;
 * hrefs are too, '' being the console's own address (no trailing slash).
 */
export function OrganiserSidebar({ showBackToAdmin, name, location }: { showBackToAdmin: boolean; name: string; location: string }) {
  const active = (href: string) => (href === '' ? location === '/' : location === href || location.startsWith(href + '/'));
  return (
    <aside className="sidebar" id="sidebar" aria-label={t('organiser.menu')}>
      {showBackToAdmin && (
        <Link href="~/admin" className="back-to-admin">
          <ArrowLeftIcon /> {t('organiser.backToAdmin')}
        </Link>
      )}
      <Link href="" className="brand">
        {t('app.brand')}
      </Link>
      <div className="sidebar-user">{name || '\u00a0'}</div>
      <nav>
        <ul className="menu">
          {ITEMS.map((i) => (
            <li key={i.href}>
              <Link href={i.href} className={clsx(active(i.href) && 'active')} aria-current={active(i.href) ? 'page' : undefined}>
                <i.Icon /> {t(i.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
