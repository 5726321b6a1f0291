import type { adminEn } from './admin/en.ts';
import type { organiserEn } from './organiser/en.ts';
import type { participantsEn } from './participants/en.ts';
import type { campaignsEn } from './campaigns/en.ts';
import type { editorEn } from './editor/en.ts';
import type { accessEn } from './access/en.ts';
import type { shellEn } from './shell/en.ts';
import type { galleryEn } from './gallery/en.ts';
import type { securityEn } from './security/en.ts';
import type { activityEn } from './activity/en.ts';
import type { liveEn } from './live/en.ts';
import type { leasesEn } from './leases/en.ts';
import type { apiEn } from './api/en.ts';
import type { tokensEn } from './tokens/en.ts';
import type { webhooksEn } from './webhooks/en.ts';
import type { insightsEn } from './insights/en.ts';
import type { reportsEn } from './reports/en.ts';
import type { sweepEn } from './sweep/en.ts';

/**
 * The English catalog: the source of every other (docs/languages.md). Its texts are the spec's to
 * the letter (admin-area.md, organiser-console.md). A key names where a text is shown
 * (`area.what`); a value is one whole message in the subset of i18n/message-format.ts. Every
 * other catalog has exactly these keys (the type below makes tsc say which one is missing) and
 * the same arguments in each message (test/unit/i18n-catalogs.test.ts).
 */
const core = {
  'app.brand': 'Events Back-office',
  'app.loading': 'Loading…',

  'login.title': 'Sign in',
  'login.morning': 'Good Morning',
  'login.afternoon': 'Good Afternoon',
  'login.evening': 'Good Evening',
  'login.intro': 'Sign in to start your session',
  'login.email': 'Email',
  'login.password': 'Password',
  'login.remember': 'Remember Me',
  'login.forgot': 'Forgot password?',
  'login.submit': 'Sign In',
  'login.submitting': 'Signing In…',
  'login.wrong': 'The e-mail or password is not right.',
  'login.sessionEnded': 'You were signed out on another device or your session ended.',
  'login.register': 'Register a new membership',
  'login.language': 'Language',
  'login.passkeySiteLabel': 'Passkeys on this address',
  'login.usePasskey': 'Use a passkey',
  'login.twoStepTitle': 'Two-step sign-in',
  'login.passkeyNotHere': 'Your passkey cannot be used on this address.',
  'login.confirmPasskey': 'Confirm with your passkey.',
  'login.enterRecovery': 'Enter one of your recovery codes.',
  'login.enterCode': 'Enter the code from your authenticator app.',
  'login.recoveryCode': 'Recovery code',
  'login.authCode': 'Authentication code',
  'login.useApp': 'Use your authenticator app',
  'login.useRecovery': 'Use a recovery code',
  'login.startOver': 'Start over',
  'login.passkeyFailed': 'The passkey could not be used.',
  'login.passkeyFailedWhy': 'The passkey could not be used: {reason}.',

  'app.notifications': 'Notifications',
  'error.invalid': 'The given data was invalid.',
  'error.tooLarge': 'The request is too large.',
  'error.notAllowed': 'You are not allowed to do this.',
  'validation.required': 'The {field} field is required.',
  'validation.email': 'The {field} must be a valid email address.',
  'validation.max': 'The {field} may not be greater than {max} characters.',
  'validation.min': 'The {field} must be at least {min} characters.',
  'validation.oneOf': 'The selected {field} is invalid.',
  'validation.integer': 'The {field} must be an integer.',
  'validation.number': 'The {field} must be a number.',
  'validation.date': 'The {field} is not a valid date.',
  'validation.idList': 'The {field} must be a JSON list of ids.',
  'validation.taken': 'The {field} has already been taken.',
  'error.notFound': '{what} not found.',
  'feedback.generic': 'Something went wrong. Please try again or contact customer care for help.',
  'http.unreachable': 'The server could not be reached. Check your connection and try again.',
  'http.timeout': 'The server did not answer within {seconds} seconds. Check your connection and try again.',
  'http.offline': 'You are offline. Check your connection, then try again.',
  'nav.denied': 'You do not have access to {route}, so you are back on the dashboard.',
  'feedback.checkDetails': 'Please check the details you entered and try again.',
  'form.whoops': 'Whoops..!!!',
  'form.required': 'Please fill {field}.',
  'form.email': 'Please enter a valid email address.',
  'form.textOnly': 'Only alphabets, space and dot are allowed in {field}.',
  'form.numbersOnly': 'Only numbers are allowed in {field}.',
  'form.selectAny': 'Please select any {field}.',
  'form.length': '{field} should have minimum length should be {min} and maximum length should be {max}.',
  'form.selectThe': 'Please select the {field}.',
  'validation.password': 'The password must be at least 8 characters long and contain a digit, an upper-case and a lower-case letter.',
} as const satisfies Record<string, string>;

/**
 * The shell's and shared English messages: what the console's sign-in script carries. Each
 * area's English (./<area>/en.ts) comes with the first console module that uses it
 * (src/lib/messages/<area>.ts); the whole English catalog, for the API process and the tests, is
 * `en` in ./index.ts.
 */
export const coreEn = core;

/** A key of the catalogs: the shell's and every area's. */
export type MessageKey =
  | keyof typeof core
  | keyof typeof adminEn
  | keyof typeof organiserEn
  | keyof typeof participantsEn
  | keyof typeof campaignsEn
  | keyof typeof editorEn
  | keyof typeof accessEn
  | keyof typeof shellEn
  | keyof typeof galleryEn
  | keyof typeof securityEn
  | keyof typeof activityEn
  | keyof typeof liveEn
  | keyof typeof leasesEn
  | keyof typeof apiEn
  | keyof typeof tokensEn
  | keyof typeof webhooksEn
  | keyof typeof insightsEn
  | keyof typeof reportsEn
  | keyof typeof sweepEn;
/** A complete catalog: one message for every key of the English one. */
export type Catalog = Record<MessageKey, string>;
