import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import { LoadFailed } from '../../components/list-states.tsx';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useLiveRefresh } from '../../components/use-live-list.ts';
import * as api from './api.ts';
import { t } from '../../lib/i18n.ts';
import { lazyPart } from '../../components/lazy-part.tsx';

/** The insights across the organiser's events: a part of its own (uPlot comes with it), fetched after the dashboard's first paint. */
const InsightsPanel = lazyPart(() => import('./insights-panel.tsx').then((m) => m.InsightsPanel));

/** The resources whose changes the dashboard's panels show. */
const LIVE_PANELS = ['bookings', 'events', 'videos'];

/**
 * The organiser dashboard (organiser-console §2; the spec leaves its contents open): upcoming
 * events, bookings waiting for an answer and videos waiting for moderation, each linking to
 * its screen (a video to its campaign's Uploads → Pending with its preview open). One call. A failed load is logged and said on screen (organiser-console §8).
 * The panels load again when a booking, an event or a video changes elsewhere (the change stream).
 * Below them, the insights across its events over the last 30 days (insights-panel.tsx, docs/insights.md "The organiser's home").
 */
export default function OrganiserDashboard() {
  const { companyId } = useParams<{ companyId: string }>();
  const { data, error, retry } = useLoad(() => api.getDashboard(companyId), [companyId]);
  // Bookings answered, events and videos changed elsewhere: the panels load again on their own (docs/live.md).
  useLiveRefresh(LIVE_PANELS, retry, { organiser: Number(companyId) });
  const failed = error !== null;

  return (
    <>
      <PageHeader title={t('nav.dashboard')} crumbs={[{ label: t('nav.home'), href: `~/admin/organizer/${companyId}` }, { label: t('nav.dashboard') }]} />
      {!data &&
        (failed ? (
          <LoadFailed what={t('load.dashboard')} failure={error} onRetry={retry} />
        ) : (
          <p className="muted loading-line" role="status">
            <span className="spinner" aria-hidden="true" /> {t('app.loading')}
          </p>
        ))}
      {data && (
        <div className="org-dashboard">
          <Panel
            title={t('organiser.dashboard.upcoming')}
            total={data.upcoming_events.total}
            more={{ href: '/events', label: t('organiser.dashboard.allEvents') }}
            empty={t('organiser.dashboard.noUpcoming')}
          >
            {data.upcoming_events.items.map((e) => (
              <li key={e.id}>
                <Link href={`/events/${e.id}`}>{e.title}</Link> <span className="muted">{period(e.start_date, e.end_date)}</span>
              </li>
            ))}
          </Panel>
          <Panel
            title={t('organiser.dashboard.bookings')}
            total={data.pending_bookings.total}
            more={{ href: '/booking', label: t('organiser.dashboard.openBookings') }}
            empty={t('organiser.dashboard.noBookings')}
          >
            {data.pending_bookings.items.map((b) => (
              <li key={b.id}>
                <Link href="/booking">{b.name}</Link> <span className="muted">{b.date}</span>
              </li>
            ))}
          </Panel>
          <Panel title={t('organiser.dashboard.videos')} total={data.pending_videos.total} empty={t('organiser.dashboard.noVideos')}>
            {data.pending_videos.items.map((v) => (
              <li key={v.id}>
                <Link href={`/events/${v.event_id}/${v.campaign_id}?tab=uploads&status=1&video=${v.id}`}>{v.name}</Link>{' '}
                <span className="muted">{v.campaign_title}</span>
              </li>
            ))}
          </Panel>
        </div>
      )}
      <InsightsPanel companyId={companyId} />
    </>
  );
}

const period = (start: string, end: string) => (start === end ? start : t('organiser.dashboard.period', { start, end }));

function Panel({
  title,
  total,
  more,
  empty,
  children,
}: {
  title: string;
  total: number;
  more?: { href: string; label: string };
  empty: string;
  children: ReactNode[];
}) {
  return (
    <section className="card org-panel" aria-label={title}>
      <header className="org-panel-head">
        <h2>{title}</h2>
        <span className="org-panel-total" aria-label={t('organiser.dashboard.total', { total })}>
          {total}
        </span>
      </header>
      {children.length ? <ul className="org-panel-list">{children}</ul> : <p className="muted">{empty}</p>}
      {more && (
        <Link href={more.href} className="org-panel-more">
          {more.label} →
        </Link>
      )}
    </section>
  );
}
