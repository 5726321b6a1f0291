import { lazy, Suspense, useEffect } from 'react';
import EventDetail from '../../features/events/event-detail.tsx';
import CampaignsTab from '../../features/campaigns/campaigns-tab.tsx';
import { Loading } from '../../components/loading.tsx';

/** The manage-campaign view: a chunk of its own, loaded when first opened; it loads the template wizard's (add-template-*.js) when Add or Edit is pressed. */
/** The Insights tab with its chart library (uPlot): a chunk of its own, fetched when the tab first opens (docs/insights.md). */
const InsightsTab = lazy(() => import('../../features/insights/insights-tab.tsx'));
/** The Photos tab: a chunk of its own, fetched once the screen has painted, so the default tab (Campaigns) paints sooner. */
const loadPhotosTab = () => import('../../features/event-photos/photos-tab.tsx');
const PhotosTab = lazy(loadPhotosTab);
const ManageCampaign = lazy(() => import('../../features/templates/manage-campaign.tsx').then((m) => ({ default: m.ManageCampaign })));

/**
 * The event detail route (organiser-console §2): the events feature's screen with the tabs of
 * three other features plugged in here (Insights as a lazy chunk), since features never import each other; the Campaigns
 * tab gets the templates feature's manage-campaign view.
 */
export default function EventDetailScreen() {
  useEffect(() => {
    void loadPhotosTab();
  }, []);
  return (
    <EventDetail
      photosTab={(p) => (
        <Suspense fallback={<Loading />}>
          <PhotosTab {...p} />
        </Suspense>
      )}
      insightsTab={(p) => (
        <Suspense fallback={<Loading />}>
          <InsightsTab eventId={p.eventId} />
        </Suspense>
      )}
      campaignsTab={(p) => (
        <CampaignsTab
          {...p}
          manage={(m) => (
            <Suspense fallback={null}>
              <ManageCampaign {...m} />
            </Suspense>
          )}
        />
      )}
    />
  );
}
