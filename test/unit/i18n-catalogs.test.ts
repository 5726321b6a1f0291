import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { en } from '../../src/common/i18n/catalogs/index.ts';
import { fr } from '../../src/common/i18n/catalogs/fr.ts';
import { es } from '../../src/common/i18n/catalogs/es.ts';
import { ar } from '../../src/common/i18n/catalogs/ar.ts';
import { formatMessage, messageArguments, parseMessage, MessageSyntaxError, type MessagePart } from '../../src/common/i18n/message-format.ts';
import { LOCALES } from '../../src/common/i18n/locales.ts';
import { untranslatedTexts } from '../support/untranslated.ts';
import { areasImported, areasNamed, MESSAGE_AREAS } from '../support/area-messages.ts';

// The language gate (docs/languages.md "The gate"): every shipped catalog is complete, parses,
// has the English message's arguments, and a plural branch for every count's CLDR category; the
// keys the console uses exist; and no console component shows English of its own, except the
// files still waiting for translation (NOT_YET_TRANSLATED, a list that only shrinks).

const CATALOGS: Record<string, Record<string, string>> = { en, fr, es, ar };
const COUNTS = [0, 1, 2, 3, 11, 100];

test('every shipped locale has a catalog with exactly the English keys', () => {
  assert.equal(Object.keys(CATALOGS).sort(), [...LOCALES].sort());
  for (const [locale, catalog] of Object.entries(CATALOGS)) {
    assert.equal(
      Object.keys(catalog).filter((k) => !(k in en)),
      [],
      `${locale}: keys English does not have`,
    );
    assert.equal(
      Object.keys(en).filter((k) => !(k in catalog)),
      [],
      `${locale}: keys missing`,
    );
  }
});

test('every message parses and has the same arguments as English', () => {
  for (const [locale, catalog] of Object.entries(CATALOGS))
    for (const [key, message] of Object.entries(catalog)) {
      assert.not.throws(() => parseMessage(message), `${locale} ${key}`);
      assert.equal(messageArguments(message), messageArguments(en[key as keyof typeof en]), `${locale} ${key}: arguments`);
    }
});

test("each plural message has a branch for the locale's category of 0, 1, 2, 3, 11 and 100 (Intl.PluralRules)", () => {
  let plurals = 0;
  const walk = (locale: string, key: string, ps: MessagePart[]) => {
    for (const p of ps) {
      if (typeof p === 'string' || !('options' in p)) continue;
      if (p.kind === 'plural') {
        plurals++;
        const rules = new Intl.PluralRules(locale);
        for (const n of COUNTS) {
          const category = rules.select(n);
          assert.ok(p.options[`=${n}`] || p.options[category], `${locale} ${key}: no branch for ${n} (${category})`);
        }
      }
      for (const branch of Object.values(p.options)) walk(locale, key, branch);
    }
  };
  for (const [locale, catalog] of Object.entries(CATALOGS)) for (const [key, message] of Object.entries(catalog)) walk(locale, key, parseMessage(message));
  assert.ok(plurals >= 4, 'the catalogs hold plural messages to check');
  // Arabic's six forms, as a reader sees them.
  const ar3 = formatMessage('ar', ar['list.results'], { count: 3 });
  const ar11 = formatMessage('ar', ar['list.results'], { count: 11 });
  assert.ok(ar3.includes('نتائج') && !ar11.includes('نتائج'), `${ar3} / ${ar11}`);
  assert.is(formatMessage('ar', ar['list.results'], { count: 2 }), 'نتيجتان');
  assert.is(formatMessage('en', en['list.results'], { count: 1 }), '1 result');
  assert.is(formatMessage('en', en['list.results'], { count: 1200 }), '1,200 results');
  assert.is(formatMessage('fr', fr['list.results'], { count: 0 }), 'Aucun résultat');
  assert.is(formatMessage('fr', fr['list.results'], { count: 1200 }), '1\u202f200 résultats');
});

test('the message format: values, select, quoting, and syntax errors', () => {
  assert.is(formatMessage('en', 'Hello {name}', { name: 'Ada' }), 'Hello Ada');
  assert.is(formatMessage('en', "{kind, select, video {A video} other {An image}} isn''t '{'here'}'", { kind: 'video' }), "A video isn't {here}");
  assert.is(formatMessage('en', "It's {n, number}", { n: 1234.5 }), "It's 1,234.5");
  for (const bad of ['{', 'a }', '{n, plural, one {x}}', '{n, plural, lots {x} other {y}}', '{n, date}'])
    assert.throws(
      () => parseMessage(bad),
      (e: unknown) => e instanceof MessageSyntaxError,
      bad,
    );
  // A pattern that does not parse is shown as it is, never thrown at a reader.
  assert.is(formatMessage('en', 'Broken {'), 'Broken {');
});

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : [],
  );

