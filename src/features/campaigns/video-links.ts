/**
 * Playback addresses of participant videos (organiser-console §5, §7): Dropbox share links play
 * with `dl=0` made `raw=1`; live videos are video-site links whose id must be 11 characters,
 * otherwise the id is "error".
 */
export const dropboxPlayable = (url: string) => url.replace('dl=0', 'raw=1');

const VIDEO_ID = /^.*(?:youtu\.be\/|v\/|u\/\w\/|embed\/|live\/|shorts\/|watch\?v=|&v=)([^#&?]*).*/;

/** The 11-character video id of a video-site link, or "error". */
export function videoId(url: string): string {
  const id = VIDEO_ID.exec(url.trim())?.[1] ?? '';
  return id.length === 11 ? id : 'error';
}

/** The embeddable frame address for a live video. */
export const embedUrl = (url: string) => `https://www.youtube.com/embed/${videoId(url)}`;
