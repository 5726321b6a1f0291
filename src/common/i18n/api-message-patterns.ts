import type { Catalog } from './catalogs/en.ts';
import { API_MESSAGE_CODES, type ApiMessageCode } from './api-message-codes.ts';
import { type MessagePart, type MessageValues, parseMessage } from './message-format.ts';
import { SUCCESS_MESSAGE_CODES, type SuccessMessageCode } from './success-message-codes.ts';

/**
 * Reading an English API message back into its code and values: each code's English catalog
 * message compiled once into a pattern (apiMessageOf for every API message, successMessageOf the
 * cheap lookup for success messages). Pure; api-messages.ts says the found message again in another locale.
 */

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
