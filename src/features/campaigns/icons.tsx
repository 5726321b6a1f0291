import { ConferenceIcon, ImageIcon, PhotoAppIcon, VideoIcon } from '../../components/icons.tsx';

/** The icon of a campaign type (image for any unknown type). */
export function TypeIcon({ type }: { type: number }) {
  if (type === 2) return <VideoIcon />;
  if (type === 3) return <ConferenceIcon />;
  if (type === 4) return <PhotoAppIcon />;
  return <ImageIcon />;
}
