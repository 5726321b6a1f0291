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

/** The catalog keys of API messages, which are also their codes. */
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
] as const satisfies readonly MessageKey[];
export type ApiMessageCode = (typeof API_MESSAGE_CODES)[number];

/** One capturing group of a pattern: the argument it gives, a number (a plural's `#`) or text, or a select's branch (`literal`). */
interface Group {
  name: string;
  numeric: boolean;
  literal?: string;
}
interface Pattern {
  code: ApiMessageCode;
  re: RegExp;
  groups: Group[];
}
let patterns: Pattern[] | null = null;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The regular expression source of parsed English message `parts`, each group noted in `groups`:
 * `{name}` matches any text, `{n, number}` and a plural's `#` digits, a plural or select one of its
 * branches (a select's branch in a group of its own, so the match tells which). `plural` is the
 * argument `#` stands for inside a plural branch.
 */
function sourceOf(parts: MessagePart[], groups: Group[], plural?: string): string {
  return parts
    .map((p) => {
      if (typeof p === 'string') return escapeRegex(p);
      if (p.kind === 'pound') {
        groups.push({ name: plural ?? '', numeric: true });
        return '(\\d+)';
      }
      if (!('options' in p)) {
        groups.push({ name: p.arg, numeric: p.kind === 'number' });
        return p.kind === 'number' ? '(\\d+)' : '(.+?)';
      }
      const branches = Object.entries(p.options).map(([key, branch]) => {
        if (p.kind === 'plural') return sourceOf(branch, groups, p.arg);
        groups.push({ name: p.arg, numeric: false, literal: key });
        return `(${sourceOf(branch, groups, plural)})`;
      });
      return `(?:${branches.join('|')})`;
    })
    .join('');
}

/** The English patterns, compiled once from `en` (sourceOf). */
function compiled(en: Catalog): Pattern[] {
  if (!patterns)
    patterns = API_MESSAGE_CODES.map((code) => {
      const groups: Group[] = [];
      const source = sourceOf(parseMessage(en[code]), groups);
      return { code, re: new RegExp(`^${source}$`), groups };
    });
  return patterns;
}

/** The code and values of English API message `text`, or null when it has none. Texts longer than 2,000 characters are not read. */
export function apiMessageOf(en: Catalog, text: string): { code: ApiMessageCode; values: MessageValues } | null {
  if (text.length > 2000) return null;
  for (const p of compiled(en)) {
    const m = p.re.exec(text);
    if (!m) continue;
    const values: MessageValues = {};
    p.groups.forEach((g, i) => {
      const got = m[i + 1];
      if (got === undefined || g.name in values) return;
      values[g.name] = g.literal ?? (g.numeric ? Number(got) : got);
    });
    return { code: p.code, values };
  }
  return null;
}

/** `text` (an English API message) in `catalog`'s locale `locale`, with its code (null: no code; the text stays English). */
export function localiseApiMessage(en: Catalog, locale: string, catalog: Catalog, text: string): { text: string; code: ApiMessageCode | null } {
  const found = apiMessageOf(en, text);
  if (!found) return { text, code: null };
  return { text: locale === 'en' ? text : formatMessage(locale, catalog[found.code], found.values), code: found.code };
}
