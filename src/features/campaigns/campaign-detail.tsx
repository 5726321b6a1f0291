import { useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { named, PageHeader } from '../../components/page-header.tsx';
import { DetailsTab } from './details-tab.tsx';
import { VideoUploads } from './video-uploads.tsx';
import { ConferenceUsers } from './conference-users.tsx';
import * as api from './api.ts';
import { RecordHistory } from '../../components/record-history.tsx';

type Tab = 'details' | 'uploads' | 'users';

/**
 * Campaign detail (organiser-console §2), /admin/organizer/{org}/events/{event}/{campaign}:
 * the Details tab, plus Uploads for video campaigns and Users for conference campaigns. The
 * open tab is kept in the address (?tab=) so reload and back keep it.
 */
export default function CampaignDetail() {
  const { companyId, eventId, campaignId } = useParams<{ companyId: string; eventId: string; campaignId: string }>();
  const id = Number(campaignId);
  const [campaign, setCampaign] = useState<api.CampaignDetail | null>(null);
  const [error, setError] = useState(false);
  const [params, setParams] = useSearchParams();

  const load = useCallback(async () => {
    try {
      setCampaign(await api.getCampaign(id));
      setError(false);
    } catch (err) {
      console.error(err);
      setError(true);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  // A campaign reached under another event's address is not there (its breadcrumb would lie).
  const misplaced = campaign !== null && campaign.event_id !== Number(eventId);
  const tabs: [Tab, string][] = [['details', 'Details']];
  if (campaign?.type === 2) tabs.push(['uploads', 'Uploads']);
  if (campaign?.type === 3) tabs.push(['users', 'Users']);
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = tabs.some(([t]) => t === asked) ? asked! : 'details';
  const open = (t: Tab) => setParams(t === 'details' ? {} : { tab: t });

  return (
    <>
      <PageHeader
        title={misplaced ? 'Campaign not found' : (campaign?.title ?? 'Campaign Detail')}
        crumbs={[
          { label: 'Home', href: `~/admin/organizer/${companyId}` },
          { label: 'Events', href: '/events' },
          { label: named('Event Detail', misplaced ? undefined : campaign?.event_title), href: `/events/${eventId}` },
          { label: named('Campaign Detail', misplaced ? undefined : campaign?.title) },
        ]}
      />
      <div className="card">
        {error ? (
          <p className="muted">This campaign could not be loaded. Reload the page to try again.</p>
        ) : misplaced ? (
          <p className="muted" data-testid="not-found">
            This event has no such campaign. <Link href={`/events/${eventId}`}>Back to the event</Link>
          </p>
        ) : !campaign ? (
          <p className="muted">
            <span className="spinner" aria-hidden="true" /> Loading…
          </p>
        ) : (
          <>
            <div className="tabs" role="tablist" aria-label="Campaign">
              {tabs.map(([t, label]) => (
                <button key={t} type="button" role="tab" className="tab" aria-selected={tab === t} onClick={() => open(t)}>
                  {label}
                </button>
              ))}
            </div>
            {tab === 'details' && <DetailsTab campaign={campaign} addTemplateHref={`/events/${eventId}/${id}/add-template`} onChanged={() => void load()} />}
            {tab === 'details' && <RecordHistory key={`${id}-${campaign.title}`} resource="campaigns" id={id} />}
            {tab === 'uploads' && <VideoUploads campaignId={id} />}
            {tab === 'users' && <ConferenceUsers campaignId={id} />}
          </>
        )}
      </div>
    </>
  );
}
