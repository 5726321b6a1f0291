import type { CampaignForm } from './campaign-form-state.ts';
import { personal } from '../../lib/storage.ts';

/**
 * Drafts of the campaign form, one per signed-in user, organiser, event and campaign ('new' for
 * Add), so a form closed or lost by a reload reopens as it was; a successful save clears it.
 * They are the user's personal values (lib/storage.ts `personal`): kept next to the session,
 * never read by another user, removed at sign-out and when the session ends.
 * A draft that does not fit (a large logo past the storage quota) is kept without its logo.
 * An edit's draft also keeps the campaign's version it was typed over (its ETag, `'"3"'`), so a
 * reopened draft learns that someone else saved the campaign since (docs/live.md).
 */
const key = (organiserId: string, eventId: number, campaignId: number | null) => `campaign-draft:${organiserId}:${eventId}:${campaignId ?? 'new'}`;

/** The stored draft of the campaign form (`campaignId` null for Add), or null when there is none, it is unreadable or storage is off (never throws). */
export function readDraft(organiserId: string, eventId: number, campaignId: number | null): CampaignForm | null {
  try {
    const raw = personal.get(key(organiserId, eventId, campaignId));
    const v = raw ? JSON.parse(raw) : null;
    return v && typeof v === 'object' && typeof v.title === 'string' ? (v as CampaignForm) : null;
  } catch {
    return null;
  }
}

/** Stores the draft; past the storage quota it retries without the logo, then gives up silently (never throws). */
export function writeDraft(organiserId: string, eventId: number, campaignId: number | null, form: CampaignForm): void {
  const k = key(organiserId, eventId, campaignId);
  try {
    personal.set(k, JSON.stringify(form));
  } catch {
    try {
      personal.set(k, JSON.stringify({ ...form, logo: '', logo_name: '' }));
    } catch {
      /* storage full or off: no draft */
    }
  }
}

/** Removes the draft and the version it was typed over (after a successful save); never throws. */
export function clearDraft(organiserId: string, eventId: number, campaignId: number | null): void {
  personal.remove(key(organiserId, eventId, campaignId));
  personal.remove(`${key(organiserId, eventId, campaignId)}:base`);
}

/** The version (ETag) of the campaign the edit draft was typed over, or null when none is kept (never throws). */
export function readDraftBase(organiserId: string, eventId: number, campaignId: number): string | null {
  try {
    return personal.get(`${key(organiserId, eventId, campaignId)}:base`) ?? null;
  } catch {
    return null;
  }
}

/** Keeps the version (ETag) an edit draft is typed over; never throws. */
export function writeDraftBase(organiserId: string, eventId: number, campaignId: number, etag: string): void {
  try {
    personal.set(`${key(organiserId, eventId, campaignId)}:base`, etag);
  } catch {
    /* storage full or off: no base, no warning on reopening */
  }
}
