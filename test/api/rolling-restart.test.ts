import { test } from 'uvu';
import * as assert from 'uvu/assert';
import net from 'node:net';
import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { ADMIN, testEngine } from './harness.ts';
import { apiLogin, spawnServer, type ChildServer } from './child-server.ts';
import { printed, sigterm, stopStorage } from './stop-storage.ts';

// A rolling restart drops nothing (README "Roll out a release", docs/architecture.md "Stopping"):
// a child API process gets SIGTERM while requests arrive, on the harness engine.

const ROUNDS = 10;
const PER_ROUND = 30;
/** Requests are sent from this many ms before the signal up to the signal itself. */
const WINDOW_MS = 60;
/** The drain delay of the fault test: longer than the sending window, short enough for 10 rounds. */
const DELAY_MS = 1000;
const XSRF = 'rolling-restart-xsrf-0123456789';

interface Answer {
  status: number;
  retryAfter?: string;
  connection?: string;
  body: string;
  error?: string;
}

/**
 * A GET on a connection of its own (`agent: false`: a fresh connection, closed after the answer).
 * Resolves to the status and headers, or to status 0 and the error (a reset, a refused connection).
 */
function get(base: string, p: string, token?: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.get(
      `${base}/api/${p}`,
      {
        agent: false,
        headers: { Accept: 'application/json', Cookie: `XSRF-TOKEN=${XSRF}`, 'X-XSRF-TOKEN': XSRF, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], connection: res.headers.connection, body }));
        res.on('error', (err) => resolve({ status: 0, body, error: String(err) }));
      },
    );
    req.on('error', (err) => resolve({ status: 0, body: '', error: `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}` }));
  });
}

