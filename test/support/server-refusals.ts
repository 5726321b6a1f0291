import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The English refusal texts the API's source words (docs/languages.md "The gate"): each call
 * that makes a refusal (`new Refused(…)`, `new Invalid({ f: [...] })`, `new Conflict(…)`,
 * `new NotFound('Role')`, `new ApiError(4xx, …)`, `forbidden(…)`, a sheet's row problem `errors.add(row, …)`
 * (its problem alone: the row's frame is validation.row), …)
 * in server/ and src/common/ (but i18n/, whose own errors are a catalog's syntax), comment lines skipped, with its string literals and the UPPER_CASE string constants it
 * names (resolved across the scanned files). A template literal's `${…}` reads as "7", which a
 * catalog pattern's `{name}` or number matches. A text built by a function is not seen here: the
 * unit test api-messages checks those by calling them.
 *
 * Returns { file, line, text } per text found; file is relative to the repository.
 */
export interface RefusalText {
  file: string;
  line: number;
  text: string;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIRS = ['server', 'src/common'];
const SKIP = /(^|\/)(migrations|dist|node_modules|i18n)(\/|$)|\.d\.ts$/;
const CALL =
  /\b(new (?:Refused|Invalid|Conflict|NotFound|Busy|Unauthenticated|UpstreamFailed|ApiError)|forbidden|notFound|errors\.add|fail|validationError)\(/g;
const CONST = /(?:^|\n)\s*(?:export )?const ([A-Z][A-Z0-9_]+)\s*=\s*(?:\n\s*)?(['"`])((?:\\.|(?!\2)[^\\])*)\2\s*;/g;

function files(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (SKIP.test(rel)) continue;
    if (e.isDirectory()) files(rel, out);
    else if (/\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** The text inside the parentheses opening at `open` (balanced, strings skipped). */
function argumentsAt(src: string, open: number): string {
  let depth = 0;
  let quote = '';
  for (let i = open; i < src.length; i++) {
    const ch = src[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return src.slice(open + 1, i);
    }
  }
  return '';
}

const unquote = (body: string, quote: string) => (quote === '`' ? body.replace(/\$\{[^}]*\}/g, '7') : body).replace(/\\(.)/g, '$1');
/** A piece of English a person reads: a capital or a quote first, and a space inside. */
const isSentence = (s: string) => /^[A-Z"…]/.test(s) && / /.test(s);

export function serverRefusalTexts(): RefusalText[] {
  const all = DIRS.flatMap((d) => files(d));
  // Comment lines (a doc comment's example) are blanked, keeping the line numbers.
  const sources = new Map(all.map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8').replace(/^\s*(\/\/|\/\*|\*).*$/gm, '')]));
  const constants = new Map<string, string>();
  for (const src of sources.values()) for (const m of src.matchAll(CONST)) constants.set(m[1], unquote(m[3], m[2]));
  const out: RefusalText[] = [];
  for (const [file, src] of sources) {
    for (const m of src.matchAll(CALL)) {
      const open = (m.index ?? 0) + m[0].length - 1;
      const args = argumentsAt(src, open);
      const line = src.slice(0, open).split('\n').length;
      const texts: string[] = [];
      for (const s of args.matchAll(/(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)) texts.push(unquote(s[2], s[1]));
      for (const id of args.matchAll(/\b[A-Z][A-Z0-9_]{2,}\b/g)) if (constants.has(id[0])) texts.push(constants.get(id[0]) as string);
      const kind = m[1];
      for (const t of texts) {
        if (kind === 'new NotFound' && /^[A-Z][\w ]*$/.test(t)) out.push({ file, line, text: `${t} not found.` });
        else if (isSentence(t)) out.push({ file, line, text: t });
      }
    }
  }
  return out;
}
