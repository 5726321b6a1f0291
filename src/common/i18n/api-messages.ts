import type { Catalog, MessageKey } from './catalogs/en.ts';
import { formatMessage, parseMessage, type MessagePart, type MessageValues } from './message-format.ts';

/**
 * The API's refusal messages in the caller's language, with a stable machine `code`
 * (docs/languages.md "API messages"). The API words its refusals in English (the spec's Laravel
 * wording); the messages listed here have a catalog key, which is their code. An English message
 * is recognised by its catalog pattern (`The {field} field is required.` matches "The name field
 * is required.", with field = "name"; a plural matches each of its English branches, `#` being
 * the count) and said again in another locale with the same values.
 * A message no pattern matches keeps its English text and has no code. Pure: the API uses it
 * (server/http/error-envelope.ts); the OpenAPI document lists the codes.
 */

/**
 * The codes of the API's success messages (catalogs/api/success/): a 2xx answer's `message` and an
 * import job's done or failed words. They are API messages like the refusals (API_MESSAGE_CODES
 * lists them too, so apiMessageOf recognises them), and successMessageOf finds them cheaply.
 */
export const SUCCESS_MESSAGE_CODES = [
  'success.roleCreated',
  'success.roleUpdated',
  'success.roleDeleted',
  'success.menuCreated',
  'success.menuUpdated',
  'success.menuDeleted',
  'success.permissionCreated',
  'success.permissionUpdated',
  'success.permissionDeleted',
  'success.userCreated',
  'success.userUpdated',
  'success.userDeleted',
  'success.userInvited',
  'success.organiserCreated',
  'success.organiserUpdated',
  'success.organiserDeleted',
  'success.organiserInvited',
  'success.invitationAgain',
  'success.eventCreated',
  'success.eventUpdated',
  'success.eventDeleted',
  'success.recognitionEventDeleted',
  'success.paymentSaved',
  'success.bibFilterSaved',
  'success.workingDaysUpdated',
  'success.templateSaved',
  'success.templateDeleted',
  'success.bookingAccepted',
  'success.bookingRejected',
  'success.bookingsAccepted',
  'success.bookingsRejected',
  'success.companySettingsUpdated',
  'success.emailSettingsUpdated',
  'success.settingsUpdated',
  'success.testMailSent',
  'success.campaignCreated',
  'success.campaignUpdated',
  'success.campaignDeleted',
  'success.speakerConverted',
  'success.participantAdded',
  'success.videoAccepted',
  'success.videoRejected',
  'success.videosAccepted',
  'success.videosRejected',
  'success.closedDateAdded',
  'success.closedDateRemoved',
  'success.webhookCreated',
  'success.webhookUpdated',
  'success.webhookDeleted',
  'success.recordsDeleted',
  'success.importStarted',
  'success.uploadStarted',
  'success.usersImported',
  'success.photosUploaded',
  'success.participantsImported',
  'success.photosCleared',
  'success.usersImportUndone',
  'success.photosImportUndone',
  'success.participantsImportUndone',
  'success.tokenMade',
  'success.tokenRevoked',
  'success.reportSaved',
  'success.reportPaused',
  'success.reportActive',
  'success.reportDeleted',
  'success.languageSaved',
  'success.timeZoneSaved',
  'success.nameSaved',
  'success.erasureRecorded',
  'success.consentWithdrawn',
  'success.faceDataErased',
  'success.signedIn',
  'success.signedOut',
  'success.sessionSignedOut',
  'success.otherSessionsOut',
  'success.enterSecondStep',
  'success.resetSent',
  'success.passwordSet',
  'success.passwordChanged',
  'success.passwordChangedOthersOut',
  'success.passwordChangedTwoStep',
  'success.codesUnlocked',
  'success.totpScan',
  'success.totpReplaceScan',
  'success.totpOn',
  'success.recoveryCodesMade',
  'success.totpOff',
  'success.passkeyAdded',
  'success.passkeyRemoved',
  'success.twoStepReset',
  'success.codesUnlockedFor',
  'success.faceSearchSaved',
  'success.downloadReady',
  'success.downloadsReady',
  'success.faceConsentGiven',
  'success.webhookTestQueued',
  'success.deliveryReplayed',
  'success.passwordChangedPasskeys',
  'success.passwordChangedOthersOutPasskeys',
  'success.otherSessionsOutPasskeys',
  'success.pageCreated',
  'success.pageUpdated',
  'success.pageDeleted',
  'error.importInterrupted',
  'error.importFailed',
] as const satisfies readonly MessageKey[];

