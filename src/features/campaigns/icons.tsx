/** Small inline icons of the campaign screens (decorative: every use has a text label beside it). */
const Svg = ({ children }: { children: React.ReactNode }) => (
  <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">{children}</svg>
);

export const ImageIcon = () => <Svg><rect x="3" y="4" width="18" height="16" rx="2" /><circle cx="9" cy="10" r="2" /><path d="m21 17-5-5-9 8" /></Svg>;
export const VideoIcon = () => <Svg><rect x="3" y="6" width="13" height="12" rx="2" /><path d="m16 10 5-3v10l-5-3z" /></Svg>;
export const ConferenceIcon = () => <Svg><circle cx="8" cy="9" r="3" /><circle cx="16" cy="9" r="3" /><path d="M2 20c0-3 3-5 6-5s6 2 6 5M12 20c0-3 1.5-5 4-5s6 2 6 5" /></Svg>;
export const PhotoAppIcon = () => <Svg><rect x="6" y="2" width="12" height="20" rx="2" /><circle cx="12" cy="11" r="3" /><path d="M11 18h2" /></Svg>;
export { TrashIcon } from '../../components/icons.tsx';

/** Campaign types (organiser-console §3): 1 image, 2 video, 3 conference, 4 photo app. */
export const CAMPAIGN_TYPE_NAMES: Record<number, string> = { 1: 'Image', 2: 'Video', 3: 'Conference', 4: 'PhotoApp' };

export function TypeIcon({ type }: { type: number }) {
  if (type === 2) return <VideoIcon />;
  if (type === 3) return <ConferenceIcon />;
  if (type === 4) return <PhotoAppIcon />;
  return <ImageIcon />;
}
