/**
 * The source scan of the language gate (docs/languages.md "The gate"): user-visible English
 * written in a console component instead of coming from a catalog. It reads `.tsx` text and
 * reports JSX text with a word in it (`<h1>Users</h1>`, `> Save`) and the visible attributes
 * (`label`, `title`, `placeholder`, `aria-label`, `alt`, `emptyText`, `what`) given a literal with a word in
 * it (a quoted string, or a template literal's text outside `${…}`), and any quoted English sentence (a capital, three words or more, a closing . ! ? or …)
 * outside an `Error` thrown for developers.
 * Pure: the test reads the files. A hit is `file:line: text`.
 */
const WORD = /[A-Za-z]{2,}/;
const JSX_TEXT = />([^<>{}`]*)</g;
const SENTENCE = /(['`])([A-Z][a-z’']*(?: [^'`\n]*?){2,}[.!?…])\1/g;
const ATTRIBUTE = /\b(label|title|placeholder|aria-label|alt|emptyText|what)="([^"]*)"/g;
/** The same attributes given a quoted string or a template literal in braces: `aria-label={`Select ${name}`}`, its words outside `${…}`. */
const ATTRIBUTE_EXPRESSION = /\b(label|title|placeholder|aria-label|alt|emptyText|what)=\{(?:'([^'\n]*)'|`([^`]*)`)\}/g;

/** The untranslated texts of one console source `text` (`jsx` false: a .ts module, no JSX text to read), each with its line number. */
export function untranslatedTexts(text: string, jsx = true): { line: number; text: string }[] {
  const hits: { line: number; text: string }[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  // Comments are not shown: drop them (keeping line numbers) before looking.
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/[^\n]*/g, (m, p) => p + ' '.repeat(m.length - p.length));
  for (const m of jsx ? code.matchAll(JSX_TEXT) : []) {
    const t = m[1].trim();
    if (code[m.index - 1] === '=' || code[m.index - 1] === '-') continue; // `=>` and `->`, not an element's end
    // `a > b` comparisons and generics read as JSX text: only text with a word and no code shape.
    if (!t || !WORD.test(t) || /[;=&|()]/.test(t) || /^\w+(\.\w+)+$/.test(t)) continue;
    hits.push({ line: lineOf(m.index), text: t });
  }
  for (const m of code.matchAll(ATTRIBUTE)) if (WORD.test(m[2])) hits.push({ line: lineOf(m.index), text: `${m[1]}="${m[2]}"` });
  for (const m of code.matchAll(ATTRIBUTE_EXPRESSION)) {
    const literal = (m[2] ?? m[3]).replace(/\$\{[^}]*\}/g, ' ');
    if (WORD.test(literal)) hits.push({ line: lineOf(m.index), text: m[0] });
  }
  for (const m of code.matchAll(SENTENCE)) {
    const line = lineOf(m.index);
    if (!/\bnew Error\(|console\./.test(code.split('\n')[line - 1])) hits.push({ line, text: m[2] });
  }
  return hits;
}
