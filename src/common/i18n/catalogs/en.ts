import { adminEn } from './admin/en.ts';
import { organiserEn } from './organiser/en.ts';
import { campaignsEn } from './campaigns/en.ts';
import { accessEn } from './access/en.ts';

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
  'app.skipToContent': 'Skip to content',
  'app.mainMenu': 'Main menu',
  'app.version': 'Version {version}',
  'app.copyright': 'Copyright © 2020 Events Back-office. All rights reserved.',

  'nav.dashboard': 'Dashboard',
  'nav.backToConsole': 'Back to my console',
  'header.toggleMenu': 'Toggle menu',
  'header.theme': 'Theme',
  'header.myAccount': 'My account',
  'header.signOut': 'Sign out',
  'theme.system': 'System',
  'theme.light': 'Light',
  'theme.dark': 'Dark',

  'pager.label': 'Pages',
  'pager.previous': 'Previous',
  'pager.next': 'Next',
  'pager.page': 'Page {page}',

  'list.empty': 'Nothing here yet.',
  'list.failed': 'This list could not be loaded.',
  'list.retry': 'Retry',
  'list.reloadToRetry': 'Reload the page to try again.',
  'list.countExactly': 'Count exactly',
  'list.exportCsv': 'Export CSV',
  'list.all': 'All',
  'list.perPage': 'Per page',
  'list.noResultsFor': 'No results for “{query}”.',
  'list.noResultsFilters': 'No results for these filters.',
  'list.clearSearch': 'Clear search',
  'list.clearFilters': 'Clear filters',
  'list.results': '{count, plural, =0 {No results} one {# result} other {# results}}',

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

  'nav.home': 'Home',
  'action.save': 'Save',
  'account.title': 'My account',
  'account.profile': 'Profile',
  'account.name': 'Name',
  'account.email': 'Email',
  'account.changePassword': 'Change password',
  'account.currentPassword': 'Current password',
  'account.newPassword': 'New password',
  'account.retypePassword': 'Retype new password',
  'account.passwordHint': 'At least 8 characters with a digit, an upper-case and a lower-case letter. Your other sessions are signed out.',
  'account.sessions': 'Sessions',
  'account.signOutOthers': 'Sign out all other sessions',
  'account.browser': 'Browser',
  'account.system': 'System',
  'account.address': 'Address',
  'account.signedIn': 'Signed in',
  'account.signedInWith': 'Signed in with',
  'account.lastUsed': 'Last used',
  'account.action': 'Action',
  'account.thisBrowser': 'This browser',
  'account.signOut': 'Sign out',
  'account.signOutLabel': 'Sign out {browser} on {os}',
  'account.signOutOthersAsk': 'Sign out all {count} other sessions? Those browsers must sign in again.',
  'account.signOutOneAsk': 'Sign out {browser} on {os}? That browser must sign in again.',
  'action.edit': 'Edit',
  'action.delete': 'Delete',
  'action.editNamed': 'Edit {name}',
  'action.deleteNamed': 'Delete {name}',
  'action.close': 'Close',
  'app.breadcrumb': 'Breadcrumb',
  'app.notifications': 'Notifications',
  'list.serial': 'Sl.No',
  'list.actions': 'Actions',
  'list.selection': 'Selection',
  'list.clearSelection': 'Clear selection',
  'list.selectPage': 'Select all on this page',
  'list.justAdded': 'Just added',
  'list.justChanged': 'Just changed',
  'list.notOnPage': '(not on this page in this order)',
  'list.dismiss': 'Dismiss',
  'list.thisPage': 'This page',
  'organiser.menu': 'Organizer menu',
  'organiser.backToAdmin': 'Back to Admin',
  'organiser.nav.organisers': 'Organizer Profile',
  'organiser.nav.events': 'Events',
  'organiser.nav.working_days': 'Working Days',
  'organiser.nav.bookings': 'Bookings',
  'organiser.nav.activity': 'Activity',
  'organiser.viewing': 'Viewing: {name}',
  'organiser.fallbackName': 'organiser {id}',
  'organiser.backToOrganizers': 'Back to Organizers',
  'language.title': 'Language',
  'language.intro': 'The language of the console and of the e-mails sent to you. It follows you to every browser you sign in on.',
  'language.browser': 'As my browser ({language})',
  'language.save': 'Save language',
  'language.saved': 'Language saved.',
} as const satisfies Record<string, string>;

/** The English catalog: the shell's and shared messages (above) and each area's (./<area>/en.ts). */
export const en = { ...core, ...adminEn, ...organiserEn, ...campaignsEn, ...accessEn } as const;

/** A key of the catalogs. */
export type MessageKey = keyof typeof en;
/** A complete catalog: one message for every key of the English one. */
export type Catalog = Record<MessageKey, string>;
