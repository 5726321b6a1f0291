import { test } from 'uvu';
import * as assert from 'uvu/assert';
import net from 'node:net';
import http from 'node:http';
import { ADMIN, testEngine } from './harness.ts';
import { apiCall, apiLogin, spawnServer, type ChildServer } from './child-server.ts';
import { awaitJob } from './import-job.ts';
import { photoSheet, printed, sigterm, stopStorage } from './stop-storage.ts';

// Graceful stop (README "Several API processes": stopped processes finish their requests), on
// the harness engine: a child API process gets SIGTERM with requests in flight and no drain delay
// (SHUTDOWN_DELAY_MS 0: the work stops at the signal, the port closes once no connection came for
// half a second; test/api/rolling-restart.test.ts covers the delay, graceful-stop-stream.test.ts a
// stream of connections across the signal).

const IN_FLIGHT = 30;
const XSRF = 'graceful-stop-xsrf-0123456789';

/**
 * A form POST on a connection of its own (no keep-alive). `sent` resolves once the whole request
 * is written to the socket; `answer` to the status and body, or to status 0 and the error.
 */
function post(base: string, p: string, form: Record<string, string>, token?: string) {
  const body = new URLSearchParams(form).toString();
  const req = http.request(`${base}/api/${p}`, {
    method: 'POST',
    agent: false,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': Buffer.byteLength(body),
      Accept: 'application/json',
      Cookie: `XSRF-TOKEN=${XSRF}`,
      'X-XSRF-TOKEN': XSRF,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  const sent = new Promise<void>((resolve) => req.once('finish', () => resolve()));
  const answer = new Promise<{ status: number; body: string }>((resolve) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.once('error', (err) => resolve({ status: 0, body: String(err) }));
  });
  req.end(body);
  return { sent, answer };
}

/**
 * A form POST whose body arrives in two parts: the server has taken the request (its handler
 * runs, reading the body) and cannot answer it until `finish()` sends the rest. It keeps the
 * stopping process busy for as long as the test needs, whatever the machine's speed.
 */
function heldPost(base: string, p: string, form: Record<string, string>, token: string) {
  const body = Buffer.from(new URLSearchParams(form).toString());
  const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
  let text = '';
  socket.on('data', (b) => (text += b));
  const answer = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  socket.write(
    `POST /api/${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${body.length}\r\nAccept: application/json\r\nConnection: close\r\nCookie: XSRF-TOKEN=${XSRF}\r\n` +
      `X-XSRF-TOKEN: ${XSRF}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
  );
  socket.write(body.subarray(0, 5));
  return { answer, finish: () => socket.write(body.subarray(5)) };
}

test(`[${testEngine}] 30 requests in flight at SIGTERM are all answered, their writes kept, a running import finishes, and the process exits 0`, async () => {
  const s = await stopStorage();
  let server: ChildServer | undefined;
  try {
    const { eventId } = await s.event();
    server = await spawnServer(s.env);
    const url = server.url;
    const token = await apiLogin(url, ADMIN.email, ADMIN.password);
    const role = await apiCall(url, 'POST', 'role', { token, form: { name: 'stopper' } });
    assert.is(role.status, 200, JSON.stringify(role.body));
    // A small photo import that is still writing when the signal comes: it finishes within the grace period.
    const upload = await apiCall(url, 'POST', 'uploadExcel', {
      token,
      form: { event_id: String(eventId), excel: photoSheet(3000), photo_price_type_id: '1', photo_price: '' },
    });
    assert.is(upload.status, 200, JSON.stringify(upload.body).slice(0, 300));

    // Each request creates a user (a password hash, then a write): at most two hashes run at
    // once, so on a slow machine the last answers come after the signal. A fast one may have
    // answered them all before it; the held request below is in flight whatever the speed.
    const calls = Array.from({ length: IN_FLIGHT }, (_, i) =>
      post(url, 'user', { name: `Stop ${i}`, email: `stop${i}@example.com`, password: 'Secret-pass-1', role: String(role.body.data.id) }, token),
    );
    const answers = Promise.all(calls.map((c) => c.answer));
    // A request the server has taken but cannot answer until the test says: the stop waits for it,
    // so the late request below reaches a process that is still stopping.
    const held = heldPost(url, 'role', { name: 'held in flight' }, token);
    // A request whose headers are still arriving when the stop begins.
    const late = net.connect(Number(new URL(url).port), '127.0.0.1');
    let lateAnswer = '';
    late.on('data', (b) => (lateAnswer += b));
    const lateClosed = new Promise((r) => late.on('close', r));
    late.write('GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // Once every request is written, a ping on a new connection is read after them: when it is
    // answered, the server has taken all of them.
    await Promise.all(calls.map((c) => c.sent));
    assert.is(
      await new Promise((resolve) =>
        http.get(`${url}/api/ping`, { agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode);
        }),
      ),
      200,
    );

    const running = await s.row<{ state: string }>('SELECT state FROM import_jobs WHERE id = ?', [upload.body.data.job_id]);
    assert.ok(running?.state === 'queued' || running?.state === 'running', `the import is still running at SIGTERM (${running?.state})`);
    const exit = sigterm(server);
    await printed(server, /Port closed/);
    late.write('\r\n');
    const refused = await apiCall(url, 'GET', 'ping').then(
      (r) => r.status,
      () => 'refused',
    );
    await lateClosed;
    held.finish();
    const heldAnswer = await held.answer;
    const results = await answers;
    const { code, signal } = await exit;

    assert.equal(
      results.map((r) => r.status),
      Array(IN_FLIGHT).fill(200),
      JSON.stringify(results.filter((r) => r.status !== 200)).slice(0, 500),
    );
    assert.equal({ code, signal }, { code: 0, signal: null }, server.output());
    assert.match(server.output(), /Stopped\./);
    assert.is(refused, 'refused', 'a new connection after the port closed is refused');
    assert.match(heldAnswer, /^HTTP\/1\.1 200 /, 'a request whose body was still arriving at the signal is answered');
    assert.match(lateAnswer, /^HTTP\/1\.1 200 /, 'a request still arriving when the port closed is answered');
    assert.match(lateAnswer, /"data":"pong"/);
    assert.match(lateAnswer, /\r\nConnection: close\r\n/i, 'and its connection closed');
    // It stopped because its work was done, not because the grace period (25 s) ran out on it.
    assert.not.match(server.output(), /after the grace period/, 'the stop waited out the grace period');

    assert.is(await s.count("SELECT COUNT(*) AS n FROM users WHERE email LIKE 'stop%'"), IN_FLIGHT, 'every user created in flight was saved');
    assert.is(await s.count("SELECT COUNT(*) AS n FROM roles WHERE name = 'held in flight'"), 1, "the held request's write was saved");
    assert.is(await s.count('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [eventId]), 3000, 'the running import finished');
    const job = await s.row<{ state: string; rows_written: number }>('SELECT state, rows_written FROM import_jobs WHERE id = ?', [upload.body.data.job_id]);
    assert.equal(job, { state: 'done', rows_written: 3000 });

    // The data is whole: a new process serves it.
    server = await spawnServer(s.env);
    const token2 = await apiLogin(server.url, 'stop0@example.com', 'Secret-pass-1');
    const done = await awaitJob((m, p, o) => apiCall(server!.url, m, p, o), await apiLogin(server.url, ADMIN.email, ADMIN.password), upload);
    assert.is(done.message, 'Successfully uploaded photos');
    assert.ok(token2);
  } finally {
    await server?.kill();
    await s.dispose();
  }
});

test(`[${testEngine}] an import still running when the grace period ends is rolled back whole and shows failed; the process exits 0 and the sheet imports again`, async () => {
  const s = await stopStorage();
  let server: ChildServer | undefined;
  try {
    const { eventId } = await s.event();
    server = await spawnServer({ ...s.env, SHUTDOWN_GRACE_MS: '200' });
    const token = await apiLogin(server.url, ADMIN.email, ADMIN.password);
    const form = () => ({ event_id: String(eventId), excel: photoSheet(40_000), photo_price_type_id: '1', photo_price: '' });
    const upload = await apiCall(server.url, 'POST', 'uploadExcel', { token, form: form() });
    assert.is(upload.status, 200, JSON.stringify(upload.body).slice(0, 300));
    const id = upload.body.data.job_id;
    for (
      let j: { state: string } | undefined;
      (j = await s.row<{ state: string }>('SELECT state FROM import_jobs WHERE id = ?', [id]))?.state !== 'running';
    ) {
      assert.is(j?.state, 'queued');
      await new Promise((r) => setTimeout(r, 10));
    }
    const { code, signal } = await sigterm(server);
    assert.equal({ code, signal }, { code: 0, signal: null }, server.output());
    assert.match(server.output(), /Stopped after the grace period/);
    assert.equal(await s.row('SELECT state, rows_written, message FROM import_jobs WHERE id = ?', [id]), {
      state: 'failed',
      rows_written: 0,
      message: 'The server stopped before this import finished; nothing was imported. Please import the file again.',
    });
    assert.is(await s.count('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [eventId]), 0, 'nothing of the stopped import was written');

    server = await spawnServer(s.env);
    const token2 = await apiLogin(server.url, ADMIN.email, ADMIN.password);
    const call = (m: string, p: string, o: { token?: string }) => apiCall(server!.url, m, p, o);
    assert.is((await awaitJob(call, token2, upload)).state, 'failed');
    const again = await awaitJob(call, token2, await apiCall(server.url, 'POST', 'uploadExcel', { token: token2, form: form() }), 120_000, 100);
    assert.equal([again.state, again.rows_written], ['done', 40_000]);
    assert.is(await s.count('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [eventId]), 40_000, "exactly the sheet's rows");
  } finally {
    await server?.kill();
    await s.dispose();
  }
});

test.run();
