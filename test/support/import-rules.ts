/**
 * The layer rules of docs/architecture.md "Layers", as a pure check over an import graph (no
 * file access here; `import-graph.ts` reads the tree). Paths are repository-relative with `/`.
 *
 * Console (`src/`), lowest first: common < lib < providers < components < features/<area> < app
 * < main.tsx. A file imports only its own layer or lower ones; a feature imports no other
 * feature; `common/` imports nothing outside `common/` and no Node or DOM module.
 * API (`server/`), in floors, lowest first (SERVER_FLOORS): runtime < db < services < http <
 * routes < app. A file imports only its own floor or lower ones; every server file sits on a floor.
 * Of `src/` the API imports only `src/common/`. No file under server/services/ or server/db/
 * imports the HTTP error type (`server/http/http-error.ts`): they throw domain errors
 * (runtime/domain-errors.ts), DbError or DbRefusal, and http/error-envelope.ts answers
 * them. A route file imports no other route (the route index composes them); lib/ imports no
 * middleware (it sits a floor below http/) and keeps its modules in one folder per kind (lib/<kind>/); a route whose area has a
 * service reaches that area's queries only through it (routes -> services -> db); the seed writes
 * no SQL of its own. Test fixtures (`test/**` files that are not tests) import no seed and write
 * no SQL of their own. No import cycle anywhere.
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
export interface Violation {
  file: string;
  target: string;
  rule: string;
}

/**
 * The API's floors, lowest first, each with the paths it holds (a folder ends in `/`):
 *   - runtime: the process itself (log, next turn, bounded slots, graceful stop) and the domain
 *     errors every floor may throw;
 *   - db: the adapters and queries, rows only;
 *   - services: what a call does (services/<area>.ts) and the lib/ kinds they are built from;
 *   - http: requests and answers (server/http/: envelopes, checks, the list routes, middleware/,
 *     the request context, the HTTP error);
 *   - routes: the API's paths (routes/, recognition/);
 *   - app: composing and starting the process (app.ts, start.ts, index.ts, config.ts with its config-values.ts and config-doc.ts, and the
 *     commands backup.ts and migrations.ts, the seed).
 */
export const SERVER_FLOORS: readonly { floor: string; holds: readonly string[] }[] = [
  { floor: 'runtime', holds: ['server/runtime/'] },
  { floor: 'db', holds: ['server/db/'] },
  { floor: 'services', holds: ['server/services/', 'server/lib/'] },
  { floor: 'http', holds: ['server/http/'] },
  { floor: 'routes', holds: ['server/routes/', 'server/recognition/'] },
  {
    floor: 'app',
    holds: [
      'server/app.ts',
      'server/start.ts',
      'server/boot.ts',
      'server/index.ts',
      'server/config.ts',
      'server/config-values.ts',
      'server/config-doc.ts',
      'server/backup.ts',
      'server/migrations.ts',
      'server/seed/',
    ],
  },
];
/**
 * Imports that still run up a floor or reach the HTTP error type, each waiting for its module to
 * move or to throw domain errors; empty now. The check passes these and fails on any other, and
 * `staleWaivers` names an entry that no longer occurs, so the list only shrinks.
 */
export const FLOOR_WAIVERS: readonly string[] = [];
const waived = (file: string, target: string) => FLOOR_WAIVERS.includes(`${file} -> ${target}`);
/** The FLOOR_WAIVERS entries `graph` no longer holds (each should leave the list). */
export const staleWaivers = (graph: Graph) =>
  FLOOR_WAIVERS.filter((w) => {
    const [file, target] = w.split(' -> ');
    return !graph[file]?.imports.includes(target);
  });

/** The index in SERVER_FLOORS of the floor holding `f`; -1 when none does. */
export const serverFloor = (f: string) => SERVER_FLOORS.findIndex(({ holds }) => holds.some((h) => (h.endsWith('/') ? f.startsWith(h) : f === h)));

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
    const from = srcLayer(file),
      to = srcLayer(target);
    if (to < 0 || from < 0) return null;
    if (to > from) return `${SRC_LAYERS[from]} may not import the higher layer ${SRC_LAYERS[to]}`;
    if (feature(file) && feature(target) && feature(file) !== feature(target)) return 'a feature imports no other feature (the app layer composes them)';
    return null;
  }
  if (file.startsWith('server/')) {
    if (target.startsWith('src/') && !target.startsWith('src/common/')) return 'the API imports only src/common/ from the console';
    if (isRoute(file) && isRoute(target)) return 'a route file imports no other route (shared guards live in server/http/middleware/)';
    if (waived(file, target)) return null;
    if (/^server\/(db|services)\//.test(file) && target === 'server/http/http-error.ts')
      return 'db/ and services/ throw no HTTP error (domain errors, DbError, DbRefusal; http/error-envelope.ts answers them)';
    if (file.startsWith('server/lib/') && target.startsWith('server/http/middleware/'))
      return 'lib/ imports no middleware (middleware is built from lib/, not the other way)';
    if (/^server\/lib\/[^/]+\.ts$/.test(file))
      return 'server/lib/ holds its modules by kind: lib/<kind>/<name>.ts (auth, jobs, files, spreadsheets, mail, activity, rules)';
    if (file.startsWith('server/seed/') && /^server\/(routes|recognition)\//.test(target))
      return 'the seed imports no route (it writes through server/db/queries/)';
    const from = serverFloor(file),
      to = serverFloor(target);
    if (from < 0) return `${file} sits on no floor of SERVER_FLOORS`;
    if (to > from) return `the ${SERVER_FLOORS[from].floor} floor may not import the higher ${SERVER_FLOORS[to].floor} floor`;
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
      out.push({
        file,
        target: `server/db/queries/${area}`,
        rule: `routes -> services -> db: this area's queries are reached through server/services/${area}`,
      });
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
