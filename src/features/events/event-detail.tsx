import { useState, type ReactNode } from 'react';
import { useParams, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { PageHeader } from '../../components/page-header.tsx';
import { useLoad } from '../../components/use-load.ts';
import { EventDetailsTab } from './event-details-tab.tsx';
import { ParticipantsTab } from './participants-tab.tsx';
import * as api from './api.ts';
import { RecordHistory } from '../../components/record-history.tsx';

/** What the app layer plugs into a tab (features never import each other). */
export type TabContent = (p: { companyId: number; eventId: number }) => ReactNode;

const TABS = [
  { id: 'campaigns', label: 'Campaigns' },
  { id: 'details', label: 'Details' },
  { id: 'photos', label: 'Photos' },
  { id: 'participants', label: 'Participants' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * Event detail (organiser-console §2): the event title as heading, breadcrumb Home > Events >
 * Event Detail, and tabs Campaigns, Details, Photos and Participants. The open tab lives in the address
 * (`?tab=photos`) so reload and back keep it; clicking Campaigns again refreshes its list.
 */
export default function EventDetail({ campaignsTab, photosTab }: { campaignsTab: TabContent; photosTab: TabContent }) {
  const { companyId, eventId } = useParams<{ companyId: string; eventId: string }>();
  const tabParam = new URLSearchParams(useSearch()).get('tab');
  const tab: TabId = TABS.some((t) => t.id === tabParam) ? (tabParam as TabId) : 'campaigns';
  const { data: event, error, setData: setEvent } = useLoad(() => api.getEvent(eventId), [eventId]);
  const missing = error !== null;
  const [campaignsKey, setCampaignsKey] = useState(0);

  // Absolute navigation: the page of another tab's list does not carry over.
  const open = (id: TabId) => {
    if (id === 'campaigns') setCampaignsKey((k) => k + 1);
    if (id !== tab) navigate(window.location.pathname + (id === 'campaigns' ? '' : `?tab=${id}`));
  };
  const ids = { companyId: Number(companyId), eventId: Number(eventId) };

  return (
    <>
      <PageHeader
        title={event?.title ?? (missing ? 'Event not found' : 'Event Detail')}
        crumbs={[
          { label: 'Home', href: `~/admin/organizer/${companyId}` },
          { label: 'Events', href: '/events' },
          { label: event ? `Event Detail: ${event.title}` : 'Event Detail' },
        ]}
      />
      {missing ? (
        <p className="muted">This event could not be loaded. It may have been deleted.</p>
      ) : (
        <>
          <div className="tabs" role="tablist" aria-label="Event">
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`tab-${t.id}`}
                className="tab"
                aria-selected={tab === t.id}
                aria-controls="event-tabpanel"
                onClick={() => open(t.id)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <section id="event-tabpanel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
            {tab === 'campaigns' && <div key={campaignsKey}>{campaignsTab(ids)}</div>}
            {tab === 'details' && <EventDetailsTab event={event} onSaved={setEvent} />}
            {tab === 'details' && event && <RecordHistory key={`${event.id}-${event.title}`} resource="events" id={event.id} />}
            {tab === 'photos' && photosTab(ids)}
            {tab === 'participants' && <ParticipantsTab eventId={ids.eventId} />}
          </section>
        </>
      )}
    </>
  );
}