test('every key the console asks for is in the English catalog', () => {
  const missing: string[] = [];
  for (const f of sources('src'))
    for (const m of readFileSync(f, 'utf8').matchAll(/\bt\('([a-zA-Z]+\.[\w.]+)'/g)) if (!(m[1] in en)) missing.push(`${f}: ${m[1]}`);
  assert.equal(missing, []);
});

test("a console file that names an area's keys loads that area's English (src/lib/messages/<area>.ts)", () => {
  assert.equal(
    Object.keys(MESSAGE_AREAS).sort(),
    readdirSync('src/lib/messages')
      .map((f) => f.replace(/\.ts$/, ''))
      .sort(),
  );
  // src/common is below src/lib (its modules cannot call t): one that names keys hands them to a
  // caller's `say` (passkey-site.ts), and that caller, a console file, loads the area.
  const missing = sources('src')
    .filter((f) => !f.startsWith(path.join('src', 'common')) && !f.startsWith(path.join('src', 'lib', 'messages')))
    .flatMap((f) => {
      const source = readFileSync(f, 'utf8');
      const imported = areasImported(source);
      return areasNamed(source)
        .filter((a) => !imported.includes(a))
        .map((a) => `${f}: import '…/lib/messages/${a}.ts'`);
    });
  assert.equal(missing, []);
  // The check itself: a quoted key and a template's start are found, a core key is not.
  assert.equal(areasNamed("t('admin.users.title'); t(`campaigns.type.${x}`); t('validation.required')"), ['admin', 'campaigns']);
  assert.equal(areasImported("import '../../lib/messages/admin.ts';\nimport { t } from '../../lib/i18n.ts';"), ['admin']);
});

/** Console components that still show English of their own, waiting for their catalog keys. Remove a file once it is translated; the test fails on one that no longer needs to be here. */
const NOT_YET_TRANSLATED: readonly string[] = [];

test('no console component shows English of its own (except those not yet translated)', () => {
  // Console code: components and the modules they show text from (src/common, shared with the server, takes a `say`).
  const found = sources('src').filter(
    (f) => /\.tsx?$/.test(f) && !f.includes(`${path.sep}common${path.sep}`) && untranslatedTexts(readFileSync(f, 'utf8'), f.endsWith('.tsx')).length > 0,
  );
  const fresh = found.filter((f) => !NOT_YET_TRANSLATED.includes(f));
  assert.equal(
    fresh.map(
      (f) =>
        `${f}: ${untranslatedTexts(readFileSync(f, 'utf8'), f.endsWith('.tsx'))
          .map((h) => `${h.line} ${h.text}`)
          .join('; ')}`,
    ),
    [],
    'text written in a component instead of a catalog',
  );
  assert.equal(
    NOT_YET_TRANSLATED.filter((f) => !found.includes(f)),
    [],
    'translated now: remove from NOT_YET_TRANSLATED',
  );
});

test('the scan finds JSX text and visible attributes, and skips code and comments', () => {
  const hits = untranslatedTexts(
    'const a = (x: number) => x > 1 && y < 2;\n// <b>Not this</b>\n<h1>Users</h1>\n<input placeholder="Search users" />\n<p>{t(\'x.y\')}</p>\n' +
      "toast.success('Campaign created successfully.');\nthrow new Error('The clipboard is not available.');",
  );
  assert.equal(
    hits.map((h) => h.text),
    ['Users', 'placeholder="Search users"', 'Campaign created successfully.'],
  );
});

test('the scan finds words in a visible attribute given a string or a template literal in braces, not in its values', () => {
  const hits = untranslatedTexts(
    "<input aria-label={`Select \u0024{label(r)}`} />\n<b title={`\u0024{a} \u0024{b}`} />\n<img alt={'Logo image'} />\n<i aria-label={t('x.y')} />",
  );
  assert.equal(
    hits.map((h) => h.text),
    ['aria-label={`Select \u0024{label(r)}`}', "alt={'Logo image'}"],
  );
});

test.run();
