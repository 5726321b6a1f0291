/**
 * The campaign's two addresses (organiser-console §4 "Event link form", template wizard "Done"),
 * one rule for the console's form, the campaign detail, the template wizard and the API.
 */

/** A subdomain label: letters, digits and dashes, not starting or ending with a dash. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** A DNS label holds at most 63 characters (RFC 1035), so a longer subdomain can never resolve. */
export const SUBDOMAIN_MAX_LENGTH = 63;

/** True when `value` is a string that is a subdomain label (case-insensitive, not trimmed, at most 63 characters). */
export const isSubdomain = (value: unknown): boolean => typeof value === 'string' && value.length <= SUBDOMAIN_MAX_LENGTH && SUBDOMAIN_PATTERN.test(value);

/**
 * The client app's sign-in link for a campaign: `{base}/login?event_name=…&campaign_name=…`,
 * a trailing slash of `base` dropped, names URL-encoded.
 *
 * appLink('https://app.example/', 'City Run', 'Photos')
 *   -> 'https://app.example/login?event_name=City%20Run&campaign_name=Photos'
 */
export const appLink = (base: string, eventName: string, campaignName: string): string =>
  `${base.replace(/\/$/, '')}/login?event_name=${encodeURIComponent(eventName)}&campaign_name=${encodeURIComponent(campaignName)}`;
