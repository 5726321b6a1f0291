/**
 * What the campaign list, card and detail need to know of a campaign's kind and address, apart
 * from the campaign form (campaign-form-state.ts, loaded with the form): the kinds of
 * organiser-console §3 as [value, label], whether a kind searches photos, and the address preview.
 */

/** The campaign kinds of organiser-console §3, as [value, label]. */
export const CAMPAIGN_TYPES = [
  ['1', 'Image'],
  ['2', 'Video'],
  ['3', 'Conference'],
  ['4', 'PhotoApp'],
] as const;

/**
 * Whether a campaign of `campaignType` (1 Image, 2 Video, 3 Conference, 4 PhotoApp) searches
 * photos: every kind but Video (§2: a Video campaign gets uploaded videos, not photos), so only
 * those show and send the photo-search and BIB settings.
 */
export const searchesPhotos = (campaignType: string | number) => Number(campaignType) !== 2;

/** The live preview of the campaign's address: {subdomain}.{client app host} (§2, §4). */
export const subdomainPreview = (subdomain: string, host: string) => `${subdomain.trim().toLowerCase() || 'subdomain'}.${host}`;
