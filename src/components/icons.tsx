import type { ReactNode } from 'react';

/**
 * The console's one icon set: small inline line icons, decorative (every use has a text label or
 * an aria-label beside it). `size` is in CSS pixels (22 by default).
 */
const Svg = ({ size = 22, children }: { size?: number; children: ReactNode }) => (
  <svg viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">{children}</svg>
);

/** Size of an icon, in CSS pixels. */
export interface IconProps { size?: number }

/** Image campaign. */
export const ImageIcon = ({ size }: IconProps) => <Svg size={size}><rect x="3" y="4" width="18" height="16" rx="2" /><circle cx="9" cy="10" r="2" /><path d="m21 17-5-5-9 8" /></Svg>;
/** Video campaign. */
export const VideoIcon = ({ size }: IconProps) => <Svg size={size}><rect x="3" y="6" width="13" height="12" rx="2" /><path d="m16 10 5-3v10l-5-3z" /></Svg>;
/** Conference campaign. */
export const ConferenceIcon = ({ size }: IconProps) => <Svg size={size}><circle cx="8" cy="9" r="3" /><circle cx="16" cy="9" r="3" /><path d="M2 20c0-3 3-5 6-5s6 2 6 5M12 20c0-3 1.5-5 4-5s6 2 6 5" /></Svg>;
/** Photo app campaign. */
export const PhotoAppIcon = ({ size }: IconProps) => <Svg size={size}><rect x="6" y="2" width="12" height="20" rx="2" /><circle cx="12" cy="11" r="3" /><path d="M11 18h2" /></Svg>;
/** Delete (a list row's or a card's trash button). */
export const TrashIcon = ({ size }: IconProps) => <Svg size={size}><path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" /></Svg>;
