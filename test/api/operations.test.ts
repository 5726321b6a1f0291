import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { createApp } from '../../server/app.ts';
import type { FileStore } from '../../server/lib/files/file-store.ts';
import { diskStore } from '../../server/lib/files/disk-store.ts';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { apiRequest } from './call.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '../../server/runtime/log.ts';
import { apiCall, apiLogin, spawnServer } from './child-server.ts';
import { ADMIN } from './harness.ts';
import { PNG } from './campaigns-fixtures.ts';

let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after(async () => {
  await api.stop();
});

test('GET /api/health answers 200 with every check ok, without signing in', async () => {
  const r = await api.call('GET', 'health');
  assert.is(r.status, 200);
  assert.equal(r.body.data, {
    database: 'ok',
    migrations: 'ok',
    storage: 'ok',
    engine: testEngine,
    storage_kind: testEngine === 'postgres' ? 'database' : 'disk',
  });
  assert.is(r.body.status, 'success');
});

test('GET /api/health answers 503 with the envelope when the file store cannot be written', async () => {
  const broken: FileStore = {
    ...diskStore(api.config.dataDir),
    probe: async () => {
      throw new Error('read-only file system');
    },
  };
  const res = await createApp(api.sql, api.config, broken).fetch(new Request('http://x/api/health'));
  assert.is(res.status, 503);
  const body = await res.json();
  assert.is(body.status, 'server_error');
  assert.is(body.data.storage, 'failing: read-only file system');
  assert.is(body.data.database, 'ok');
});

test('one JSON log line per request: request id, method, path without query, status, ms, user id; never the token or body', async () => {
  const lines: string[] = [];
  const logger = createLogger({
    write: (l: string) => {
      lines.push(l);
    },
  });
  const app = createApp(api.sql, api.config, api.files, { log: logger });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const token = await api.login();
  const me = (await api.call('GET', 'user/get', { token })).body.data;
  let firstId = '';
  try {
    const r = await apiRequest(base, 'GET', 'user/get?secret=abc', { token, headers: { 'X-Request-Id': 'trace-42' } });
    assert.is(r.status, 200);
    firstId = r.headers.get('x-request-id') ?? '';
    await apiRequest(base, 'POST', 'login', { xsrf: 'a', form: { email: 'admin@example.com', password: 'Wrong-pass-1' } });
  } finally {
    server.close();
  }
  assert.is(firstId, 'trace-42', "the client's request id is kept and answered");
  assert.is(lines.length, 2);
  const first = JSON.parse(lines[0]);
  assert.equal(
    { level: first.level, req_id: first.req_id, method: first.method, path: first.path, status: first.status, user: first.user },
    { level: 'info', req_id: 'trace-42', method: 'GET', path: '/api/user/get', status: 200, user: me.id },
  );
  assert.type(first.ms, 'number');
  assert.ok(!Number.isNaN(Date.parse(first.time)), 'an ISO time');
  const second = JSON.parse(lines[1]);
  assert.equal({ path: second.path, status: second.status, user: second.user }, { path: '/api/login', status: 401, user: null });
  assert.match(second.req_id, /^[0-9a-f-]{36}$/, 'a generated id when the client sends none');
  for (const l of lines) assert.not.match(l, new RegExp(`${token}|Wrong-pass|secret|admin%40`));
});

test('every line the server prints is JSON, errors included: a failed write logs its error with the request id', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'log-lines-'));
  writeFileSync(path.join(dataDir, 'uploads'), 'not a folder'); // the image store cannot write
  const child = await spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    FILE_STORE: 'disk',
    LOG_REQUESTS: '1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  let failedId = '';
  try {
    const token = await apiLogin(child.url, ADMIN.email, ADMIN.password);
    await apiCall(child.url, 'POST', 'login', { form: { email: ADMIN.email, password: 'Wrong-pass-1' } });
    const r = await apiCall(child.url, 'PUT', 'settings/company', {
      token,
      form: { name: 'Co', primary_mail: '', sales_mail: '', phone: '', address: '', logo: PNG },
    });
    assert.is(r.status, 500);
    assert.is(r.body.message, 'Something went wrong.');
    failedId = r.headers.get('x-request-id') ?? '';
    // Lines are written off the event loop: awaited until the failed request's line is out (10 s: a failure guard only).
    const out = (id: string) =>
      child
        .output()
        .split('\n')
        .some((l) => l.includes('"msg":"request"') && l.includes(id));
    for (const guard = Date.now() + 10_000; !out(failedId) && Date.now() < guard; ) await new Promise((resolve) => setTimeout(resolve, 10));
  } finally {
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const lines = child
    .output()
    .split('\n')
    .filter((l) => l.trim());
  const parsed = lines.map((l) => {
    try {
      return JSON.parse(l);
    } catch {
      assert.unreachable(`not JSON: ${l}`);
      return null;
    }
  });
  assert.ok(
    parsed.some((l) => /listening on http/.test(l.msg)),
    'the start-up lines too',
  );
  const error = parsed.find((l) => l.level === 'error');
  assert.ok(error, 'the error is logged');
  assert.is(error.req_id, failedId);
  assert.is(error.path, '/api/settings/company');
  assert.match(error.err.stack, /Error/);
  const requests = parsed.filter((l) => l.msg === 'request');
  assert.equal(
    requests.map((l) => l.status),
    [200, 401, 500],
  );
  assert.is(requests[2].req_id, failedId);
  assert.not.match(child.output(), new RegExp(`Wrong-pass|${PNG.slice(30, 60).replace(/[+/]/g, '.')}`));
});

test.run();
