/**
 * The layer rules of docs/architecture.md "Layers", as a pure check over an import graph (no
 * file access here; `import-graph.ts` reads the tree). Paths are repository-relative with `/`.
 *
 * Console (`src/`), lowest first: common < lib < providers < components < features/<area> < app
 * < main.tsx. A file imports only its own layer or lower ones; a feature imports no other
 * feature; `common/` imports nothing outside `common/` and no Node or DOM module.
 * API (`server/`): of `src/` only `src/common/`; a route file imports no other route (the route
 * index composes them); db/, lib/ and middleware/ import no route or seed; the seed imports no
 * route and writes no SQL of its own; lib/ imports no middleware and keeps its modules in one folder
 * per kind (lib/<kind>/). Services (`server/services/<area>.ts`, what a call does)
 * sit between routes and db/: db/ imports no service and no HTTP error type (`server/http-error.ts`;
 * it throws DbError or DbRefusal), services import no route or middleware, and a route whose
 * area has a service reaches that area's queries only through it (routes -> services -> db). Test fixtures (`test/**` files that are not tests) import
 * no seed and write no SQL of their own. No import cycle anywhere.
 */
export interface GraphFile {
  /** Repository-relative targets of the file's imports (bare package names as written, e.g. "react", "node:fs"). */
  imports: string[];
  /** True when the file's text holds an SQL write of its own (INSERT INTO, UPDATE … SET, DELETE FROM). */
  rawSql?: boolean;
}
/** A whole graph: repository-relative file path -> its imports. */
export type Graph = Record<string, GraphFile>;
/** One broken rule: the importing file, the import, and why it may not be there. */
export interface Violation { file: string; target: string; rule: string }

const SRC_LAYERS = ['src/common/', 'src/lib/', 'src/providers/', 'src/components/', 'src/features/', 'src/app/', 'src/main.tsx'];
const srcLayer = (f: string) => SRC_LAYERS.findIndex((p) => f.startsWith(p));
const feature = (f: string) => (f.startsWith('src/features/') ? f.split('/')[2] : null);
const isLocal = (t: string) => t.startsWith('src/') || t.startsWith('server/') || t.startsWith('test/') || t.startsWith('bench/');
const isFixture = (f: string) => f.startsWith('test/') && !/\.test\.tsx?$/.test(f);
const isRoute = (f: string) => f.startsWith('server/routes/') && f !== 'server/routes/index.ts';
const NODE_OR_DOM = /^(node:|react|react-dom|wouter|hono|@hono\/|pg$|better-sqlite3|read-excel-file|clsx)/;

/** The rule `file -> target` breaks, or null when the import is allowed. */
export function ruleBroken(file: string, target: string): string | null {
  if (file.startsWith('src/common/')) {
    if (NODE_OR_DOM.test(target)) return 'src/common/ is DOM-free and Node-free: it imports no runtime or UI package';
    if (isLocal(target) && !target.startsWith('src/common/')) return 'src/common/ imports only src/common/';
    return null;
  }
  if (file.startsWith('src/')) {
    if (target.startsWith('server/')) return 'the console imports nothing from server/ (shared rules live in src/common/)';
    const from = srcLayer(file), to = srcLayer(target);
    if (to < 0 || from < 0) return null;
    if (to > from) return `${SRC_LAYERS[from]} may not import the higher layer ${SRC_LAYERS[to]}`;
    if (feature(file) && feature(target) && feature(file) !== feature(target)) return 'a feature imports no other feature (the app layer composes them)';
    return null;
  }
  if (file.startsWith('server/')) {
    if (target.startsWith('src/') && !target.startsWith('src/common/')) return 'the API imports only src/common/ from the console';
    if (isRoute(file) && isRoute(target)) return 'a route file imports no other route (shared guards live in server/middleware/)';
    if (/^server\/(db|lib|middleware|services)\//.test(file) && /^server\/(routes|seed|recognition)\//.test(target)) return 'db/, lib/, middleware/ and services/ import no route or seed';
    if (file.startsWith('server/db/') && target === 'server/http-error.ts') return 'db/ throws no HTTP error (DbError, DbRefusal; lib/http/error-envelope.ts answers them)';
    if (file.startsWith('server/db/') && target.startsWith('server/services/')) return 'db/ imports no service (routes -> services -> db)';
    if (file.startsWith('server/services/') && target.startsWith('server/middleware/')) return 'a service imports no middleware (the route applies it)';
    if (file.startsWith('server/lib/') && target.startsWith('server/middleware/')) return 'lib/ imports no middleware (middleware is built from lib/, not the other way)';
    if (/^server\/lib\/[^/]+\.ts$/.test(file)) return 'server/lib/ holds its modules by kind: lib/<kind>/<name>.ts (http, auth, jobs, files, spreadsheets, mail, activity, rules, runtime)';
    if (file.startsWith('server/seed/') && /^server\/(routes|recognition)\//.test(target)) return 'the seed imports no route (it writes through server/db/queries/)';
    return null;
  }
  if (isFixture(file) && target.startsWith('server/seed/')) return 'a test fixture imports no seed (it writes through server/db/queries/)';
  return null;
}

/** Every broken rule of `graph`, cycles last (each cycle once, named by the import that closes it). */
export function checkGraph(graph: Graph): Violation[] {
  const out: Violation[] = [];
  for (const [file, { imports, rawSql }] of Object.entries(graph)) {
    for (const target of imports) {
      const rule = ruleBroken(file, target);
      if (rule) out.push({ file, target, rule });
    }
    // A route whose area has a service (routes/users.ts, services/users.ts) reads that area's rows only through it.
    const area = isRoute(file) ? file.slice('server/routes/'.length) : null;
    if (area && `server/services/${area}` in graph && imports.includes(`server/db/queries/${area}`)) {
      out.push({ file, target: `server/db/queries/${area}`, rule: `routes -> services -> db: this area's queries are reached through server/services/${area}` });
    }
    if (rawSql && (file.startsWith('server/seed/') || isFixture(file))) {
      out.push({ file, target: '(SQL text)', rule: 'seeds and test fixtures write through server/db/queries/ only' });
    }
  }
  return [...out, ...findCycles(graph)];
}

/** Import cycles among the graph's own files, each reported once at the import that closes it. */
export function findCycles(graph: Graph): Violation[] {
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const out: Violation[] = [];
  const visit = (f: string) => {
    state.set(f, 1);
    stack.push(f);
    for (const t of graph[f]?.imports ?? []) {
      if (!(t in graph)) continue;
      if (state.get(t) === 1) out.push({ file: f, target: t, rule: `import cycle: ${[...stack.slice(stack.indexOf(t)), t].join(' -> ')}` });
      else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 2);
  };
  for (const f of Object.keys(graph).sort()) if (!state.has(f)) visit(f);
  return out;
}

/** One line a violation: "file imports target: rule". */
export const describe = (v: Violation) => `${v.file} imports ${v.target}: ${v.rule}`;
