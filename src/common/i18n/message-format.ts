/**
 * Messages in the ICU MessageFormat subset the catalogs use (docs/languages.md "Writing a
 * message"), formatted with the platform's `Intl` (CLDR plural rules and number formats):
 *
 *   - `{name}`: a value (a number formatted for the locale, anything else as text);
 *   - `{count, number}`: a number formatted for the locale;
 *   - `{count, plural, =0 {No users} one {# user} other {# users}}`: the branch of the exact
 *     value (`=N`) or of the locale's plural category (`zero`, `one`, `two`, `few`, `many`,
 *     `other`; `other` is required), `#` being the count formatted for the locale;
 *   - `{kind, select, video {…} other {…}}`: the branch named by the value (`other` required);
 *   - quoting as ICU: `''` is one apostrophe, `'{…}'` keeps braces literal, a lone `'` is itself.
 *
 * A whole sentence is one message: no sentence is put together from fragments. Parsing throws
 * MessageSyntaxError (the catalog gate, test/unit/i18n-catalogs.test.ts, runs it on every message).
 * Pure: shared by the console and the API.
 */

/** A parsed message: literal text and arguments. */
export type MessagePart =
  | string
  | { arg: string; kind: 'value' | 'number' }
  | { arg: string; kind: 'plural' | 'select'; options: Record<string, MessagePart[]> }
  | { kind: 'pound' };

/** A message that is not valid in the subset above; `message` says where. */
export class MessageSyntaxError extends Error {}

const PLURAL_KEYS = /^(=\d+|zero|one|two|few|many|other)$/;

/** Parses `pattern` (throws MessageSyntaxError). */
export function parseMessage(pattern: string): MessagePart[] {
  let i = 0;
  const fail = (why: string): never => {
    throw new MessageSyntaxError(`${why} at ${i} in "${pattern}"`);
  };
  const space = () => {
    while (i < pattern.length && /\s/.test(pattern[i])) i++;
  };
  const word = () => {
    space();
    const m = /^[A-Za-z0-9_=]+/.exec(pattern.slice(i));
    if (!m) fail('a name was expected');
    i += m![0].length;
    space();
    return m![0];
  };
  /** Text and arguments up to the closing `}` of a branch (`inBranch`) or the end. */
  const parts = (inBranch: boolean, inPlural: boolean): MessagePart[] => {
    const out: MessagePart[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    while (i < pattern.length) {
      const ch = pattern[i];
      if (ch === "'") {
        if (pattern[i + 1] === "'") {
          text += "'";
          i += 2;
        } else if (pattern[i + 1] === '{' || pattern[i + 1] === '}' || (inPlural && pattern[i + 1] === '#')) {
          const end = pattern.indexOf("'", i + 1);
          if (end < 0) fail('an unclosed quote');
          text += pattern.slice(i + 1, end);
          i = end + 1;
        } else {
          text += "'";
          i++;
        }
      } else if (ch === '{') {
        flush();
        i++;
        out.push(argument());
      } else if (ch === '}') {
        if (!inBranch) fail('an unmatched }');
        break;
      } else if (ch === '#' && inPlural) {
        flush();
        out.push({ kind: 'pound' });
        i++;
      } else {
        text += ch;
        i++;
      }
    }
    flush();
    return out;
  };
  const argument = (): MessagePart => {
    const arg = word();
    if (pattern[i] === '}') {
      i++;
      return { arg, kind: 'value' };
    }
    if (pattern[i] !== ',') fail('"," or "}" was expected');
    i++;
    const kind = word();
    if (kind === 'number') {
      if (pattern[i] !== '}') fail('"}" was expected');
      i++;
      return { arg, kind: 'number' };
    }
    if (kind !== 'plural' && kind !== 'select') fail(`unknown argument type "${kind}"`);
    if (pattern[i] !== ',') fail('"," was expected');
    i++;
    const options: Record<string, MessagePart[]> = {};
    for (;;) {
      space();
      if (pattern[i] === '}') {
        i++;
        break;
      }
      const key = word();
      if (kind === 'plural' && !PLURAL_KEYS.test(key)) fail(`unknown plural category "${key}"`);
      if (pattern[i] !== '{') fail('"{" was expected');
      i++;
      options[key] = parts(true, kind === 'plural');
      if (pattern[i] !== '}') fail('an unclosed branch');
      i++;
    }
    if (!options.other) fail('an "other" branch is required');
    return { arg, kind: kind as 'plural' | 'select', options };
  };
  const result = parts(false, false);
  if (i < pattern.length) fail('unexpected text');
  return result;
}

/** The argument names `pattern` uses, sorted (the gate compares them across catalogs). */
export function messageArguments(pattern: string): string[] {
  const names = new Set<string>();
  const walk = (ps: MessagePart[]) => {
    for (const p of ps) {
      if (typeof p === 'string' || p.kind === 'pound') continue;
      names.add(p.arg);
      if ('options' in p) for (const branch of Object.values(p.options)) walk(branch);
    }
  };
  walk(parseMessage(pattern));
  return [...names].sort();
}

/** The values a message is formatted with. */
export type MessageValues = Record<string, string | number | null | undefined>;

const parsed = new Map<string, MessagePart[]>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormat = (locale: string) => {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale)));
  return f;
};
const pluralRule = (locale: string) => {
  let r = pluralRules.get(locale);
  if (!r) pluralRules.set(locale, (r = new Intl.PluralRules(locale)));
  return r;
};

/**
 * `pattern` formatted for `locale` with `values`. A missing value shows as an empty string; a
 * pattern that does not parse is shown as it is (the gate keeps such patterns out of catalogs).
 */
export function formatMessage(locale: string, pattern: string, values: MessageValues = {}): string {
  let ps = parsed.get(pattern);
  if (!ps) {
    try {
      ps = parseMessage(pattern);
    } catch {
      return pattern;
    }
    parsed.set(pattern, ps);
  }
  return render(locale, ps, values, null);
}

function render(locale: string, ps: MessagePart[], values: MessageValues, count: number | null): string {
  let out = '';
  for (const p of ps) {
    if (typeof p === 'string') out += p;
    else if (p.kind === 'pound') out += count === null ? '#' : numberFormat(locale).format(count);
    else {
      const v = values[p.arg];
      if (p.kind === 'value') out += typeof v === 'number' ? numberFormat(locale).format(v) : (v ?? '');
      else if (p.kind === 'number') out += numberFormat(locale).format(Number(v ?? 0));
      else if (p.kind === 'select') out += render(locale, p.options[String(v)] ?? p.options.other, values, count);
      else if (p.kind === 'plural') {
        const n = Number(v ?? 0);
        const branch = p.options[`=${n}`] ?? p.options[pluralRule(locale).select(n)] ?? p.options.other;
        out += render(locale, branch, values, n);
      }
    }
  }
  return out;
}
