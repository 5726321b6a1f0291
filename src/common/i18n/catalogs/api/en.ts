/**
 * Messages only the API says (docs/languages.md "API messages", "Participants"): the coded
 * refusals added for the participant's gallery e-mail. No console script carries
 * their English (the server words its refusals itself); src/common/i18n/catalogs/index.ts holds
 * them with every other area for the API.
 */
export const apiEn = {
  'validation.timeZone': 'The time zone must be a known time zone name, such as Europe/London.',
  'error.unauthenticated': 'Unauthenticated.',
  'error.xsrf': 'CSRF token mismatch.',
  'error.credentials': 'These credentials do not match our records.',
  'error.loginThrottledSeconds': 'Too many login attempts. Please try again in {count, plural, one {# second} other {# seconds}}.',
  'error.loginThrottledMinutes': 'Too many login attempts. Please try again in {count, plural, one {# minute} other {# minutes}}.',
  'error.throttled': 'Too many requests. Please try again in {count, plural, one {# minute} other {# minutes}}.',
  'error.inactiveOrganiser': 'This organiser account is not active. Please contact the administrator.',
  'error.twoStepRequired': 'Your role requires two-step sign-in: turn it on in My account.',
  'error.gallerySold': "This event's photos are sold: buy them through the event's app.",
  'error.faceConsentNeeded': 'Face search needs your consent: agree to it first.',
  'error.faceSearchOff': 'Face search is not offered for this event.',
  'error.faceSearchClosed': 'Face search closed on {day}.',
  'error.faceDataErased': 'Your face data was erased on {day} at your request. Face search stays off for you at this event.',
  'error.noConsentToWithdraw': 'You have no consent in force to withdraw.',
  'error.importUndone': 'This import was already undone.',
  'error.ownAccount': 'You cannot delete your own account.',
  'validation.bibTaken': 'BIB {bib} is already a participant of this event.',
  'mail.gallery.subject': 'Your photos of {event} are ready',
  'mail.gallery.ready': 'Your photos of {event} are ready.',
  'mail.gallery.yours': 'The link below is yours alone: it opens your personal gallery.',
  'mail.gallery.button': 'See your photos',
} as const satisfies Record<string, string>;
