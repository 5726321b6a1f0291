import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

// The console takes only the types of the wire contract's zod schemas (docs/architecture.md "The
// wire contract"): a value import would put zod in the browser bundle. The rules both sides
// apply come to it as plain functions (contract/rules.ts, contract/checks.ts).
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : [],
  );

/** Imports or re-exports of a zod module of the contract (schemas.ts, base.ts, admin.ts, organiser.ts …; not the plain rules.ts and checks.ts) in `text` that are not type-only. */
export const valueImports = (text: string) =>
  [...text.matchAll(/^\s*(import|export)\s+(?!type\b)[^;]*?from\s+['"][^'"]*contract\/(?!(rules|checks)\b)[\w-]+(\.ts)?['"]/gm)].map((m) => m[0].trim());

test('the checker tells type-only imports of the schemas from value imports', () => {
  assert.equal(valueImports("import type { Page } from '../../common/contract/schemas.ts';\nexport type { Page } from '../x/contract/schemas.ts';"), []);
  assert.is(valueImports("import { Page } from '../../common/contract/schemas.ts';").length, 1);
  assert.is(valueImports("export { PageInput } from '../common/contract/schemas.ts';").length, 1);
  assert.is(valueImports("import { UserInput } from '../../common/contract/admin.ts';").length, 1);
  assert.equal(valueImports("import type { Me } from '../../common/contract/admin.ts';\nimport { parseIdList } from '../../common/contract/rules.ts';"), []);
  assert.is(valueImports("import { EventInput } from '../../common/contract/organiser.ts';").length, 1);
  assert.equal(
    valueImports("import { PRICE_PATTERN } from '../../common/contract/rules.ts';\nimport type { EventPhoto } from '../../common/contract/organiser.ts';"),
    [],
  );
  assert.equal(valueImports("import { atMost, isRequired } from './contract/checks.ts';"), []);
  assert.is(valueImports("import { ParticipantInput } from './contract/participants.ts';").length, 1);
});

// src/common/ outside contract/ included: the console imports those rules (a sheet's row rule
// once checked rows with a zod schema and brought zod to every signed-in screen).
test('no console file outside src/common/contract/ imports zod or the contract schemas as values', () => {
  const bad: string[] = [];
  assert.ok(
    files('src').some((f) => f.endsWith(path.join('features', 'permissions', 'api.ts'))),
    'the console files are read',
  );
  for (const f of files('src').filter((f) => !f.startsWith(path.join('src', 'common', 'contract')))) {
    const text = readFileSync(f, 'utf8');
    for (const i of valueImports(text)) bad.push(`${f}: ${i}`);
    if (/from\s+['"]zod(\/[^'"]*)?['"]/.test(text)) bad.push(`${f}: imports zod`);
  }
  assert.equal(bad, []);
});

test("the console's bundle, lazily loaded screens included, holds no zod module and no zod schema of the contract", async () => {
  const { metafile } = await esbuild.build({
    entryPoints: ['src/main.tsx'],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: 'unwritten',
    write: false,
    metafile: true,
    loader: { '.png': 'file', '.svg': 'file' },
    logLevel: 'silent',
  });
  const inputs = Object.keys(metafile.inputs);
  assert.ok(inputs.includes('src/features/events/import-participants-modal.tsx'), 'the lazily loaded parts are bundled too');
  assert.equal(
    inputs.filter((f) => f.includes('node_modules/zod/') || /^src\/common\/contract\/(?!(rules|checks)\.ts$)/.test(f)),
    [],
  );
});

test.run();
