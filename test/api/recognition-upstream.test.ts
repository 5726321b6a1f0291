import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, recognitionEvent, type Organiser } from './campaigns-fixtures.ts';

// With RECOGNITION_UPSTREAM_URL the server forwards each (validated, scoped) call to the upstream
// service with the static token; the browser never sends or sees it (DESIGN.md §1, §4).

interface Seen {
  method: string;
  url: string;
  key: string | undefined;
  auth: string | undefined;
  body: unknown;
}
const seen: Seen[] = [];
let nextId = 7000;
let upstream: Server;
let api: TestApi;
let a: Organiser;
let b: Organiser;

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (d) => (s += d));
    req.on('end', () => resolve(s));
  });

test.before(async () => {
  upstream = createServer(async (req, res) => {
    const text = await read(req);
    seen.push({
      method: req.method!,
      url: req.url!,
      key: req.headers['x-api-key'] as string | undefined,
      auth: req.headers.authorization,
      body: text ? JSON.parse(text) : undefined,
    });
    res.setHeader('Content-Type', 'application/json');
    if (req.headers['x-api-key'] !== 'upstream-secret') {
      res.statusCode = 403;
      res.end('{"status":"error","message":"bad key"}');
      return;
    }
    if (req.url === '/v1/payment-slabs') res.end(JSON.stringify({ status: 'success', message: '', data: { 9: { name: 'Gold', description: 'All photos' } } }));
    else if (req.method === 'POST' && req.url === '/v1/events') res.end(JSON.stringify({ status: 'success', message: 'Created', data: { id: ++nextId } }));
    else res.end(JSON.stringify({ status: 'success', message: 'ok', data: null }));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1/`;
  api = await startTestApi({ recognitionUpstreamUrl: url, recognitionToken: 'upstream-secret' });
  a = await makeOrganiser(api, 'Up A');
  b = await makeOrganiser(api, 'Up B');
});
test.after(async () => {
  await api.stop();
  await new Promise((r) => upstream.close(r));
});

test('create and BIB filter go upstream with the static token and no user token; the upstream id is answered', async () => {
  seen.length = 0;
  const r = await api.call('POST', '/recognition/events', { json: recognitionEvent, token: a.token });
  assert.is(r.status, 200);
  assert.is(r.body.data.id, nextId);
  const bib = await api.call('POST', `/recognition/events/${r.body.data.id}/bib_filter`, {
    json: { bib_start_range: '1', bib_end_range: '9', bib_prefix: '', is_bib_present: true },
    token: a.token,
  });
  assert.is(bib.status, 200);
  assert.equal(
    seen.map((s) => `${s.method} ${s.url}`),
    ['POST /v1/events', `POST /v1/events/${nextId}/bib_filter`],
  );
  for (const s of seen) {
    assert.is(s.key, 'upstream-secret');
    assert.is(s.auth, undefined);
  }
  assert.is((seen[0].body as { slug: string }).slug, 'city-run');
});

test("another organiser's upstream event is refused before anything is forwarded", async () => {
  const id = (await api.call('POST', '/recognition/events', { json: recognitionEvent, token: a.token })).body.data.id;
  seen.length = 0;
  assert.is((await api.call('DELETE', `/recognition/events/${id}`, { token: b.token })).status, 403);
  assert.is(seen.length, 0);
  assert.is((await api.call('DELETE', `/recognition/events/${id}`, { token: a.token })).status, 200);
  assert.equal(
    seen.map((s) => `${s.method} ${s.url}`),
    [`DELETE /v1/events/${id}`],
  );
});

test('payment slabs come from upstream; an anonymous caller reaches nothing upstream', async () => {
  seen.length = 0;
  assert.is((await api.call('GET', '/recognition/payment-slabs')).status, 401);
  assert.is(seen.length, 0);
  const r = await api.call('GET', '/recognition/payment-slabs', { token: a.token });
  assert.equal(r.body.data, { 9: { name: 'Gold', description: 'All photos' } });
});

test('an unreachable upstream answers 502 with a clear message and the server keeps serving', async () => {
  const down = await startTestApi({ recognitionUpstreamUrl: 'http://127.0.0.1:9/', recognitionToken: 'x' });
  try {
    const r = await down.call('GET', '/recognition/payment-slabs', { token: await down.login() });
    assert.is(r.status, 502);
    assert.match(r.body.message, /photo-recognition service could not be reached/);
    assert.is((await down.call('GET', '/api/ping')).status, 200);
  } finally {
    await down.stop();
  }
});

test.run();
