import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApi, type TestApi } from './harness.ts';

// DESIGN.md §1, §3: no answer of the API or the photo-recognition API may be cached, errors
// included; the console's config carries no token; no source map is served.

let api: TestApi;
let token: string;
const staticDir = mkdtempSync(path.join(tmpdir(), 'static-'));
test.before(async () => {
  cpSync('static', staticDir, { recursive: true });
  writeFileSync(path.join(staticDir, 'app-ABCDEFGH.js'), 'export {};\n');
  writeFileSync(path.join(staticDir, 'app-ABCDEFGH.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  api = await startTestApi({ staticDir });
  token = await api.login();
});
test.after(async () => {
  await api.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

test('every /api/ and /recognition/ answer says Cache-Control: no-store, success or error', async () => {
  const answers = [
    await api.call('GET', 'user/get', { token }),
    await api.call('GET', 'user/get'),
    await api.call('POST', 'login', { form: { email: 'nobody@example.com', password: 'wrong' } }),
    await api.call('POST', 'permission', { token, form: { name: 'x' }, xsrf: false }),
    await api.call('GET', 'no-such-route', { token }),
    await api.call('GET', '/recognition/payment-slabs', { token }),
    await api.call('GET', '/recognition/payment-slabs'),
    await api.call('POST', '/recognition/events', { token, json: {} }),
  ];
  assert.equal(
    answers.map((a) => a.status),
    [200, 401, 401, 419, 404, 200, 401, 422],
  );
  for (const a of answers) assert.is(a.headers.get('cache-control'), 'no-store', String(a.status));
});

test('every answer carries the security headers: JSON, errors, a streamed CSV export, static files', async () => {
  const answers = [
    await api.call('GET', 'user/get', { token }),
    await api.call('GET', 'no-such-route', { token }),
    await api.call('GET', 'user/export', { token }),
    await api.call('GET', '/recognition/payment-slabs', { token }),
    await fetch(`${api.url}/`),
    await fetch(`${api.url}/app-ABCDEFGH.js`),
  ];
  assert.equal(
    answers.map((a) => a.status),
    [200, 404, 200, 200, 200, 200],
  );
  assert.match(answers[2].headers.get('content-type') ?? '', /text\/csv/);
  for (const a of answers) {
    assert.match(a.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, String(a.status));
    assert.is(a.headers.get('x-content-type-options'), 'nosniff');
    assert.is(a.headers.get('x-frame-options'), 'DENY');
  }
  assert.is(answers[2].headers.get('cache-control'), 'no-store', 'the export is not cached either');
});

test('/config.js holds no token of any kind', async () => {
  const r = await fetch(`${api.url}/config.js`);
  assert.is(r.status, 200);
  const window: { APP_CONFIG?: Record<string, unknown> } = {};
  new Function('window', await r.text())(window);
  assert.is(window.APP_CONFIG!.recognitionBaseUrl, '/recognition/');
  for (const [k, v] of Object.entries(window.APP_CONFIG!)) {
    assert.not.match(k, /token|key|secret/i);
    assert.not.match(String(v), /demo-recognition-token/);
  }
});

test('source maps are not served, the bundle they belong to is', async () => {
  assert.is((await fetch(`${api.url}/app-ABCDEFGH.js`)).status, 200);
  const map = await fetch(`${api.url}/app-ABCDEFGH.js.map`);
  assert.is(map.status, 404);
  assert.not.match(await map.text(), /sources/);
});

test.run();
