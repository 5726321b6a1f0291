import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkGraph, describe, type Graph } from '../support/import-rules.ts';

// A tiny graph that keeps every rule; each test breaks one and expects exactly that file and import named.
const base = (): Graph => ({
  'src/common/csv.ts': { imports: [] },
  'src/lib/http.ts': { imports: ['src/common/csv.ts'] },
  'src/lib/storage.ts': { imports: [] },
  'src/providers/session.tsx': { imports: ['src/lib/storage.ts'] },
  'src/app/route-guard.tsx': { imports: [] },
  'src/providers/toasts.tsx': { imports: ['react', 'src/lib/http.ts'] },
  'src/components/modal.tsx': { imports: ['src/providers/toasts.tsx'] },
  'src/features/users/users.tsx': { imports: ['src/components/modal.tsx', 'src/features/users/api.ts'] },
  'src/features/users/api.ts': { imports: ['src/lib/http.ts'] },
  'src/features/pages/pages.tsx': { imports: ['src/components/modal.tsx'] },
  'src/app/app.tsx': {
    imports: [
      'src/features/users/users.tsx',
      'src/features/pages/pages.tsx',
      'src/providers/toasts.tsx',
      'src/providers/session.tsx',
      'src/app/route-guard.tsx',
    ],
  },
  'server/http/middleware/scope.ts': { imports: ['server/db/queries/events.ts'] },
  'server/db/queries/events.ts': { imports: [] },
  'server/db/queries/users.ts': { imports: ['server/db/errors.ts'] },
  'server/db/errors.ts': { imports: [] },
  'server/http/http-error.ts': { imports: [] },
  'server/runtime/domain-errors.ts': { imports: [] },
  'server/services/users.ts': { imports: ['server/db/queries/users.ts', 'server/runtime/domain-errors.ts'] },
  'server/routes/users.ts': { imports: ['server/services/users.ts', 'server/http/middleware/scope.ts'] },
  'server/routes/events.ts': { imports: ['server/http/middleware/scope.ts', 'src/common/csv.ts'] },
  'server/routes/photos.ts': { imports: ['server/http/middleware/scope.ts'] },
  'server/routes/pages.ts': { imports: [] },
  'server/routes/index.ts': { imports: ['server/routes/events.ts', 'server/routes/photos.ts', 'server/routes/pages.ts', 'server/routes/users.ts'] },
  'server/seed/demo.ts': { imports: ['server/db/queries/events.ts'] },
  'test/api/fixtures.ts': { imports: ['server/db/queries/events.ts'] },
});
const broken = (patch: Graph) => checkGraph({ ...base(), ...patch }).map(describe);
const one = (patch: Graph, file: string, target: string, words: RegExp) => {
  const found = broken(patch);
  assert.is(found.length, 1, found.join('\n'));
  assert.ok(found[0].startsWith(`${file} imports ${target}: `), found[0]);
  assert.match(found[0], words);
};

test('the tiny graph keeps every rule', () => assert.equal(broken({}), []));

test('common/ imports only common/, and no runtime or UI package', () => {
  one({ 'src/common/csv.ts': { imports: ['src/lib/storage.ts'] } }, 'src/common/csv.ts', 'src/lib/storage.ts', /only src\/common/);
  one({ 'src/common/csv.ts': { imports: ['node:fs'] } }, 'src/common/csv.ts', 'node:fs', /Node-free/);
});

test('a lower console layer never imports a higher one', () => {
  one(
    { 'src/components/modal.tsx': { imports: ['src/providers/toasts.tsx', 'src/app/route-guard.tsx'] } },
    'src/components/modal.tsx',
    'src/app/route-guard.tsx',
    /higher layer src\/app/,
  );
  one(
    { 'src/lib/http.ts': { imports: ['src/common/csv.ts', 'src/providers/session.tsx'] } },
    'src/lib/http.ts',
    'src/providers/session.tsx',
    /higher layer src\/providers/,
  );
  one(
    { 'src/features/users/api.ts': { imports: ['src/lib/http.ts', 'src/app/route-guard.tsx'] } },
    'src/features/users/api.ts',
    'src/app/route-guard.tsx',
    /higher layer/,
  );
});

test('a feature imports no other feature', () => {
  one(
    { 'src/features/pages/pages.tsx': { imports: ['src/features/users/api.ts'] } },
    'src/features/pages/pages.tsx',
    'src/features/users/api.ts',
    /no other feature/,
  );
});

test('console and API meet only in src/common/', () => {
  one({ 'src/lib/http.ts': { imports: ['server/db/queries/events.ts'] } }, 'src/lib/http.ts', 'server/db/queries/events.ts', /nothing from server/);
  one({ 'server/routes/events.ts': { imports: ['src/lib/http.ts'] } }, 'server/routes/events.ts', 'src/lib/http.ts', /only src\/common/);
});