/** Two processes spinning on the cores for as long as the test runs (`stop` ends them). */
function busyLoops(n = 2): { stop(): Promise<void> } {
  const procs: ChildProcess[] = Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return {
    async stop() {
      await Promise.all(
        procs.map(
          (p) =>
            new Promise<void>((resolve) => {
              if (p.exitCode !== null || p.signalCode !== null) return resolve();
              p.once('exit', () => resolve());
              p.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}

test(`[${testEngine}] ${ROUNDS} rounds of ${PER_ROUND} requests sent 0–${WINDOW_MS} ms before SIGTERM, under two busy loops: no connection is reset, every request is answered, the process exits 0`, async () => {
  const s = await stopStorage();
  const loops = busyLoops();
  let server: ChildServer | undefined;
  const failures: string[] = [];
  let answered = 0;
  try {
    let token = '';
    for (let round = 1; round <= ROUNDS; round++) {
      server = await spawnServer({ ...s.env, SHUTDOWN_DELAY_MS: String(DELAY_MS) }, 60_000);
      const url = server.url;
      token ||= await apiLogin(url, ADMIN.email, ADMIN.password);
      // Half pings, half a signed-in list read, spread evenly over the window; the signal goes last.
      let signalled = false;
      const sends: Promise<Answer & { afterSignal: boolean; p: string }>[] = [];
      const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
        for (let i = 0; i < PER_ROUND; i++) {
          const p = i % 2 ? 'user?page=1' : 'ping';
          sends.push(
            new Promise((resolve) =>
              setTimeout(
                () => {
                  const afterSignal = signalled;
                  get(url, p, p === 'ping' ? undefined : token).then((a) => resolve({ ...a, afterSignal, p }));
                },
                (i * WINDOW_MS) / PER_ROUND,
              ),
            ),
          );
        }
        setTimeout(() => {
          signalled = true;
          sigterm(server!).then(resolve);
        }, WINDOW_MS);
      });
      const results = await Promise.all(sends);
      const { code, signal } = await exit;
      for (const r of results) {
        const retry = r.status === 503 && r.retryAfter !== undefined && r.afterSignal;
        if (r.status === 200 || retry) answered++;
        else failures.push(`round ${round}, ${r.p}: ${r.status || r.error} ${r.body.slice(0, 120)}`);
      }
      if (code !== 0 || signal !== null) failures.push(`round ${round}: exit ${code ?? signal}\n${server.output().slice(-2000)}`);
      else if (!/"msg":"Stopped\."/.test(server.output())) failures.push(`round ${round}: not a clean stop\n${server.output().slice(-2000)}`);
    }
    assert.equal(failures, [], `${failures.length} failures:\n${failures.slice(0, 20).join('\n')}`);
    assert.is(answered, ROUNDS * PER_ROUND);
    console.log(`  [${testEngine}] ${answered} of ${ROUNDS * PER_ROUND} requests answered, 0 resets, ${ROUNDS} clean exits`);
  } finally {
    await loops.stop();
    await server?.kill();
    await s.dispose();
  }
});

test(`[${testEngine}] during the drain delay /api/health answers 503 "stopping" with Retry-After while other calls answer 200 on new and kept-alive connections, each closing its connection; a second signal exits 1`, async () => {
  const s = await stopStorage();
  // A delay far longer than the test: the process stays in it until the second signal.
  const server = await spawnServer({ ...s.env, SHUTDOWN_DELAY_MS: '600000' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const token = await apiLogin(server.url, ADMIN.email, ADMIN.password);
    const before = await get(server.url, 'health');
    assert.is(before.status, 200, before.body);
    // A keep-alive connection opened (and left idle) before the signal.
    const kept = (p: string) =>
      new Promise<Answer>((resolve, reject) => {
        http
          .get(`${server.url}/api/${p}`, { agent, headers: { Accept: 'application/json' } }, (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
          })
          .on('error', reject);
      });
    const first = await kept('ping');
    assert.is(first.connection, 'keep-alive');

    const exit = sigterm(server);
    await printed(server, /SIGTERM: stopping/);
    const health = await get(server.url, 'health');
    assert.is(health.status, 503);
    assert.is(health.retryAfter, '1');
    assert.equal(JSON.parse(health.body), { status: 'server_error', message: 'The server is stopping.', data: { state: 'stopping' } });
    const ping = await get(server.url, 'ping');
    assert.is(ping.status, 200, 'a new connection is still accepted and served');
    assert.is(ping.connection, 'close');
    const list = await get(server.url, 'user?page=1', token);
    assert.is(list.status, 200, list.body);
    assert.ok(JSON.parse(list.body).data.data.length > 0);
    const reused = await kept('ping');
    assert.is(reused.status, 200, 'a request on a connection kept alive from before the signal is served');
    assert.is(reused.connection, 'close', 'and closes it');
    assert.not.match(server.output(), /Port closed/);

    server.proc.kill('SIGTERM');
    assert.equal(await exit, { code: 1, signal: null });
    assert.match(server.output(), /SIGTERM again: exiting now/);
  } finally {
    agent.destroy();
    await server.kill();
    await s.dispose();
  }
});

test(`[${testEngine}] a connection accepted before the port closes is served when its request comes after; a silent one is closed without a reset; the process exits 0`, async () => {
  const s = await stopStorage();
  const server = await spawnServer({ ...s.env, SHUTDOWN_DELAY_MS: '0' });
  try {
    const port = Number(new URL(server.url).port);
    const open = (): Promise<{ socket: net.Socket; text: () => string; closed: Promise<string | undefined> }> =>
      new Promise((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (b) => (text += b));
        const closed = new Promise<string | undefined>((r) => {
          let error: string | undefined;
          socket.on('error', (err) => {
            error = (err as NodeJS.ErrnoException).code;
          });
          socket.on('close', () => r(error));
        });
        socket.once('connect', () => resolve({ socket, text: () => text, closed }));
      });
    const late = await open();
    const silent = await open();
    // Connections are taken in the order they came: once a later one is answered, the server holds both.
    assert.is((await get(server.url, 'ping')).status, 200);

    const exit = sigterm(server);
    await printed(server, /Port closed/);
    assert.is((await get(server.url, 'ping')).status, 0, 'a new connection is refused once the port is closed');
    late.socket.write('GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n');
    assert.is(await late.closed, undefined, 'no reset');
    assert.match(late.text(), /^HTTP\/1\.1 200 /);
    assert.match(late.text(), /\r\nConnection: close\r\n/i);
    assert.match(late.text(), /"data":"pong"/);
    assert.is(await silent.closed, undefined, 'a connection that never sent a request is ended, not reset');
    assert.is(silent.text(), '');
    assert.equal(await exit, { code: 0, signal: null }, server.output());
    assert.match(server.output(), /"msg":"Stopped\."/, server.output());
  } finally {
    await server.kill();
    await s.dispose();
  }
});

test.run();