/** The catalog keys of API messages, which are also their codes: the refusals', then the success messages'. */
export const API_MESSAGE_CODES = [
  'error.invalid',
  'error.tooLarge',
  'error.notAllowed',
  'error.notFound',
  'validation.required',
  'validation.email',
  'validation.max',
  'validation.min',
  'validation.oneOf',
  'validation.integer',
  'validation.number',
  'validation.date',
  'validation.idList',
  'validation.taken',
  'validation.timeZone',
  'error.unauthenticated',
  'error.xsrf',
  'error.credentials',
  'error.loginThrottledSeconds',
  'error.loginThrottledMinutes',
  'error.throttled',
  'error.inactiveOrganiser',
  'error.twoStepRequired',
  'error.gallerySold',
  'error.faceConsentNeeded',
  'error.faceSearchOff',
  'error.faceSearchClosed',
  'error.faceDataErased',
  'error.noConsentToWithdraw',
  'error.importUndone',
  'error.ownAccount',
  'validation.bibTaken',
  'error.noPermission',
  'error.organiserNotYours',
  'error.adminRoleAccess',
  'error.ownRoleGrants',
  'error.permissionNotHeld',
  'error.roleNotAccessible',
  'error.ownRoleMenus',
  'error.adminRoleMenus',
  'error.menuNotHeld',
  'error.ownRoleDelete',
  'error.ownRoleTwoStep',
  'validation.builtInRoleName',
  'error.builtInRoleDelete',
  'error.builtInPermission',
  'error.ownRole',
  'error.roleNotManaged',
  'error.organiserUsers',
  'error.codeWrong',
  'error.codeJustUsed',
  'error.signInExpired',
  'error.codesLocked',
  'error.unlockLinkUsed',
  'error.unlockLinkExpired',
  'error.unlockLinkInvalid',
  'error.totpAlreadyOn',
  'error.totpNotOn',
  'error.startReplaceFirst',
  'error.startTurnOnFirst',
  'error.recoveryNeedsFactor',
  'validation.passwordWrong',
  'validation.currentPasswordWrong',
  'validation.confirmOwner',
  'validation.confirmOwnerWithCode',
  'error.adminTwoStepOnly',
  'error.codesNotLocked',
  'error.twoStepKeyMissing',
  'error.twoStepKeyChanged',
  'validation.notPasskeyAnswer',
  'error.passkeyRefused',
  'validation.passkeyRegistered',
  'validation.tokenExpiryPast',
  'validation.tokenExpiryFar',
  'error.tooManyTokens',
  'error.notByToken',
  'error.tokenScope',
  'error.webhooksWho',
  'validation.webhookEvents',
  'error.webhookKeyMissing',
  'error.webhookKeyChanged',
  'error.webhookRedirect',
  'error.webhookAnswered',
  'error.webhookNoAnswer',
  'error.webhookConnRefused',
  'error.webhookTls',
  'error.webhookConnect',
  'error.webhookSecretUnreadable',
  'validation.tooManyWebhooks',
  'validation.urlInvalid',
  'validation.urlCredentials',
  'validation.urlHttps',
  'validation.urlRefused',
  'validation.hostSlow',
  'validation.hostUnknown',
  'validation.sheetKind',
  'validation.sheetTooLarge',
  'validation.sheetEmpty',
  'validation.sheetTooManyRows',
  'validation.sheetMissingColumns',
  'validation.sheetExtraColumns',
  'validation.row',
  'validation.moreRowProblems',
  'validation.moreProblems',
  'validation.bibRepeated',
  'validation.emailInvalid',
  'validation.emailRepeated',
  'validation.emailTaken',
  'validation.password',
  'validation.roleUnknown',
  'validation.roleNotGiven',
  'validation.url',
  'validation.string',
  'validation.boolean',
  'validation.lineBreaks',
  'validation.controlCharacters',
  'validation.charactersNotAllowed',
  'validation.json',
  'validation.between',
  'validation.days',
  'validation.subdomain',
  'validation.endAfterStart',
  'validation.imageDataUrl',
  'validation.imageTooLarge',
  'validation.imageType',
  'error.videoLive',
  'error.smtpPasswordKey',
  'validation.tooManySchedules',
  'error.smtpFillFirst',
  'error.notFoundPlain',
  'error.importNotFinished',
  'error.bookingNotRequested',
  'error.bookingsNotRequested',
  'error.quotaAdminOnly',
  'error.emailSettingsAdminOnly',
  'error.reportsWho',
  'validation.deleteImpactOne',
  'validation.settingsNothing',
  'error.bookingsClosedDate',
  'error.bookingClosedDate',
  'error.templatesImageOnly',
  'validation.smtpAddress',
  'error.xsrfMalformed',
  'validation.idsRequired',
  'validation.idsMax',
  'error.recognitionFailed',
  'error.recognitionNoEvent',
  'error.recognitionUnreachable',
  'error.recognitionSlow',
  'error.recognitionRefused',
  'error.recognitionToken',
  'error.bodyUnreadable',
  'error.busy',
  'error.restarting',
  'error.stopping',
  'error.dateClosed',
  'error.importNotUndoable',
  'error.passwordChosen',
  'error.alreadySpeaker',
  'error.tooManyStreams',
  'error.testMailThrottled',
  'validation.smtpPasswordUnreadable',
  'validation.smtpPasswordNeeded',
  'validation.smtpCredentials',
  'validation.smtpAuthNeeded',
  'validation.smtpStartTls',
  'validation.smtpTls',
  'validation.smtpSlow',
  'validation.smtpNotSmtp',
  'validation.smtpPortClosed',
  'validation.smtpConnect',
  'validation.smtpHeader',
  'validation.smtpAddressRefused',
  'validation.smtpRefused',
  'error.mailNotSentYet',
  'error.mailHeld',
  'validation.sheetExtraPhotoColumns',
  'validation.photoBidEmpty',
  'validation.photoBidLong',
  'validation.photoLinkEmpty',
  'validation.photoLinkInvalid',
  'validation.photoLinkInsecure',
  'validation.photoOrientation',
  'error.leaseHeld',
  'error.leaseHeldUnknown',
  ...SUCCESS_MESSAGE_CODES,
] as const satisfies readonly MessageKey[];
export type ApiMessageCode = (typeof API_MESSAGE_CODES)[number];

