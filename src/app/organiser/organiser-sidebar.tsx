import { Link } from 'wouter';
import clsx from 'clsx';
import { ArrowLeftIcon, CalendarIcon, DashboardIcon, FlagIcon, HistoryIcon, ProfileIcon, TicketIcon } from '../../components/icons.tsx';

/** Organiser menu entries (organiser-console §2 "Organiser sidebar menu", plus Working Days and Bookings). */
const ITEMS = [
  { href: '', label: 'Dashboard', Icon: DashboardIcon },
  { href: '/profile', label: 'Organizer Profile', Icon: ProfileIcon },
  { href: '/events', label: 'Events', Icon: FlagIcon },
  { href: '/holiday', label: 'Working Days', Icon: CalendarIcon },
  { href: '/booking', label: 'Bookings', Icon: TicketIcon },
  { href: '/activity', label: 'Activity', Icon: HistoryIcon },
] as const;

/**
 * The organiser sidebar: Back to Admin (/admin) unless the user's role is company, the brand
 * link, the user's name, then the console's screens. `location` is relative to the console;
 * hrefs are too, '' being the console's own address (no trailing slash).
 */
export function OrganiserSidebar({ showBackToAdmin, name, location }: { showBackToAdmin: boolean; name: string; location: string }) {
  const active = (href: string) => (href === '' ? location === '/' : location === href || location.startsWith(href + '/'));
  return (
    <aside className="sidebar" id="sidebar" aria-label="Organizer menu">
      {showBackToAdmin && (
        <Link href="~/admin" className="back-to-admin">
          <ArrowLeftIcon /> Back to Admin
        </Link>
      )}
      <Link href="" className="brand">
        Events Back-office
      </Link>
      <div className="sidebar-user">{name || '\u00a0'}</div>
      <nav>
        <ul className="menu">
          {ITEMS.map((i) => (
            <li key={i.href}>
              <Link href={i.href} className={clsx(active(i.href) && 'active')} aria-current={active(i.href) ? 'page' : undefined}>
                <i.Icon /> {i.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
