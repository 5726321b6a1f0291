import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { http, HttpError, TimeoutError, encodeBody, onSignedOut, qs } from '../../src/lib/http.ts';

interface Seen {
  url: string;
  init: RequestInit;
}
let seen: Seen[] = [];
function answer(status: number, body: unknown) {
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
}
const header = (s: Seen, name: string) => (s.init.headers as Record<string, string>)[name];

// The files after this one, in the same process, get the real fetch back.
const realFetch = globalThis.fetch;
test.after(() => {
  globalThis.fetch = realFetch;
});

test.before.each(() => {
  resetDom();
  seen = [];
  (globalThis as { APP_CONFIG?: object }).APP_CONFIG = { apiBaseUrl: 'https://api.test/api', recognitionBaseUrl: 'https://rec.test/' };
  document.cookie = 'XSRF-TOKEN=abc%3D; path=/';
});

test('calls go to the configured base with the stored bearer token', async () => {
  localStorage.setItem('token', 't0k');
  answer(200, { status: 'success', message: '', data: [] });
  await http.get('permission?page=2');
  assert.is(seen[0].url, 'https://api.test/api/permission?page=2');
  assert.is(header(seen[0], 'Authorization'), 'Bearer t0k');
});
test('a session without Remember Me is read from sessionStorage', async () => {
  sessionStorage.setItem('token', 'short');
  answer(200, { status: 'success', message: '', data: null });
  await http.get('user/get');
  assert.is(header(seen[0], 'Authorization'), 'Bearer short');
});
test('changes are form-encoded and echo the XSRF cookie', async () => {
  answer(200, { status: 'success', message: 'ok', data: null });
  await http.post('permission', { name: 'a & b', empty: undefined });
  const body = seen[0].init.body as URLSearchParams;
  assert.instance(body, URLSearchParams);
  assert.is(body.toString(), 'name=a+%26+b');
  assert.is(header(seen[0], 'X-XSRF-TOKEN'), 'abc=');
});
test('a body holding a file is sent as multipart', () => {
  const fd = encodeBody({ file: new Blob(['x']), event_id: 3 });
  assert.instance(fd, FormData);
});
test("the recognition service gets JSON with the user's bearer and XSRF, and no service token", async () => {
  localStorage.setItem('token', 't0k');
  answer(200, { status: 'success', message: '', data: { id: 9 } });
  await http.post('events', { name: 'Run' }, { service: 'recognition' });
  assert.is(seen[0].url, 'https://rec.test/events');
  assert.is(header(seen[0], 'Authorization'), 'Bearer t0k');
  assert.is(header(seen[0], 'X-XSRF-TOKEN'), 'abc=');
  assert.is(header(seen[0], 'X-Api-Key'), undefined);
  assert.is(seen[0].init.body, '{"name":"Run"}');
});
test('a call that gets no answer in time is aborted and rejects with a TimeoutError naming the limit', async () => {
  let aborted = false;
  globalThis.fetch = ((_url: string, init: RequestInit) =>
    new Promise((_resolve, reject) => {
      init.signal!.addEventListener('abort', () => {
        aborted = true;
        reject(new DOMException('aborted', 'AbortError'));
      });
    })) as typeof fetch;
  const err = await http.post('events', {}, { service: 'recognition', timeoutMs: 20 }).catch((e) => e);
  assert.instance(err, TimeoutError);
  assert.is(err.status, 0);
  assert.ok(aborted);
});
test('validation_error rejects with an HttpError carrying status and errors', async () => {
  answer(422, { status: 'validation_error', message: 'bad', data: null, errors: { name: ['The name field is required.'] } });
  try {
    await http.post('permission', {});
    assert.unreachable();
  } catch (err) {
    assert.instance(err, HttpError);
    assert.is((err as HttpError).status, 422);
    assert.equal((err as HttpError).body?.errors, { name: ['The name field is required.'] });
  }
});
test('a GET answered with status error tells the signed-out subscribers, until they unsubscribe', async () => {
  let called = 0;
  const stop = onSignedOut(() => called++);
  answer(401, { status: 'error', message: 'Unauthenticated.', data: null });
  await http.get('user/get').catch(() => undefined);
  assert.is(called, 1);
  answer(403, { status: 'forbidden', message: 'No.', data: null });
  await http.get('role').catch(() => undefined);
  assert.is(called, 1);
  stop();
  answer(401, { status: 'error', message: 'Unauthenticated.', data: null });
  await http.get('user/get').catch(() => undefined);
  assert.is(called, 1);
});
test('a network failure rejects with status 0 and a readable message', async () => {
  globalThis.fetch = (async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  const err = await http.get('x').catch((e) => e);
  assert.instance(err, HttpError);
  assert.is(err.status, 0);
  assert.match(err.message, /could not be reached/);
});
test('qs leaves out empty values', () => {
  assert.is(qs({ page: 2, q: '', x: undefined }), '?page=2');
  assert.is(qs({}), '');
});
test.run();