/** One capturing group of a pattern: the argument it gives, a number (a plural's `#`) or text, or a select's branch (`literal`). */
interface Group {
  name: string;
  numeric: boolean;
  literal?: string;
  /** The count a plural's `one` branch without `#` stands for ("Your passkey still signs" -> 1). */
  count?: number;
}
interface Pattern {
  code: ApiMessageCode;
  re: RegExp;
  groups: Group[];
  literal: number;
}
let patterns: Pattern[] | null = null;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A count as the API writes it: digits, maybe grouped by commas (`50,000`). */
const NUMBER = '(\\d{1,3}(?:,\\d{3})+|\\d+)';

/**
 * The regular expression source of parsed English message `parts`, each group noted in `groups`:
 * `{name}` matches any text, `{n, number}` and a plural's `#` digits, a plural or select one of its
 * branches (a select's branch in a group of its own, so the match tells which; so is a plural's
 * `one` branch without `#`, which gives the count 1). `plural` is the
 * argument `#` stands for inside a plural branch.
 */
function sourceOf(parts: MessagePart[], groups: Group[], plural?: string): string {
  return parts
    .map((p) => {
      if (typeof p === 'string') return escapeRegex(p);
      if (p.kind === 'pound') {
        groups.push({ name: plural ?? '', numeric: true });
        return NUMBER;
      }
      if (!('options' in p)) {
        groups.push({ name: p.arg, numeric: p.kind === 'number' });
        return p.kind === 'number' ? NUMBER : '(.+?)';
      }
      const branches = Object.entries(p.options).map(([key, branch]) => {
        if (p.kind === 'plural' && (key === 'one' || key === '=1') && branch.every((b) => typeof b === 'string')) {
          groups.push({ name: p.arg, numeric: true, count: 1 });
          return `(${sourceOf(branch, groups)})`;
        }
        if (p.kind === 'plural') return sourceOf(branch, groups, p.arg);
        groups.push({ name: p.arg, numeric: false, literal: key });
        return `(${sourceOf(branch, groups, plural)})`;
      });
      return `(?:${branches.join('|')})`;
    })
    .join('');
}

