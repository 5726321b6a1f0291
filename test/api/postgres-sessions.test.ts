import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { ADMIN, TEST_DATABASE_URL } from './harness.ts';
import { twoNodesOnOnePostgres } from './two-nodes.ts';
import { apiCall, apiLogin } from './child-server.ts';

// The API runs stateless on PostgreSQL — two API processes on one database serve the
// same sessions. Needs TEST_DATABASE_URL (npm test sets it for the "api (postgres)" run).
if (!TEST_DATABASE_URL) {
  console.log('postgres-sessions: skipped — TEST_DATABASE_URL is not set (PostgreSQL only).');
  test.skip('needs TEST_DATABASE_URL (PostgreSQL)');
  test.run();
} else {
  const nodes = twoNodesOnOnePostgres();

  test('two processes starting together on one empty database migrate and seed it exactly once', async () => {
    const c = new pg.Client({ connectionString: nodes.db.url });
    await c.connect();
    try {
      const users = await c.query('SELECT COUNT(*) AS n FROM users');
      const roles = await c.query("SELECT COUNT(*) AS n FROM roles WHERE name = 'admin'");
      const migrations = await c.query('SELECT COUNT(*) AS n FROM schema_migrations');
      const files = await c.query('SELECT id FROM schema_migrations');
      assert.is(Number(users.rows[0].n), 1);
      assert.is(Number(roles.rows[0].n), 1);
      assert.is(Number(migrations.rows[0].n), files.rows.length);
    } finally {
      await c.end();
    }
  });

  test('a token issued by one process is accepted by the other', async () => {
    const token = await apiLogin(nodes.a.url, ADMIN.email, ADMIN.password);
    const r = await apiCall(nodes.b.url, 'GET', 'user/get', { token });
    assert.is(r.status, 200);
    assert.is(r.body.data.email, ADMIN.email);
  });

  test('data written through one process is read through the other', async () => {
    const token = await apiLogin(nodes.b.url, ADMIN.email, ADMIN.password);
    const created = await apiCall(nodes.a.url, 'POST', 'permission', { token, form: { name: 'Shared permission' } });
    assert.is(created.status, 200);
    const r = await apiCall(nodes.b.url, 'GET', `permission/${created.body.data.id}`, { token });
    assert.is(r.status, 200);
    assert.is(r.body.data.name, 'Shared permission');
  });

  test('signing out on one process ends the session on both (the other once its session cache lets go)', async () => {
    const token = await apiLogin(nodes.a.url, ADMIN.email, ADMIN.password);
    assert.is((await apiCall(nodes.a.url, 'GET', 'user/get', { token })).status, 200);
    assert.is((await apiCall(nodes.b.url, 'POST', 'logout', { token })).status, 200);
    assert.is((await apiCall(nodes.b.url, 'GET', 'user/get', { token })).status, 401);
    // The cache's life (SESSION_CACHE_MS) is proved on its own clock in test/unit/session-cache.test.ts;
    // here the other process must come to refuse the session. 30 s is a failure guard only.
    const guard = Date.now() + 30_000;
    while ((await apiCall(nodes.a.url, 'GET', 'user/get', { token })).status !== 401) {
      assert.ok(Date.now() < guard, 'the other process still accepts the signed-out session');
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  test.run();
}
