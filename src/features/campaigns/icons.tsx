import { ConferenceIcon, ImageIcon, PhotoAppIcon, VideoIcon } from '../../components/icons.tsx';

/** Campaign types (organiser-console §3): 1 image, 2 video, 3 conference, 4 photo app. */
export const CAMPAIGN_TYPE_NAMES: Record<number, string> = { 1: 'Image', 2: 'Video', 3: 'Conference', 4: 'PhotoApp' };

/** The icon of a campaign type (image for any unknown type). */
export function TypeIcon({ type }: { type: number }) {
  if (type === 2) return <VideoIcon />;
  if (type === 3) return <ConferenceIcon />;
  if (type === 4) return <PhotoAppIcon />;
  return <ImageIcon />;
}
