import { LoadFailed } from '../../components/list-states.tsx';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { useLoad } from '../../components/use-load.ts';
import * as api from './api.ts';

/**
 * The organiser dashboard (organiser-console §2; the spec leaves its contents open): upcoming
 * events, bookings waiting for an answer and videos waiting for moderation, each linking to
 * its screen (a video to its campaign's Uploads → Pending with its preview open). One call. A failed load is logged and said on screen (organiser-console §8).
 */
export default function OrganiserDashboard() {
  const { companyId } = useParams<{ companyId: string }>();
  const { data, error, retry } = useLoad(() => api.getDashboard(companyId), [companyId]);
  const failed = error !== null;

  return (
    <>
      <PageHeader title="Dashboard" crumbs={[{ label: 'Home', href: `~/admin/organizer/${companyId}` }, { label: 'Dashboard' }]} />
      {!data &&
        (failed ? (
          <LoadFailed what="The dashboard" failure={error} onRetry={retry} />
        ) : (
          <p className="muted loading-line" role="status">
            <span className="spinner" aria-hidden="true" /> Loading…
          </p>
        ))}
      {data && (
        <div className="org-dashboard">
          <Panel title="Upcoming events" total={data.upcoming_events.total} more={{ href: '/events', label: 'All events' }} empty="No upcoming events.">
            {data.upcoming_events.items.map((e) => (
              <li key={e.id}>
                <Link href={`/events/${e.id}`}>{e.title}</Link> <span className="muted">{period(e.start_date, e.end_date)}</span>
              </li>
            ))}
          </Panel>
          <Panel
            title="Bookings waiting for an answer"
            total={data.pending_bookings.total}
            more={{ href: '/booking', label: 'Open Bookings' }}
            empty="No bookings are waiting."
          >
            {data.pending_bookings.items.map((b) => (
              <li key={b.id}>
                <Link href="/booking">{b.name}</Link> <span className="muted">{b.date}</span>
              </li>
            ))}
          </Panel>
          <Panel title="Videos waiting for moderation" total={data.pending_videos.total} empty="No videos are waiting.">
            {data.pending_videos.items.map((v) => (
              <li key={v.id}>
                <Link href={`/events/${v.event_id}/${v.campaign_id}?tab=uploads&status=1&video=${v.id}`}>{v.name}</Link>{' '}
                <span className="muted">{v.campaign_title}</span>
              </li>
            ))}
          </Panel>
        </div>
      )}
    </>
  );
}

const period = (start: string, end: string) => (start === end ? start : `${start} to ${end}`);

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
        <span className="org-panel-total" aria-label={`${total} in total`}>
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
