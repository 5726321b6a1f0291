import './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { en } from '../../src/common/i18n/catalogs/index.ts';
import { fr } from '../../src/common/i18n/catalogs/fr.ts';
import { es } from '../../src/common/i18n/catalogs/es.ts';
import { ar } from '../../src/common/i18n/catalogs/ar.ts';
import { DECLARED_RECORDS, recordTexts } from '../../src/common/resources.ts';
import { RECORD_MESSAGES } from '../../src/components/declared-screen.tsx';

/**
 * A declared resource's screen (src/components/declared-screen.tsx) speaks from the catalogs; its
 * English must stay what the declaration and recordTexts say (the spec's texts: "ADD Page",
 * "Do you want to delete the page?", "Enter title here"), and every shipped language has its own.
 */
test("the English of each declared screen is the declaration's own text", () => {
  for (const d of DECLARED_RECORDS) {
    const say = RECORD_MESSAGES[d.key];
    const texts = recordTexts(d);
    for (const k of ['add', 'addTitle', 'editTitle', 'deleteTitle', 'deleteText', 'empty', 'search'] as const) assert.is(en[say[k]], texts[k], `${d.key} ${k}`);
    for (const f of d.records.fields) {
      assert.is(en[say.fields[f.name].label], f.label, `${d.key} ${f.name} label`);
      assert.is(en[say.fields[f.name].placeholder], `Enter ${f.label.toLowerCase()} here`, `${d.key} ${f.name} placeholder`);
    }
    const headers = [...d.records.fields.flatMap((f) => (f.column ? [f.column] : [])), ...(d.records.emptyColumns ?? [])];
    assert.equal(Object.keys(say.columns).sort(), [...headers].sort(), `${d.key} columns`);
    for (const h of headers) assert.is(en[say.columns[h]], h, `${d.key} column ${h}`);
  }
});

test('French, Spanish and Arabic word each declared screen their own way', () => {
  for (const d of DECLARED_RECORDS) {
    const say = RECORD_MESSAGES[d.key];
    const keys = [say.add, say.addTitle, say.deleteText, say.search, ...Object.values(say.fields).flatMap((f) => [f.label, f.placeholder])];
    for (const [name, catalog] of [
      ['fr', fr],
      ['es', es],
      ['ar', ar],
    ] as const)
      for (const k of keys) assert.ok(catalog[k] && catalog[k] !== en[k], `${name} ${k}: ${catalog[k]}`);
  }
});

test.run();