test('the server floors: no import runs up a floor; db/ and services/ throw no HTTP error; a route with a service skips to no query of its area', () => {
  one({ 'server/db/queries/users.ts': { imports: ['server/http/http-error.ts'] } }, 'server/db/queries/users.ts', 'server/http/http-error.ts', /no HTTP error/);
  one(
    { 'server/services/users.ts': { imports: ['server/db/queries/users.ts', 'server/http/http-error.ts'] } },
    'server/services/users.ts',
    'server/http/http-error.ts',
    /no HTTP error/,
  );
  one(
    { 'server/db/queries/events.ts': { imports: ['server/services/users.ts'] } },
    'server/db/queries/events.ts',
    'server/services/users.ts',
    /db floor may not import the higher services floor/,
  );
  one(
    { 'server/runtime/domain-errors.ts': { imports: ['server/db/queries/events.ts'] } },
    'server/runtime/domain-errors.ts',
    'server/db/queries/events.ts',
    /runtime floor may not import the higher db floor/,
  );
  one(
    { 'server/services/users.ts': { imports: ['server/db/queries/users.ts', 'server/routes/pages.ts'] } },
    'server/services/users.ts',
    'server/routes/pages.ts',
    /higher routes floor/,
  );
  one(
    { 'server/services/users.ts': { imports: ['server/db/queries/users.ts', 'server/http/middleware/scope.ts'] } },
    'server/services/users.ts',
    'server/http/middleware/scope.ts',
    /higher http floor/,
  );
  one(
    { 'server/routes/pages.ts': { imports: ['server/app.ts'] }, 'server/app.ts': { imports: [] } },
    'server/routes/pages.ts',
    'server/app.ts',
    /higher app floor/,
  );
  one({ 'server/extra.ts': { imports: ['server/db/sql.ts'] } }, 'server/extra.ts', 'server/db/sql.ts', /no floor/);
  one(
    { 'server/routes/users.ts': { imports: ['server/services/users.ts', 'server/db/queries/users.ts'] } },
    'server/routes/users.ts',
    'server/db/queries/users.ts',
    /routes -> services -> db/,
  );
  // An area without a service (events) may still read its queries from its route.
  assert.equal(broken({ 'server/routes/events.ts': { imports: ['server/http/middleware/scope.ts', 'server/db/queries/events.ts'] } }), []);
});

test('server/lib/ is split by kind and imports no middleware', () => {
  one(
    { 'server/lib/auth/grants.ts': { imports: ['server/http/middleware/auth.ts'] } },
    'server/lib/auth/grants.ts',
    'server/http/middleware/auth.ts',
    /lib\/ imports no middleware/,
  );
  one({ 'server/lib/grants.ts': { imports: ['server/db/sql.ts'] } }, 'server/lib/grants.ts', 'server/db/sql.ts', /by kind/);
  assert.equal(broken({ 'server/lib/auth/grants.ts': { imports: ['server/lib/auth/screens.ts', 'server/db/sql.ts'] } }), []);
});

test('a route imports no other route; the seed and fixtures import no route or seed and write no SQL', () => {
  one({ 'server/routes/photos.ts': { imports: ['server/routes/events.ts'] } }, 'server/routes/photos.ts', 'server/routes/events.ts', /no other route/);
  one({ 'server/seed/demo.ts': { imports: ['server/routes/events.ts'] } }, 'server/seed/demo.ts', 'server/routes/events.ts', /seed imports no route/);
  one(
    { 'server/http/middleware/scope.ts': { imports: ['server/routes/pages.ts'] } },
    'server/http/middleware/scope.ts',
    'server/routes/pages.ts',
    /higher routes floor/,
  );
  one({ 'test/api/fixtures.ts': { imports: ['server/seed/demo.ts'] } }, 'test/api/fixtures.ts', 'server/seed/demo.ts', /fixture imports no seed/);
  one({ 'server/seed/demo.ts': { imports: [], rawSql: true } }, 'server/seed/demo.ts', '(SQL text)', /through server\/db\/queries/);
});

test('a cycle is named by the import that closes it', () => {
  one(
    {
      'server/db/queries/events.ts': { imports: ['server/db/queries/users.ts'] },
      'server/db/queries/users.ts': { imports: ['server/db/errors.ts', 'server/db/queries/events.ts'] },
    },
    'server/db/queries/users.ts',
    'server/db/queries/events.ts',
    /import cycle: server\/db\/queries\/events.ts -> server\/db\/queries\/users.ts -> server\/db\/queries\/events.ts/,
  );
});

test.run();
