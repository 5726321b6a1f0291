import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, TEST_DATABASE_URL } from './harness.ts';
import { twoNodesOnOnePostgres } from './two-nodes.ts';
import { apiCall, apiLogin } from './child-server.ts';
import { openStream } from './sse-client.ts';

// The change stream across API processes (docs/live.md): two processes on one
// PostgreSQL database; a change made through A reaches a stream open on B within 2 s, with no
// notification sent by the writing transaction (each process reads the activity table by id).

if (!TEST_DATABASE_URL) {
  console.log('stream-two-processes: skipped — TEST_DATABASE_URL is not set (PostgreSQL only).');
  test.skip('needs TEST_DATABASE_URL (PostgreSQL)');
  test.run();
} else {
  const nodes = twoNodesOnOnePostgres();

  test('a change through process A reaches a stream on process B within 2 s, ten times', async () => {
    const token = await apiLogin(nodes.a.url, ADMIN.email, ADMIN.password);
    const s = await openStream(nodes.b.url, token);
    try {
      assert.is(s.res.status, 200);
      await new Promise((r) => setTimeout(r, 500)); // B's feed has found where it reads from
      const delays: number[] = [];
      for (let i = 0; i < 10; i++) {
        const r = await apiCall(nodes.a.url, 'POST', 'page', { token, form: { title: `Across ${i}`, content: 'x' } });
        assert.is(r.status, 200, JSON.stringify(r.body));
        const answered = performance.now();
        await s.next((e) => e.event === 'change' && e.data.resource === 'pages' && e.data.id === r.body.data.id, 2_000);
        delays.push(Math.round(performance.now() - answered));
      }
      assert.ok(Math.max(...delays) < 2_000, `delays ${delays}`);
    } finally {
      s.close();
    }
  });

  test('no function in the database notifies (no notification lock in writing transactions)', async () => {
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: nodes.db.url });
    await c.connect();
    try {
      const r = await c.query(
        "SELECT count(*)::int AS n, string_agg(p.proname, ', ') AS names FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND p.prosrc ~* '\\m(pg_notify|notify)\\M'",
      );
      assert.is(r.rows[0].n, 0, `functions that notify: ${r.rows[0].names}`);
    } finally {
      await c.end();
    }
  });

  test.run();
}
