import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { createApp } from '../../server/app.ts';
import type { FileStore } from '../../server/lib/files/file-store.ts';
import { diskStore } from '../../server/lib/files/disk-store.ts';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { apiRequest } from './call.ts';

let api: TestApi;
test.before(async () => { api = await startTestApi(); });
test.after(async () => { await api.stop(); });

test('GET /api/health answers 200 with every check ok, without signing in', async () => {
  const r = await api.call('GET', 'health');
  assert.is(r.status, 200);
  assert.equal(r.body.data, { database: 'ok', migrations: 'ok', storage: 'ok', engine: testEngine, storage_kind: testEngine === 'postgres' ? 'database' : 'disk' });
  assert.is(r.body.status, 'success');
});

test('GET /api/health answers 503 with the envelope when the file store cannot be written', async () => {
  const broken: FileStore = { ...diskStore(api.config.dataDir), probe: async () => { throw new Error('read-only file system'); } };
  const res = await createApp(api.sql, api.config, broken).fetch(new Request('http://x/api/health'));
  assert.is(res.status, 503);
  const body = await res.json();
  assert.is(body.status, 'server_error');
  assert.is(body.data.storage, 'failing: read-only file system');
  assert.is(body.data.database, 'ok');
});

test('one JSON log line per request: method, path without query, status, ms, user id; never the token or body', async () => {
  const lines: string[] = [];
  const app = createApp(api.sql, api.config, api.files, { log: (l) => lines.push(l) });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => { const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s)); });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const token = await api.login();
  const me = (await api.call('GET', 'user/get', { token })).body.data;
  try {
    assert.is((await apiRequest(base, 'GET', 'user/get?secret=abc', { token })).status, 200);
    await apiRequest(base, 'POST', 'login', { xsrf: 'a', form: { email: 'admin@example.com', password: 'Wrong-pass-1' } });
  } finally { server.close(); }
  assert.is(lines.length, 2);
  const first = JSON.parse(lines[0]);
  assert.equal({ method: first.method, path: first.path, status: first.status, user: first.user }, { method: 'GET', path: '/api/user/get', status: 200, user: me.id });
  assert.type(first.ms, 'number');
  const second = JSON.parse(lines[1]);
  assert.equal({ path: second.path, status: second.status, user: second.user }, { path: '/api/login', status: 401, user: null });
  for (const l of lines) assert.not.match(l, new RegExp(`${token}|Wrong-pass|secret|admin%40`));
});

test.run();
