import type { ReactNode } from 'react';
import { DECLARED_SCREENS } from '../common/declared-access.ts';
import type { IconName } from '../common/resource-shapes.ts';

/**
 * The console's small set of inline SVG icons (24-unit grid, stroke in currentColor, 1.8 wide):
 * navigation and row actions. Decorative: every use has a visible text or an aria-label beside
 * it, so each icon is aria-hidden. `size` is in CSS pixels.
 */
const Svg = ({ children, size = 18 }: { children: ReactNode; size?: number }) => (
  <svg
    viewBox="0 0 24 24"
    width={size}
    height={size}
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    className="icon"
  >
    {children}
  </svg>
);
/** Size of an icon, in CSS pixels. */
type P = { size?: number };

/** Dashboard (admin and organiser sidebars). */
export const DashboardIcon = (p: P) => (
  <Svg {...p}>
    <rect x="3" y="3" width="7" height="9" rx="1.5" />
    <rect x="14" y="3" width="7" height="5" rx="1.5" />
    <rect x="14" y="12" width="7" height="9" rx="1.5" />
    <rect x="3" y="16" width="7" height="5" rx="1.5" />
  </Svg>
);
/** Permissions (admin menu). */
export const KeyIcon = (p: P) => (
  <Svg {...p}>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 9-9M17 6l3 3M15 8l2 2" />
  </Svg>
);
/** Roles (admin menu). */
export const ShieldIcon = (p: P) => (
  <Svg {...p}>
    <path d="M12 3 5 6v5c0 4.5 3 8.5 7 10 4-1.5 7-5.5 7-10V6z" />
    <path d="m9 12 2 2 4-4" />
  </Svg>
);
/** Users (admin menu; dashboard "Unique Visitors" box). */
export const UsersIcon = (p: P) => (
  <Svg {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14c2.2.6 3.5 2.8 3.5 6" />
  </Svg>
);
/** Pages (admin menu). */
export const PageIcon = (p: P) => (
  <Svg {...p}>
    <path d="M6 3h8l4 4v14H6z" />
    <path d="M14 3v4h4M9 12h6M9 16h6" />
  </Svg>
);
/** Menus (admin menu); also any unknown menu address. */
/** A clock face: the Activity log. */
export const HistoryIcon = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Svg>
);
export const MenuListIcon = (p: P) => (
  <Svg {...p}>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <circle cx="4.5" cy="6" r="1" />
    <circle cx="4.5" cy="12" r="1" />
    <circle cx="4.5" cy="18" r="1" />
  </Svg>
);
/** Settings (admin menu). */
export const SettingsIcon = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
  </Svg>
);
/** Organisers (admin menu, dashboard). */
export const BuildingIcon = (p: P) => (
  <Svg {...p}>
    <path d="M4 21V5l8-2v18M12 8l8 2v11M2 21h20" />
    <path d="M7.5 8h1M7.5 12h1M7.5 16h1M15.5 13h1M15.5 17h1" />
  </Svg>
);
/** Organiser profile (organiser sidebar). */
export const ProfileIcon = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </Svg>
);
/** Working days (organiser sidebar). */
export const CalendarIcon = (p: P) => (
  <Svg {...p}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </Svg>
);
/** Bookings (organiser sidebar). */
export const TicketIcon = (p: P) => (
  <Svg {...p}>
    <path d="M3 8a2 2 0 0 0 0 4v0a2 2 0 0 1 0 4v2h18v-2a2 2 0 0 1 0-4 2 2 0 0 0 0-4V6H3z" />
    <path d="M14 6v12" strokeDasharray="2 2" />
  </Svg>
);
/** Events (organiser sidebar, dashboard). */
export const FlagIcon = (p: P) => (
  <Svg {...p}>
    <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
  </Svg>
);
/** Event photos (dashboard). */
export const PhotoIcon = (p: P) => (
  <Svg {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 16-5-5-8 8" />
  </Svg>
);
/** Videos waiting (dashboard). */
export const PlayIcon = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m10 8.5 5 3.5-5 3.5z" />
  </Svg>
);
/** Back to Admin (organiser sidebar). */
export const ArrowLeftIcon = (p: P) => (
  <Svg {...p}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Svg>
);
/** Delete (delete buttons). */
export const TrashIcon = (p: P) => (
  <Svg {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);
/** Dashboard "New Orders" sample box. */
export const CartIcon = (p: P) => (
  <Svg {...p}>
    <path d="M3 4h2l2.5 11h11L21 8H6.5" />
    <circle cx="9" cy="19.5" r="1.5" />
    <circle cx="17" cy="19.5" r="1.5" />
  </Svg>
);
/** Dashboard "Bounce Rate" sample box. */
export const BounceIcon = (p: P) => (
  <Svg {...p}>
    <path d="M3 17 9 9l4 5 8-9" />
    <path d="M15 5h6v6" />
  </Svg>
);
/** Dashboard "User Registrations" sample box. */
export const UserPlusIcon = (p: P) => (
  <Svg {...p}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21c0-4 3-7 7-7s7 3 7 7M19 8v6M16 11h6" />
  </Svg>
);

/** Campaign type icons (organiser-console §3), drawn a little larger (22 px) on cards and tabs. */
export const ImageIcon = ({ size = 22 }: P) => (
  <Svg size={size}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 17-5-5-9 8" />
  </Svg>
);
/** Video campaign (type 2). */
export const VideoIcon = ({ size = 22 }: P) => (
  <Svg size={size}>
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="m16 10 5-3v10l-5-3z" />
  </Svg>
);
/** Conference campaign (type 3). */
export const ConferenceIcon = ({ size = 22 }: P) => (
  <Svg size={size}>
    <circle cx="8" cy="9" r="3" />
    <circle cx="16" cy="9" r="3" />
    <path d="M2 20c0-3 3-5 6-5s6 2 6 5M12 20c0-3 1.5-5 4-5s6 2 6 5" />
  </Svg>
);
/** Photo-app campaign (type 4). */
export const PhotoAppIcon = ({ size = 22 }: P) => (
  <Svg size={size}>
    <rect x="6" y="2" width="12" height="20" rx="2" />
    <circle cx="12" cy="11" r="3" />
    <path d="M11 18h2" />
  </Svg>
);

/** The icon for an admin menu address (admin-area §2 screens); a plain list icon for others. */
export function navIconFor(href: string) {
  const screen = href.replace(/^\/+/, '').split('/')[0];
  const icon = SCREENS_BY_KEY.get(screen)?.icon;
  const Icon = screen === '' ? DashboardIcon : icon ? ICONS[icon] : MenuListIcon;
  return <Icon />;
}

/** The drawing of each icon a declared screen names (src/common/resources.ts): the type demands one for every name. */
const ICONS: Record<IconName, (p: P) => ReactNode> = {
  key: KeyIcon,
  shield: ShieldIcon,
  users: UsersIcon,
  page: PageIcon,
  'menu-list': MenuListIcon,
  settings: SettingsIcon,
  building: BuildingIcon,
  history: HistoryIcon,
};
const SCREENS_BY_KEY = new Map<string, { icon: IconName | null }>(DECLARED_SCREENS.map((s) => [s.key, s]));
