import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { loggedPath } from '../../server/http/logged-path.ts';
import { apiRoutes } from '../../server/routes/index.ts';
import { recognitionRoutes } from '../../server/recognition/routes.ts';

const TOKEN = 'Zq9xK2mPw4Rt7Yv1Bn3Hc5Jd8Lf0Gs6Ae2Uo4Ii9Wk';

test('loggedPath keeps the first 4 characters of a gallery token in the page path and in every gallery call', () => {
  assert.is(loggedPath(`/gallery/${TOKEN}`), '/gallery/Zq9x…');
  assert.is(loggedPath(`/api/gallery/${TOKEN}`), '/api/gallery/Zq9x…');
  assert.is(loggedPath(`/api/gallery/${TOKEN}/consent`), '/api/gallery/Zq9x…/consent');
  assert.is(loggedPath(`/API/Gallery/${TOKEN}/erasure`), '/API/Gallery/Zq9x…/erasure', 'a path in other letter cases is still a token');
  assert.is(loggedPath('/api/gallery/abc'), '/api/gallery/…', 'a short one is not shown at all');
});

test('loggedPath leaves a path without a secret as it is', () => {
  for (const p of ['/api/user/12', '/api/event/3/participants', '/gallery', '/gallery/', '/api/galleryx/abc', '/', '']) assert.is(loggedPath(p), p);
});

/** Route parameters shown in logs: record ids, and a resource's key (the leases' `/leases/:resource/:id`, src/common/resources.ts). Any other parameter is a secret. */
const IDS = new Set(['id', 'companyId', 'pid', 'delivery', 'resource']);

/** `pattern` (`/gallery/:token/consent`) with SECRET-… for each secret parameter and 7 for each id. */
const concrete = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => (IDS.has(name) ? '7' : `SECRET-${name}-0123456789`));

test('every API and console route with a parameter that is not a record id has it redacted in logs', () => {
  const api = [...apiRoutes.routes.map((r) => `/api${r.path}`), ...recognitionRoutes.routes.map((r) => `/recognition${r.path}`)];
  // The console's own addresses (src/app/app.tsx): its pages are served, and logged, by the API process.
  const pages = [...readFileSync(new URL('../../src/app/app.tsx', import.meta.url), 'utf8').matchAll(/<Route[^>]*\bpath="([^"]+)"/g)].map((m) => m[1]);
  const withSecret = [...api, ...pages].filter((p) => /:(\w+)/.test(p) && [...p.matchAll(/:(\w+)/g)].some((m) => !IDS.has(m[1])));
  assert.ok(withSecret.includes('/api/gallery/:token/consent') && withSecret.includes('/gallery/:token'), `the walk sees the gallery routes: ${withSecret}`);
  const leaking = withSecret.filter((p) => loggedPath(concrete(p)).includes('SECRET-'));
  assert.equal(leaking, [], 'each is cut short by loggedPath (name its segment in SECRET_AFTER)');
});

test.run();
