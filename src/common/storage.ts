/**
 * An organiser's storage quota (docs/security.md "Limits"): templates, logos, event
 * photos and recognition events count towards it (server/db/queries/storage.ts STORED); the
 * default is 2 GB and an administrator sets another on the organiser form, in whole MB (1 MB =
 * 1,048,576 bytes). The console (organiser form, profile) and the server (organiser
 * create/update, the quota checks) share these. Pure: no DOM, no Node.
 */
import { groupDigits } from './numbers.ts';

/** Default quota of a new organiser, MB (2 GB). */
export const DEFAULT_QUOTA_MB = 2048;
/** Largest quota an administrator may set, MB (1 TB). */
export const MAX_QUOTA_MB = 1024 * 1024;

export const QUOTA_MESSAGE = `The storage quota must be a whole number of MB from 1 to ${groupDigits(MAX_QUOTA_MB)}.`;

/** QUOTA_MESSAGE unless `value` (the form's text) is a whole number 1 … MAX_QUOTA_MB; null when fine. */
export function quotaProblem(value: string): string | null {
  const v = value.trim();
  return v.length <= 8 && /^[0-9]+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_QUOTA_MB ? null : QUOTA_MESSAGE;
}

/**
 * Bytes as people read them, in binary units with at most one decimal: 0 B, 512 B, 1.5 KB,
 * 200 MB, 2 GB (1 KB = 1,024 bytes, as the quota's MB).
 */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = Math.max(0, bytes),
    u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  const shown = u === 0 ? String(Math.round(v)) : String(Math.round(v * 10) / 10);
  return `${shown} ${units[u]}`;
}

/** The line the organiser's profile shows: "1.5 MB of 2 GB used". */
export const storageLine = (used: number, limit: number) => `${formatBytes(used)} of ${formatBytes(limit)} used`;

/** The message of a write refused for want of space (422 on the field that brought the bytes). */
export const quotaFullMessage = (used: number, limit: number) =>
  `Not enough storage: this organizer has ${formatBytes(Math.max(0, limit - used))} left of its ${formatBytes(limit)}. Delete templates or logos to make room.`;

/**
 * The message of a photo import refused for want of space, before anything of it is written (422
 * on `excel`): what the import needs, what is left, the quota and what is used, all in bytes.
 */
export const importQuotaMessage = (needed: number, used: number, limit: number) =>
  `Not enough storage: this import needs ${formatBytes(needed)} but this organizer has ${formatBytes(Math.max(0, limit - used))} left of its ${formatBytes(limit)} (${formatBytes(used)} used). Delete photos, templates or logos to make room.`;
