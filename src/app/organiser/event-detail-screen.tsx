import { lazy, Suspense } from 'react';
import EventDetail from '../../features/events/event-detail.tsx';
import CampaignsTab from '../../features/campaigns/campaigns-tab.tsx';
import PhotosTab from '../../features/event-photos/photos-tab.tsx';

/** The manage-campaign view lives in the template wizard's lazy chunk (add-template-*.js), loaded when first opened. */
const ManageCampaign = lazy(() => import('../../features/templates/add-template.tsx').then((m) => ({ default: m.ManageCampaign })));

/**
 * The event detail route (organiser-console §2): the events feature's screen with the tabs of
 * two other features plugged in here, since features never import each other; the Campaigns
 * tab gets the templates feature's manage-campaign view.
 */
export default function EventDetailScreen() {
  return (
    <EventDetail
      photosTab={(p) => <PhotosTab {...p} />}
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
