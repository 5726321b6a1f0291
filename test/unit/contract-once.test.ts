import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PRICE_PATTERN, USER_LIST_SORT } from '../../src/common/contract/rules.ts';

// No type or rule of the wire contract is declared twice. Every name the
// contract modules (src/common/contract/*.ts) export is declared there and nowhere else in src/ or
// server/ (other files import or re-export it), and the contract's literal rules (the price
// pattern, the users-list sorts) are written nowhere else.

const CONTRACT_DIR = path.join('src', 'common', 'contract');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : [],
  );

/** Names a module's text exports by declaration: `export interface X`, `export type X =`, `export const X`, `export function X`. */
export const exportedNames = (text: string) =>
  [...text.matchAll(/^export\s+(?:declare\s+)?(?:interface|type|const|let|function|class|enum)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]);

/** `text` without its import and re-export statements (one line or many: `import {\n  type X,\n} from '…';`). */
const withoutImports = (text: string) => text.replace(/^(?:import|export)\s[^;]*?\sfrom\s+['"][^'"]+['"];?/gm, '');

/** The names of `names` that `text` declares itself (a type, interface, class, function, const, let or var of that name, exported or not). */
export const declaredAgain = (text: string, names: ReadonlySet<string>) =>
  [...withoutImports(text).matchAll(/^\s*(?:export\s+)?(?:declare\s+)?(?:interface|type|class|enum|function|const|let|var)\s+([A-Za-z_$][\w$]*)\b(?!\s*\.)/gm)]
    .map((m) => m[1])
    .filter((n) => names.has(n));

const contractNames = new Set(files(CONTRACT_DIR).flatMap((f) => exportedNames(readFileSync(f, 'utf8'))));

test('the checker finds a second declaration and ignores imports and re-exports', () => {
  const names = new Set(['Paginator', 'Page']);
  assert.equal(declaredAgain('export interface Paginator<T> { data: T[] }\nconst x = 1;', names), ['Paginator']);
  assert.equal(declaredAgain('type Page = { id: number };', names), ['Page']);
  assert.equal(declaredAgain("import type { Page } from './schemas.ts';\nexport type { Paginator } from './rules.ts';\nconst pages: Page[] = [];", names), []);
  assert.equal(declaredAgain("import {\n  type Page,\n  type Paginator,\n} from './schemas.ts';\ntype Page = 1;", names), ['Page']);
  assert.equal(exportedNames('export const PageInput = z.object({});\nexport type PageInput = z.infer<typeof PageInput>;\nconst local = 1;'), [
    'PageInput',
    'PageInput',
  ]);
});

test('every name the contract exports is declared only in src/common/contract/', () => {
  assert.ok(contractNames.has('Paginator') && contractNames.has('Permission') && contractNames.has('CONTRACT'), 'the contract modules are read');
  const twice: string[] = [];
  for (const f of [...files('src'), ...files('server')].filter((f) => !f.startsWith(CONTRACT_DIR))) {
    for (const n of declaredAgain(readFileSync(f, 'utf8'), contractNames)) twice.push(`${f}: ${n}`);
  }
  assert.equal(twice, []);
});

test("the contract's literal rules are written once", () => {
  const sorts = USER_LIST_SORT.map((s) => `'${s}'`).join(', ');
  const again: string[] = [];
  for (const f of [...files('src'), ...files('server')].filter((f) => !f.startsWith(CONTRACT_DIR))) {
    const text = readFileSync(f, 'utf8');
    if (text.includes(PRICE_PATTERN.source)) again.push(`${f}: the price pattern`);
    if (text.includes(sorts)) again.push(`${f}: the users list sorts`);
  }
  assert.equal(again, []);
});

test.run();