/** How many characters of `parts` are words rather than arguments (top level): the more, the more particular the pattern. */
const literalLength = (parts: MessagePart[]) => parts.reduce((n, p) => n + (typeof p === 'string' ? p.length : 0), 0);

/**
 * The English patterns, compiled once from `en` (sourceOf), the most particular first: "The email
 * {email} has already been taken." is tried before "The {field} has already been taken.".
 */
function compiled(en: Catalog): Pattern[] {
  if (!patterns)
    patterns = API_MESSAGE_CODES.map((code) => {
      const groups: Group[] = [];
      const parts = parseMessage(en[code]);
      const source = sourceOf(parts, groups);
      return { code, re: new RegExp(`^${source}$`), groups, literal: literalLength(parts) };
    }).sort((a, b) => b.literal - a.literal);
  return patterns;
}

/** The code and values of English API message `text`, or null when it has none. Texts longer than 2,000 characters are not read. */
export function apiMessageOf(en: Catalog, text: string): { code: ApiMessageCode; values: MessageValues } | null {
  if (text.length > 2000) return null;
  for (const p of compiled(en)) {
    const m = p.re.exec(text);
    if (!m) continue;
    return { code: p.code, values: valuesOf(p, m) };
  }
  return null;
}

/** The values pattern `p`'s match `m` gives: a number's digits as a number, a select's branch as its key. */
function valuesOf(p: Pattern, m: RegExpExecArray): MessageValues {
  const values: MessageValues = {};
  p.groups.forEach((g, i) => {
    const got = m[i + 1];
    if (got === undefined || g.name in values) return;
    values[g.name] = g.count ?? g.literal ?? (g.numeric ? Number(got.replaceAll(',', '')) : got);
  });
  return values;
}

export type SuccessMessageCode = (typeof SUCCESS_MESSAGE_CODES)[number];
/** The success messages as successMessageOf reads them: a text without arguments by a map, the others by pattern, each with the words it starts with. */
interface SuccessIndex {
  exact: Map<string, SuccessMessageCode>;
  patterns: (Pattern & { head: string })[];
}
let successes: SuccessIndex | null = null;

/** The success messages' index, built once from `en`: most are fixed sentences ("Role created successfully."). */
function successIndex(en: Catalog): SuccessIndex {
  if (successes) return successes;
  const exact = new Map<string, SuccessMessageCode>();
  const list: SuccessIndex['patterns'] = [];
  for (const code of SUCCESS_MESSAGE_CODES) {
    const parts = parseMessage(en[code]);
    if (parts.every((p) => typeof p === 'string')) {
      exact.set(parts.join(''), code);
      continue;
    }
    const groups: Group[] = [];
    const source = sourceOf(parts, groups);
    const head = typeof parts[0] === 'string' ? parts[0] : '';
    list.push({ code, re: new RegExp(`^${source}$`), groups, literal: literalLength(parts), head });
  }
  successes = { exact, patterns: list.sort((a, b) => b.literal - a.literal) };
  return successes;
}

/**
 * The code and values of English success message `text` (a 2xx answer's `message`, an import
 * job's words), or null when it has none or is empty. Cheap, as it runs on every write's answer: a
 * map lookup for a fixed sentence, else the few patterns with arguments whose first words `text`
 * starts with; nothing is compiled per call.
 */
