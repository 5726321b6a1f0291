import type { CampaignForm } from './campaign-form-state.ts';

/**
 * Drafts of the campaign form in localStorage, one per organiser, event and campaign ('new' for
 * Add), so a form closed or lost by a reload reopens as it was; a successful save clears it.
 * A draft that does not fit (a large logo past the storage quota) is kept without its logo.
 */
const key = (organiserId: string, eventId: number, campaignId: number | null) => `campaign-draft:${organiserId}:${eventId}:${campaignId ?? 'new'}`;

/** The stored draft of the campaign form (`campaignId` null for Add), or null when there is none, it is unreadable or storage is off (never throws). */
export function readDraft(organiserId: string, eventId: number, campaignId: number | null): CampaignForm | null {
  try {
    const raw = localStorage.getItem(key(organiserId, eventId, campaignId));
    const v = raw ? JSON.parse(raw) : null;
    return v && typeof v === 'object' && typeof v.title === 'string' ? (v as CampaignForm) : null;
  } catch {
    return null;
  }
}

/** Stores the draft; past the storage quota it retries without the logo, then gives up silently (never throws). */
export function writeDraft(organiserId: string, eventId: number, campaignId: number | null, form: CampaignForm): void {
  const k = key(organiserId, eventId, campaignId);
  try { localStorage.setItem(k, JSON.stringify(form)); }
  catch { try { localStorage.setItem(k, JSON.stringify({ ...form, logo: '', logo_name: '' })); } catch { /* storage full or off: no draft */ } }
}

/** Removes the draft (after a successful save); never throws. */
export const clearDraft = (organiserId: string, eventId: number, campaignId: number | null) => {
  try { localStorage.removeItem(key(organiserId, eventId, campaignId)); } catch { /* storage off */ }
};
