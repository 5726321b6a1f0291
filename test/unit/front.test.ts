import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Hono } from 'hono';
import type { AppEnv } from '../../server/http/context.ts';
import { front, answer, API_CSP, nextRequestId } from '../../server/http/middleware/front.ts';
import { rawPathOf, SECURITY_HEADERS } from '../../server/http/middleware/security.ts';
import { sessionCache } from '../../server/lib/auth/session-cache.ts';
import { logs } from '../../server/http/logs.ts';

test('rawPathOf reads the path exactly as new URL(href).pathname does', () => {
  for (const u of [
    'http://h/',
    'http://h:8080/api/user?page=1',
    'http://h/a%20b/c?x=%ZZ#frag',
    'https://h/x#y?z',
    'http://[::1]:3000/p/q/?',
    'http://h/%F0%9F%98%80/%00',
  ]) {
    assert.is(rawPathOf(new URL(u).href), new URL(u).pathname, u);
  }
});

const app = () => {
  let forgotten = 0;
  const sessions = {
    ...sessionCache(),
    forget: () => {
      forgotten++;
    },
  };
  const a = new Hono<AppEnv>();
  a.use('*', front({ sql: {} as never, config: {} as never, files: {} as never, mailer: {} as never, sessions }));
  a.get('/api/plain', (c) => answer(c, '{"ok":1}'));
  a.get('/api/with-header', (c) => {
    c.header('Retry-After', '7');
    return answer(c, '{"ok":2}', 429);
  });
  a.post('/api/write', (c) => answer(c, '{}'));
  a.put('/api/page/1', logs('pages'), (c) => answer(c, '{}'));
  a.put('/api/user/1', logs('users'), (c) => answer(c, '{}'));
  a.post('/api/user/bulk-delete', logs('users'), (c) => answer(c, '{}'));
  a.get('/page', (c) => c.html('<p>'));
  return { a, forgotten: () => forgotten };
};

test('an answer carries the security headers, no-store on the API and the request id; a header set before it is kept', async () => {
  const { a } = app();
  const r = await a.request('/api/plain', { headers: { 'X-Request-Id': 'trace-1' } });
  assert.is(await r.text(), '{"ok":1}');
  assert.is(r.headers.get('content-type'), 'application/json');
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) assert.is(r.headers.get(k), k === 'content-security-policy' ? API_CSP : v, k);
  assert.is(r.headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'", 'an API answer loads nothing');
  assert.is(r.headers.get('cache-control'), 'no-store');
  assert.is(r.headers.get('x-request-id'), 'trace-1');
  const h = await a.request('/api/with-header', { headers: { 'X-Request-Id': 'not ok!' } });
  assert.is(h.status, 429);
  assert.is(h.headers.get('retry-after'), '7', 'a header set on the context before the answer is not lost');
  assert.is(h.headers.get('x-frame-options'), 'DENY');
  assert.match(h.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/, 'a malformed id is replaced');
  const page = await a.request('/page');
  assert.is(page.headers.get('cache-control'), null, 'no-store only on the API');
  assert.is(page.headers.get('content-security-policy'), SECURITY_HEADERS['content-security-policy']);
  const missing = await a.request('/api/nothing');
  assert.is(missing.status, 404);
  assert.is(missing.headers.get('cache-control'), 'no-store', 'errors too');
});

test('made request ids are UUID-shaped and never repeat; an answer made without a client id carries one', async () => {
  const ids = Array.from({ length: 5000 }, nextRequestId);
  assert.is(new Set(ids).size, ids.length);
  for (const id of ids.slice(0, 3)) assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const { a } = app();
  const one = (await a.request('/api/plain')).headers.get('x-request-id');
  const two = (await a.request('/api/plain')).headers.get('x-request-id');
  assert.match(one ?? '', /^[0-9a-f-]{36}$/);
  assert.is.not(one, two);
});

test('the session cache is forgotten after a writing request, not after a read', async () => {
  const { a, forgotten } = app();
  await a.request('/api/plain');
  assert.is(forgotten(), 0);
  await a.request('/api/write', { method: 'POST' });
  assert.is(forgotten(), 1);
});

test('a write of a resource that changes no session (a page) keeps the session cache; a user write empties it', async () => {
  const { a, forgotten } = app();
  await a.request('/api/page/1', { method: 'PUT' });
  assert.is(forgotten(), 0, "pages are declared sessions: 'unchanged'");
  await a.request('/api/user/1', { method: 'PUT' });
  assert.is(forgotten(), 1);
});

test('a write of one user, role or organiser by id forgets only the sessions of its users; a bulk write forgets all', async () => {
  const sessions = sessionCache();
  const a = new Hono<AppEnv>();
  a.use('*', front({ sql: {} as never, config: {} as never, files: {} as never, mailer: {} as never, sessions }));
  a.put('/api/user/:id', logs('users'), (c) => answer(c, '{}'));
  a.put('/api/role/:id', logs('roles'), (c) => answer(c, '{}'));
  a.put('/api/organiser/:id', logs('organisers'), (c) => answer(c, '{}'));
  a.post('/api/user/bulk-delete', logs('users'), (c) => answer(c, '{}'));
  const user = (id: number, roleId: number, companyId: number | null) => ({ id, roles: [{ id: roleId, name: `r${roleId}` }], companyId }) as never;
  const keep = async () => {
    await sessions.lookup('h1', async () => user(1, 10, null));
    await sessions.lookup('h2', async () => user(2, 20, null));
    await sessions.lookup('h3', async () => user(3, 20, 7));
  };
  const held = async () => {
    const read: number[] = [];
    for (const [h, id] of [
      ['h1', 1],
      ['h2', 2],
      ['h3', 3],
    ] as const)
      await sessions.lookup(h, async () => {
        read.push(id);
        return undefined;
      });
    return [1, 2, 3].filter((id) => !read.includes(id));
  };
  await keep();
  await a.request('/api/user/2', { method: 'PUT' });
  assert.equal(await held(), [1, 3], "user 2's session forgotten, the others kept");
  sessions.forget();
  await keep();
  await a.request('/api/role/20', { method: 'PUT' });
  assert.equal(await held(), [1], 'the members of role 20 forgotten');
  sessions.forget();
  await keep();
  await a.request('/api/organiser/7', { method: 'PUT' });
  assert.equal(await held(), [1, 2], "organiser 7's staff forgotten");
  sessions.forget();
  await keep();
  await a.request('/api/user/bulk-delete', { method: 'POST' });
  assert.equal(await held(), [], 'a bulk write forgets every session');
});

test.run();
