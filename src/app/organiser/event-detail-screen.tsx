import EventDetail from '../../features/events/event-detail.tsx';
import CampaignsTab from '../../features/campaigns/campaigns-tab.tsx';
import PhotosTab from '../../features/event-photos/photos-tab.tsx';

/**
 * The event detail route (organiser-console §2): the events feature's screen with the tabs of
 * two other features plugged in here, since features never import each other.
 */
export default function EventDetailScreen() {
  return <EventDetail campaignsTab={(p) => <CampaignsTab {...p} />} photosTab={(p) => <PhotosTab {...p} />} />;
}
