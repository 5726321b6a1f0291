import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useParams, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { PageHeader } from '../../components/page-header.tsx';
import { useLoad } from '../../components/use-load.ts';
import { EventDetailsTab } from './event-details-tab.tsx';
import * as api from './api.ts';
import { RecordHistory } from '../../components/record-history.tsx';
import { t } from '../../lib/i18n.ts';
import type { MessageKey } from '../../common/i18n/catalogs/en.ts';
import { Loading } from '../../components/loading.tsx';

/** The Participants tab: a chunk of its own, fetched once the screen has painted (EventDetail's first effect), so the default tab paints sooner. */
const loadParticipantsTab = () => import('./participants-tab.tsx');
const ParticipantsTab = lazy(() => loadParticipantsTab().then((m) => ({ default: m.ParticipantsTab })));

/** What the app layer plugs into a tab (features never import each other). */
export type TabContent = (p: { companyId: number; eventId: number }) => ReactNode;

const TABS = [
  { id: 'campaigns', label: 'organiser.event.tabCampaigns' },
  { id: 'details', label: 'organiser.event.tabDetails' },
  { id: 'photos', label: 'organiser.event.tabPhotos' },
  { id: 'participants', label: 'organiser.event.tabParticipants' },
  { id: 'insights', label: 'organiser.event.tabInsights' },
] as const satisfies readonly { id: string; label: MessageKey }[];
type TabId = (typeof TABS)[number]['id'];

/**
 * Event detail (organiser-console §2): the event title as heading, breadcrumb Home > Events >
 * Event Detail, and tabs Campaigns, Details, Photos, Participants and Insights. The open tab lives in the address
 * (`?tab=photos`) so reload and back keep it; clicking Campaigns again refreshes its list.
 */
export default function EventDetail({ campaignsTab, photosTab, insightsTab }: { campaignsTab: TabContent; photosTab: TabContent; insightsTab: TabContent }) {
  const { companyId, eventId } = useParams<{ companyId: string; eventId: string }>();
  const tabParam = new URLSearchParams(useSearch()).get('tab');
  const tab: TabId = TABS.some((tb) => tb.id === tabParam) ? (tabParam as TabId) : 'campaigns';
  const { data: event, error, setData: setEvent } = useLoad(() => api.getEvent(eventId), [eventId]);
  const missing = error !== null;
  const [campaignsKey, setCampaignsKey] = useState(0);
  useEffect(() => {
    void loadParticipantsTab();
  }, []);

  // Absolute navigation: the page of another tab's list does not carry over.
  const open = (id: TabId) => {
    if (id === 'campaigns') setCampaignsKey((k) => k + 1);
    if (id !== tab) navigate(window.location.pathname + (id === 'campaigns' ? '' : `?tab=${id}`));
  };
  const ids = { companyId: Number(companyId), eventId: Number(eventId) };

  return (
    <>
      <PageHeader
        title={event?.title ?? (missing ? t('organiser.event.notFound') : t('organiser.event.detail'))}
        crumbs={[
          { label: t('nav.home'), href: `~/admin/organizer/${companyId}` },
          { label: t('organiser.events.title'), href: '/events' },
          { label: event ? t('organiser.event.detailOf', { title: event.title }) : t('organiser.event.detail') },
        ]}
      />
      {missing ? (
        <p className="muted">{t('organiser.event.loadFailed')}</p>
      ) : (
        <>
          <div className="tabs" role="tablist" aria-label={t('organiser.event.tabs')}>
            {TABS.map((tb) => (
              <button
                key={tb.id}
                type="button"
                role="tab"
                id={`tab-${tb.id}`}
                className="tab"
                aria-selected={tab === tb.id}
                aria-controls="event-tabpanel"
                onClick={() => open(tb.id)}
              >
                {t(tb.label)}
              </button>
            ))}
          </div>
          <section id="event-tabpanel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
            {tab === 'campaigns' && <div key={campaignsKey}>{campaignsTab(ids)}</div>}
            {tab === 'details' && <EventDetailsTab event={event} onSaved={setEvent} />}
            {tab === 'details' && event && <RecordHistory key={`${event.id}-${event.title}`} resource="events" id={event.id} />}
            {tab === 'photos' && photosTab(ids)}
            {tab === 'participants' && (
              <Suspense fallback={<Loading />}>
                <ParticipantsTab eventId={ids.eventId} />
              </Suspense>
            )}
            {tab === 'insights' && insightsTab(ids)}
          </section>
        </>
      )}
    </>
  );
}
