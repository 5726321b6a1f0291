import '../../lib/messages/shell.ts';
import { Link } from 'wouter';
import clsx from 'clsx';
import type { MenuItem } from '../../providers/session.tsx';
import { DashboardIcon, navIconFor } from '../../components/icons.tsx';
import { t } from '../../lib/i18n.ts';
import { menuTitle } from '../../components/screen-words.ts';

/** Menu items with this id are never shown (admin-area §9). */
export const HIDDEN_MENU_ID = 12;

/** A menu URL ("/admin/users", "admin/users", "users") as a path inside the shell ("/users"). */
export const menuHref = (url: string) =>
  '/' +
  url
    .trim()
    .replace(/^\/?admin(\/|$)/, '')
    .replace(/^\/+|\/+$/g, '');

/**
 * The admin sidebar (admin-area §2): the brand, the user's `name`, then Dashboard (for an
 * organiser at /admin/account: Back to my console, `organiserId` being its company id) and the
 * user's live `menus`, id 12 hidden; the entry under `location` (a path inside the shell) is
 * marked active. Also the sidebar of the prerendered frame (prerender.tsx), with no name and no menus.
 */
export function AdminSidebar({ name, menus, organiserId, location }: { name: string; menus: MenuItem[]; organiserId: string | null; location: string }) {
  const here = (href: string) => location === href || location.startsWith(href + '/');
  return (
    <aside className="sidebar" id="sidebar" aria-label={t('app.mainMenu')}>
      <Link href="/" className="brand">
        {t('app.brand')}
      </Link>
      <div className="sidebar-user">{name || '\u00a0'}</div>
      <nav>
        <ul className="menu">
          {organiserId ? (
            <li>
              <Link href={`~/admin/organizer/${organiserId}`}>
                <DashboardIcon /> {t('nav.backToConsole')}
              </Link>
            </li>
          ) : (
            <li>
              <Link href="/" className={(active) => clsx(active && 'active')}>
                <DashboardIcon /> {t('nav.dashboard')}
              </Link>
            </li>
          )}
          {menus
            .filter((m) => m.id !== HIDDEN_MENU_ID)
            .map((m) => (
              <li key={m.id}>
                <Link href={menuHref(m.url)} className={clsx(here(menuHref(m.url)) && 'active')}>
                  {navIconFor(menuHref(m.url))} {menuTitle(m)}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
    </aside>
  );
}
