import '../../lib/messages/shell.ts';
import '../../lib/messages/campaigns.ts';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { t } from '../../lib/i18n.ts';
import { DetailsTab } from './details-tab.tsx';
import * as api from './api.ts';
import { RecordHistory } from '../../components/record-history.tsx';
import { Loading } from '../../components/loading.tsx';

/**
 * The Uploads tab (video campaigns) and the Users tab (conference campaigns): chunks of their own,
 * fetched once the campaign has loaded and is of their kind, so the default Details tab paints sooner.
 */
const loadUploads = () => import('./video-uploads.tsx');
const VideoUploads = lazy(() => loadUploads().then((m) => ({ default: m.VideoUploads })));
const loadUsers = () => import('./conference-users.tsx');
const ConferenceUsers = lazy(() => loadUsers().then((m) => ({ default: m.ConferenceUsers })));

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
  const type = campaign?.type;
  useEffect(() => {
    if (type === 2) void loadUploads();
    if (type === 3) void loadUsers();
  }, [type]);

  // A campaign reached under another event's address is not there (its breadcrumb would lie).
  const misplaced = campaign !== null && campaign.event_id !== Number(eventId);
  const tabs: [Tab, string][] = [['details', t('campaigns.detail.tabDetails')]];
  if (campaign?.type === 2) tabs.push(['uploads', t('campaigns.detail.tabUploads')]);
  if (campaign?.type === 3) tabs.push(['users', t('campaigns.detail.tabUsers')]);
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = tabs.some(([k]) => k === asked) ? asked! : 'details';
  const open = (k: Tab) => setParams(k === 'details' ? {} : { tab: k });
  const eventTitle = misplaced ? undefined : campaign?.event_title;
  const campaignTitle = misplaced ? undefined : campaign?.title;

  return (
    <>
      <PageHeader
        title={misplaced ? t('campaigns.detail.notFound') : (campaign?.title ?? t('campaigns.detail.title'))}
        crumbs={[
          { label: t('nav.home'), href: `~/admin/organizer/${companyId}` },
          { label: t('campaigns.detail.events'), href: '/events' },
          {
            label: eventTitle ? t('campaigns.detail.eventDetailNamed', { name: eventTitle }) : t('campaigns.detail.eventDetail'),
            href: `/events/${eventId}`,
          },
          { label: campaignTitle ? t('campaigns.detail.titleNamed', { name: campaignTitle }) : t('campaigns.detail.title') },
        ]}
      />
      <div className="card">
        {error ? (
          <p className="muted">{t('campaigns.detail.loadFailed')}</p>
        ) : misplaced ? (
          <p className="muted" data-testid="not-found">
            {t('campaigns.detail.noSuchCampaign')} <Link href={`/events/${eventId}`}>{t('campaigns.detail.backToEvent')}</Link>
          </p>
        ) : !campaign ? (
          <p className="muted">
            <span className="spinner" aria-hidden="true" /> {t('app.loading')}
          </p>
        ) : (
          <>
            <div className="tabs" role="tablist" aria-label={t('campaigns.detail.tabs')}>
              {tabs.map(([k, label]) => (
                <button key={k} type="button" role="tab" className="tab" aria-selected={tab === k} onClick={() => open(k)}>
                  {label}
                </button>
              ))}
            </div>
            {tab === 'details' && <DetailsTab campaign={campaign} addTemplateHref={`/events/${eventId}/${id}/add-template`} onChanged={() => void load()} />}
            {tab === 'details' && <RecordHistory key={`${id}-${campaign.title}`} resource="campaigns" id={id} />}
            {tab === 'uploads' && (
              <Suspense fallback={<Loading />}>
                <VideoUploads campaignId={id} />
              </Suspense>
            )}
            {tab === 'users' && (
              <Suspense fallback={<Loading />}>
                <ConferenceUsers campaignId={id} />
              </Suspense>
            )}
          </>
        )}
      </div>
    </>
  );
}
