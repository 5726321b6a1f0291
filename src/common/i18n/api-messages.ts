import type { Catalog, MessageKey } from './catalogs/en.ts';
import { formatMessage, type MessageValues } from './message-format.ts';

/**
 * The API's refusal messages in the caller's language, with a stable machine `code`
 * (docs/languages.md "API messages"). The API words its refusals in English (the spec's Laravel
 * wording); the messages listed here have a catalog key, which is their code. An English message
 * is recognised by its catalog pattern (`The {field} field is required.` matches "The name field
 * is required.", with field = "name") and said again in another locale with the same values.
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
] as const satisfies readonly MessageKey[];
export type ApiMessageCode = (typeof API_MESSAGE_CODES)[number];

interface Pattern {
  code: ApiMessageCode;
  re: RegExp;
  names: string[];
}
let patterns: Pattern[] | null = null;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English patterns, compiled once from `en`: `{name}` matches any text. */
function compiled(en: Catalog): Pattern[] {
  if (!patterns)
    patterns = API_MESSAGE_CODES.map((code) => {
      const names: string[] = [];
      const source = en[code]
        .split(/\{(\w+)\}/)
        .map((part, i) => {
          if (i % 2 === 0) return escapeRegex(part);
          names.push(part);
          return '(.+?)';
        })
        .join('');
      return { code, re: new RegExp(`^${source}$`), names };
    });
  return patterns;
}

/** The code and values of English API message `text`, or null when it has none. Texts longer than 2,000 characters are not read. */
export function apiMessageOf(en: Catalog, text: string): { code: ApiMessageCode; values: MessageValues } | null {
  if (text.length > 2000) return null;
  for (const p of compiled(en)) {
    const m = p.re.exec(text);
    if (m) return { code: p.code, values: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]])) };
  }
  return null;
}

/** `text` (an English API message) in `catalog`'s locale `locale`, with its code (null: no code; the text stays English). */
export function localiseApiMessage(en: Catalog, locale: string, catalog: Catalog, text: string): { text: string; code: ApiMessageCode | null } {
  const found = apiMessageOf(en, text);
  if (!found) return { text, code: null };
  return { text: locale === 'en' ? text : formatMessage(locale, catalog[found.code], found.values), code: found.code };
}
