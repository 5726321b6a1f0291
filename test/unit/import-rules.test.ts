import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readImportGraph } from '../support/import-graph.ts';
import { checkGraph, describe, staleWaivers } from '../support/import-rules.ts';

// The layer rules of docs/architecture.md over the real tree: any broken rule fails with
// "file imports target: rule", one line each.
const graph = readImportGraph(process.cwd());

test('the graph covers the console, the API and the tests', () => {
  for (const f of ['src/main.tsx', 'src/common/csv.ts', 'server/app.ts', 'server/routes/index.ts', 'test/api/harness.ts']) assert.ok(f in graph, f);
  assert.ok(graph['server/lib/spreadsheets/spreadsheet-parse.ts'].imports.includes('src/common/csv.ts'));
});

test('every import runs down the layers, no route imports another, no cycle', () => {
  assert.is(checkGraph(graph).map(describe).join('\n'), '');
});

test('every waived upward import still occurs (a fixed one leaves FLOOR_WAIVERS)', () => {
  assert.equal(staleWaivers(graph), []);
});

test.run();
