import '../../lib/messages/shell.ts';
import { Link } from 'wouter';
import clsx from 'clsx';
import { ArrowLeftIcon, CalendarIcon, DashboardIcon, FlagIcon, HistoryIcon, PageIcon, ProfileIcon, SettingsIcon, TicketIcon } from '../../components/icons.tsx';
import { t } from '../../lib/i18n.ts';
import type { ComponentType } from 'react';
import type { MessageKey } from '../../common/i18n/catalogs/en.ts';
import { ORGANISER_CONSOLE_SCREENS } from '../../common/organiser-console-screens.ts';
import type { ConsoleIconName } from '../../common/resource-shapes.ts';

/** The icon of each console icon name a resource may declare (src/common/resources.ts `console`). */
const ICONS: Record<ConsoleIconName, ComponentType> = {
  profile: ProfileIcon,
  flag: FlagIcon,
  calendar: CalendarIcon,
  ticket: TicketIcon,
  history: HistoryIcon,
  settings: SettingsIcon,
  page: PageIcon,
};

/**
 * Organiser menu entries (organiser-console §2 "Organiser sidebar menu", plus Working Days and
 * Bookings): the dashboard, then each resource's console screen as its declaration places it.
 */
const ITEMS: readonly { href: string; label: MessageKey; Icon: ComponentType }[] = [
  { href: '', label: 'nav.dashboard', Icon: DashboardIcon },
  ...ORGANISER_CONSOLE_SCREENS.map((s) => ({ href: s.path, label: `organiser.nav.${s.key}` as const, Icon: ICONS[s.icon] })),
];

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
