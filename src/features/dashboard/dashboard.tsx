import '../../lib/messages/shell.ts';
import '../../lib/messages/admin.ts';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useLiveRefresh } from '../../components/use-live-list.ts';
import { BounceIcon, BuildingIcon, CartIcon, FlagIcon, PhotoIcon, PlayIcon, UserPlusIcon, UsersIcon, navIconFor } from '../../components/icons.tsx';
import { SCREENS } from '../../common/screens.ts';
import { screenWord } from '../../components/screen-words.ts';
import { MonthBarChart } from './bar-chart.tsx';
import { getDashboardStats } from './api.ts';
import { formatNumber, t } from '../../lib/i18n.ts';
import { lazyPart } from '../../components/lazy-part.tsx';

/** The platform's weekly figures: a part of its own (uPlot comes with it), fetched after the dashboard's first paint. */
const PlatformPanel = lazyPart(() => import('./platform-panel.tsx').then((m) => m.PlatformPanel));

/** The four static summary boxes of admin-area §1 (sample figures by the spec; labels are message keys). */
const BOXES = [
  { value: '150', label: 'admin.dashboard.newOrders', tone: 'info', icon: <CartIcon size={34} /> },
  { value: '53%', label: 'admin.dashboard.bounceRate', tone: 'success', icon: <BounceIcon size={34} /> },
  { value: '44', label: 'admin.dashboard.registrations', tone: 'warning', icon: <UserPlusIcon size={34} /> },
  { value: '65', label: 'admin.dashboard.visitors', tone: 'danger', icon: <UsersIcon size={34} /> },
] as const;

/**
 * The resources whose records the live figures count (dashboard-stats: the screens' counts, then
 * organisers, events, photos, videos waiting and campaigns per month). The change stream brings
 * only those the reader may see (docs/live.md "Who sees what").
 */
const LIVE_FIGURES = ['permissions', 'roles', 'users', 'pages', 'menus', 'organisers', 'events', 'photos', 'videos', 'campaigns'];

/**
 * The admin dashboard: the spec's four boxes (admin-area §1), then the product's own live
 * figures — organisers, events, photos, videos waiting for moderation — each leading to the
 * organisers list where they are managed, and campaigns per month as a bar chart. Every staff
 * user gets, below the spec's boxes, the count of each screen it may open that has one (GET
 * dashboard-stats `screens`: Users counts the users its role manages), each leading to its screen;
 * the organiser-wide figures and the chart need the Organizers screen. Below, the platform's
 * figures per week (platform-panel.tsx, docs/insights.md "The administrators' dashboard").
 * The live figures load again on their own (at most once a second) when a record they count
 * changes elsewhere (LIVE_FIGURES, the change stream; docs/live.md), the old ones kept on screen
 * meanwhile. A failed load is logged and shows no figures.
 */
export default function Dashboard() {
  const { data: stats, retry } = useLoad(() => getDashboardStats(), []);
  useLiveRefresh(LIVE_FIGURES, retry);
  return (
    <>
      <PageHeader title={t('admin.dashboard.title')} crumbs={[{ label: t('nav.home'), href: '~/admin' }, { label: t('admin.dashboard.title') }]} />
      <section className="small-boxes" aria-label={t('admin.dashboard.summary')}>
        {BOXES.map((b) => (
          <div key={b.label} className={`small-box tone-${b.tone}`}>
            <div>
              <div className="small-box-value">{b.value}</div>
              <div className="small-box-label">{t(b.label)}</div>
            </div>
            <span className="small-box-icon">{b.icon}</span>
          </div>
        ))}
      </section>
      {stats && (stats.screens.length > 0 || stats.organisers !== undefined) && (
        <>
          <h2 className="dashboard-heading">{t('admin.dashboard.live')}</h2>
          <section className="stat-tiles" aria-label={t('admin.dashboard.live')}>
            {stats.screens.map((f) => (
              <Stat
                key={f.key}
                href={`~/admin/${f.key}`}
                icon={navIconFor(f.key)}
                value={f.count}
                label={screenWord(f.key, SCREENS.find((s) => s.key === f.key)?.name ?? f.key)}
              />
            ))}
            {stats.organisers !== undefined && (
              <>
                <Stat href="~/admin/organizers" icon={<BuildingIcon size={22} />} value={stats.organisers} label={t('admin.dashboard.organisers')} />
                <Stat href="~/admin/organizers" icon={<FlagIcon size={22} />} value={stats.events ?? 0} label={t('admin.dashboard.events')} />
                <Stat href="~/admin/organizers" icon={<PhotoIcon size={22} />} value={stats.photos ?? 0} label={t('admin.dashboard.photos')} />
                <Stat href="~/admin/organizers" icon={<PlayIcon size={22} />} value={stats.videos_waiting ?? 0} label={t('admin.dashboard.videosWaiting')} />
              </>
            )}
          </section>
          {stats.campaigns_per_month && (
            <div className="card">
              <MonthBarChart data={stats.campaigns_per_month} title={t('admin.dashboard.campaignsPerMonth')} />
            </div>
          )}
        </>
      )}
      <PlatformPanel />
    </>
  );
}

function Stat({ href, icon, value, label }: { href: string; icon: ReactNode; value: number; label: string }) {
  return (
    <Link href={href} className="stat-tile">
      <span className="stat-icon">{icon}</span>
      <span>
        <span className="stat-value">{formatNumber(value)}</span>
        <span className="stat-label">{label}</span>
      </span>
    </Link>
  );
}