export function successMessageOf(en: Catalog, text: string): { code: SuccessMessageCode; values: MessageValues } | null {
  if (!text || text.length > 2000) return null;
  const index = successIndex(en);
  const code = index.exact.get(text);
  if (code) return { code, values: {} };
  for (const p of index.patterns) {
    if (!text.startsWith(p.head)) continue;
    const m = p.re.exec(text);
    if (m) return { code: p.code as SuccessMessageCode, values: valuesOf(p, m) };
  }
  return null;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * Calendar day `day` (YYYY-MM-DD, as the API's fields keep it) as the reader of `locale` reads
 * it, the console's way (lib/i18n.ts formatDay: Intl, medium date): '2026-06-01' -> 'Jun 1, 2026'
 * in English, '1 juin 2026' in French.
 */
function dayIn(locale: string, day: string): string {
  const [, y, m, d] = ISO_DAY.exec(day) ?? [];
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(Number(y), Number(m) - 1, Number(d)));
}

/**
 * The sentences of a sheet row's problem ("The name field is required. The email field is
 * required." from the user import), each said in `locale` when it has a code, else kept in English.
 */
function rowProblem(en: Catalog, locale: string, catalog: Catalog, problem: string): string {
  return problem
    .split(/(?<=\.)\s+(?=[A-Z"\u2026])/)
    .map((sentence) =>
      apiMessageOf(en, sentence) ? localiseApiMessage(en, locale, catalog, sentence).text : (photoParts(en, locale, catalog, sentence) ?? sentence),
    )
    .join(' ');
}

/** How a locale joins clauses of one sentence where English writes '; '. */
const CLAUSES: Record<string, string> = { fr: ' ; ', ar: '؛ ' };

/**
 * A photo sheet row's problem, "bid_number is empty; orientation must be portrait or landscape."
 * (common/sheet-rules.ts photoRowProblem), part by part in `locale`, joined as the locale joins
 * clauses (CLAUSES: '; ', French ' ; ', Arabic '؛ '); null when a part has no code (the sentence then stays English). A
 * part may hold '; ' itself (the http:// link's), so two pieces are tried together first.
 */
function photoParts(en: Catalog, locale: string, catalog: Catalog, sentence: string): string | null {
  if (!sentence.endsWith('.')) return null;
  const pieces = sentence.slice(0, -1).split('; ');
  const said: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const pair = i + 1 < pieces.length ? `${pieces[i]}; ${pieces[i + 1]}` : '';
    const whole = pair && apiMessageOf(en, pair)?.code === 'validation.photoLinkInsecure' ? pair : pieces[i];
    if (whole === pair) i++;
    const found = apiMessageOf(en, whole);
    if (!found?.code.startsWith('validation.photo')) return null;
    said.push(formatMessage(locale, catalog[found.code], found.values));
  }
  return `${said.join(CLAUSES[locale] ?? '; ')}.`;
}

let actions: Map<string, MessageKey> | null = null;
/**
 * The action of a refusal "You do not have the permission to {action}." (http/middleware/auth.ts
 * requireAbility: ability `users.delete` -> 'delete users') in `catalog`'s words, from its
 * `ability.<key>` message ('supprimer des utilisateurs' in French); an action no ability names stays as it is.
 */
function actionIn(en: Catalog, catalog: Catalog, action: string): string {
  actions ??= new Map(
    Object.entries(en)
      .filter(([key]) => key.startsWith('ability.'))
      .map(([key, words]) => [words, key as MessageKey]),
  );
  const key = actions.get(action);
  return key ? catalog[key] : action;
}

/**
 * `text` (an English API message) in `catalog`'s locale `locale`, with its code (null: no code; the
 * text stays English). A sheet's "Row 7: <problem>" (code `validation.row`) says its problem in the
 * locale too, sentence by sentence. A calendar day inside a message (a `{day}`, YYYY-MM-DD as the
 * server words it) is written the reader's way in every locale, English included; the answer's
 * fields keep it as YYYY-MM-DD. The action a permission refusal names is said in the locale too (actionIn).
 */
export function localiseApiMessage(en: Catalog, locale: string, catalog: Catalog, text: string): { text: string; code: ApiMessageCode | null } {
  const found = apiMessageOf(en, text);
  if (!found) return { text, code: null };
  const day = found.values.day;
  const dated = typeof day === 'string' && ISO_DAY.test(day);
  if (locale === 'en' && !dated) return { text, code: found.code };
  const values = { ...found.values };
  if (dated) values.day = dayIn(locale, day);
  if (found.code === 'validation.row') values.problem = rowProblem(en, locale, catalog, String(found.values.problem));
  if (found.code === 'error.noPermission') values.action = actionIn(en, catalog, String(found.values.action));
  return { text: formatMessage(locale, catalog[found.code], values), code: found.code };
}
