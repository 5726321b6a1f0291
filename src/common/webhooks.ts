/**
 * Webhooks' plain rules, shared by the API and the console (docs/webhooks.md). Pure:
 * no DOM, no Node.
 */

/** The events an organiser's endpoint may receive: its own events' changes only. */
export const ORGANISER_WEBHOOK_EVENTS = [
  'event.created',
  'event.updated',
  'event.deleted',
  'booking.requested',
  'booking.decided',
  'participant.created',
  'participants.imported',
  'photos.imported',
  'gallery.viewed',
  'participant.bought',
  'import.undone',
] as const;
/** The events only an administrator's (platform) endpoint may receive, besides every organiser's events. */
export const PLATFORM_ONLY_WEBHOOK_EVENTS = ['user.created', 'user.deleted', 'organiser.created', 'settings.changed'] as const;
/** Every event type an endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [...ORGANISER_WEBHOOK_EVENTS, ...PLATFORM_ONLY_WEBHOOK_EVENTS] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** The type of the event "Send test event" sends (no subscription needed). */
export const TEST_EVENT = 'webhook.test';

/** The event types an endpoint of an organiser (`platform` false) or of the platform may receive. */
export const eventsFor = (platform: boolean): readonly WebhookEventType[] => (platform ? WEBHOOK_EVENTS : ORGANISER_WEBHOOK_EVENTS);

/** The signing secret's prefix (Standard Webhooks): `whsec_` then 32 random bytes in base64. */
export const SECRET_PREFIX = 'whsec_';
/** Longest endpoint URL, characters. */
export const WEBHOOK_URL_MAX = 2000;
/** Longest description, characters. */
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Most endpoints one owner (an organiser, or the platform) may have. */
export const WEBHOOKS_PER_OWNER = 20;

/**
 * When each attempt of a delivery is made, counted from the previous one (ms): at once, then 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 24 h, 24 h: ten attempts over about 3 days and 3 hours.
 * After the last failure the delivery is marked failed. A server may divide the waits (env
 * WEBHOOK_RETRY_DIVISOR, for tests).
 */
export const RETRY_SCHEDULE_MS = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, 86_400_000, 86_400_000] as const;
/** How long an endpoint may fail without a success in between before it is disabled (default, ms: 3 days). */
export const DISABLE_AFTER_MS = 3 * 86_400_000;
/** How long the previous secret keeps signing after a rotation (ms: 24 hours). */
export const OLD_SECRET_VALID_MS = 86_400_000;
/** The first bytes of an answer an attempt keeps. */
export const ANSWER_KEPT_BYTES = 1024;
/** Longest one attempt may take, connection to last byte (ms). */
export const ATTEMPT_TIMEOUT_MS = 15_000;

/** A delivery's state: waiting for its next attempt, delivered (a 2xx came), or failed (the schedule ran out). */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
