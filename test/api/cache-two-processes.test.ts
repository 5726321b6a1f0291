import { test } from 'uvu';
import * as assert from 'uvu/assert';
import net from 'node:net';
import { ADMIN, TEST_DATABASE_URL } from './harness.ts';
import { twoNodesOnOnePostgres } from './two-nodes.ts';
import { apiCall, apiLogin, type ChildServer } from './child-server.ts';

// Caches never outlive what they cache: two API processes on one PostgreSQL
// database, each reusing list answers (lib/http/answer-cache.ts). A write answered by process A
// is seen by every read on process B that starts after that answer, also while B's change-notice
// connection stops answering without closing; B notices the stall (heartbeat) and reconnects.

/**
 * A TCP proxy in front of PostgreSQL for process B. Every connection passes through untouched,
 * until `freeze()`: from then on the connections that sent LISTEN (B's change-notice connection,
 * and any it opens to listen again) are neither read nor written, both ways, and stay open, as a
 * connection behind a dead network path or a stuck peer does. `thaw()` lets them go on.
 */
async function listenerProxy(target: URL) {
  interface Link { client: net.Socket; server: net.Socket; listener: boolean; held: [net.Socket, Buffer][] }
  const links = new Set<Link>();
  let frozen = false;
  let listens = 0;
  const hold = (l: Link) => { l.client.pause(); l.server.pause(); };
  const proxy = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    const l: Link = { client, server, listener: false, held: [] };
    links.add(l);
    const pass = (from: net.Socket, to: net.Socket) => from.on('data', (d: Buffer) => {
      if (from === client && !l.listener && d.includes('LISTEN')) { l.listener = true; listens++; }
      if (frozen && l.listener) { l.held.push([to, d]); hold(l); return; }
      to.write(d);
    });
    pass(client, server);
    pass(server, client);
    const end = () => { links.delete(l); client.destroy(); server.destroy(); };
    for (const s of [client, server]) { s.on('error', end); s.on('close', end); }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    /** How many connections have sent LISTEN so far. */
    listens: () => listens,
    freeze() { frozen = true; for (const l of links) if (l.listener) hold(l); },
    thaw() {
      frozen = false;
      for (const l of links) {
        for (const [to, d] of l.held.splice(0)) to.write(d);
        l.client.resume(); l.server.resume();
      }
    },
    close: () => new Promise<void>((resolve) => { for (const l of links) { l.client.destroy(); l.server.destroy(); } proxy.close(() => resolve()); }),
  };
}

/** Resolves once `cond()` holds; fails after `ms` with `what` (a bound for a broken build, not a timing claim). */
async function until(cond: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const t0 = Date.now();
  while (!(await cond())) {
    if (Date.now() - t0 > ms) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

if (!TEST_DATABASE_URL) {
  console.log('cache-two-processes: skipped — TEST_DATABASE_URL is not set (PostgreSQL only).');
  test.skip('needs TEST_DATABASE_URL (PostgreSQL)');
  test.run();
} else {
  const proxy = await listenerProxy(new URL(TEST_DATABASE_URL));
  const nodes = twoNodesOnOnePostgres({}, { urlOfB: (url) => { const u = new URL(url); u.hostname = '127.0.0.1'; u.port = String(proxy.port); return u.toString(); } });
  test.after(() => proxy.close());

  let token = '';
  let userId = 0;
  const names = async (node: ChildServer) => {
    const r = await apiCall(node.url, 'GET', 'user?page=1', { token });
    assert.is(r.status, 200, JSON.stringify(r.body));
    return (r.body.data.data as { name: string }[]).map((u) => u.name);
  };

  /**
   * `rounds` times: B reads the users list twice (so its answer is kept), A renames a user and
   * answers, then B reads the list once more. Resolves to the rounds whose last read on B did not
   * show the new name.
   */
  async function rounds(n: number, tag: string): Promise<string[]> {
    const stale: string[] = [];
    for (let i = 0; i < n; i++) {
      await names(nodes.b);
      await names(nodes.b);
      const name = `${tag} ${i}`;
      const r = await apiCall(nodes.a.url, 'PUT', `user/${userId}`, { token, form: { name, email: 'renamed@example.com', role: '1' } });
      assert.is(r.status, 200, JSON.stringify(r.body));
      if (!(await names(nodes.b)).includes(name)) stale.push(name);
    }
    return stale;
  }

  test.before(async () => {
    token = await apiLogin(nodes.a.url, ADMIN.email, ADMIN.password);
    const created = await apiCall(nodes.a.url, 'POST', 'user', { token, form: { name: 'Renamed 0', email: 'renamed@example.com', password: 'Renamed-pass-1', password_confirmation: 'Renamed-pass-1', role: '1' } });
    assert.is(created.status, 200, JSON.stringify(created.body));
    userId = created.body.data.id;
    // B's change-notice connection is up (it opens on B's first list read).
    await names(nodes.b);
    await until(() => proxy.listens() > 0, 'B listens for change notices');
  });

  test('after a write answered by process A, each of 100 reads on process B that starts after the answer shows it', async () => {
    const stale = await rounds(100, 'Seen');
    assert.equal(stale, [], `${stale.length} of 100 reads on B did not show A's answered write`);
  });

  test('the same while B\'s change-notice connection stops answering without closing; B notices and listens again', async () => {
    const lostBefore = nodes.b.output().split('PostgreSQL change notices lost').length;
    proxy.freeze();
    try {
      // At once, before any heartbeat could have missed: the reads must not trust the listener.
      const stale = await rounds(100, 'Stalled');
      assert.equal(stale, [], `${stale.length} of 100 reads on B did not show A's answered write`);
      await until(() => nodes.b.output().split('PostgreSQL change notices lost').length > lostBefore, 'B reports its change notices lost');
      assert.equal(await rounds(20, 'Noticed'), []);
    } finally {
      proxy.thaw();
    }
    const listens = proxy.listens();
    await until(() => nodes.b.output().includes('PostgreSQL change notices back'), 'B listens again');
    assert.ok(proxy.listens() >= listens, 'B opened a new listening connection');
    assert.equal(await rounds(20, 'Back'), []);
  });

  test.run();
}
