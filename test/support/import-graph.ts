import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Graph } from './import-rules.ts';

/**
 * Reads the import graph of the repository's TypeScript under `dirs` (default src/, server/,
 * test/) with the TypeScript scanner (`ts.preProcessFile`: static, type-only and dynamic
 * imports and re-exports). Relative imports resolve to repository-relative paths; packages stay
 * as written. `rawSql` marks files whose string literals write SQL of their own
 * (INSERT, UPDATE, DELETE; reads for assertions are allowed).
 */
export function readImportGraph(root: string, dirs = ['src', 'server', 'test']): Graph {
  const graph: Graph = {};
  for (const dir of dirs) {
    for (const abs of walk(path.join(root, dir))) {
      const file = path.relative(root, abs).split(path.sep).join('/');
      const text = readFileSync(abs, 'utf8');
      const imports = ts
        .preProcessFile(text, true, true)
        .importedFiles.map(({ fileName }) => (fileName.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), fileName)) : fileName));
      graph[file] = { imports: [...new Set(imports)], rawSql: SQL.test(text) };
    }
  }
  return graph;
}

const SQL = /['"`]\s*(INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\s/i;

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules') yield* walk(p);
    } else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) yield p;
  }
}
