import { test } from 'uvu';
import pg from 'pg';
import * as assert from 'uvu/assert';
import { ADMIN, TEST_DATABASE_URL } from './harness.ts';
import { twoNodesOnOnePostgres } from './two-nodes.ts';
import { apiCall, apiLogin, type ChildServer } from './child-server.ts';

// Caches never outlive what they cache: two API processes on one PostgreSQL database, each
// reusing list answers (http/answer-cache.ts) while the database's snapshot is unchanged.
// A write answered by process A is seen by every read on process B that starts after that
// answer, and between writes B does reuse its answers (its metrics count the hits).

const METRICS_TOKEN = 'cache-two-processes-metrics-token';

if (!TEST_DATABASE_URL) {
  console.log('cache-two-processes: skipped — TEST_DATABASE_URL is not set (PostgreSQL only).');
  test.skip('needs TEST_DATABASE_URL (PostgreSQL)');
  test.run();
} else {
  const nodes = twoNodesOnOnePostgres({ METRICS: '1', METRICS_PORT: '0', METRICS_TOKEN });

  let token = '';
  let userId = 0;
  const names = async (node: ChildServer) => {
    const r = await apiCall(node.url, 'GET', 'user?page=1', { token });
    assert.is(r.status, 200, JSON.stringify(r.body));
    return (r.body.data.data as { name: string }[]).map((u) => u.name);
  };
  /** B's answer-cache hits so far (its /metrics). */
  const hitsOnB = async () => {
    const url = /Metrics on (http:\/\/\S+?\/metrics)/.exec(nodes.b.output())![1];
    const text = await (await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return Number(/^answer_cache_lookups_total\{result="hit"\} (\d+)/m.exec(text)?.[1] ?? 0);
  };

  /**
   * `n` times: B reads the users list twice (the second read may reuse the first's answer), A
   * renames a user and answers, then B reads the list once more. Resolves to the rounds whose
   * last read on B did not show the new name.
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
    const created = await apiCall(nodes.a.url, 'POST', 'user', {
      token,
      form: { name: 'Renamed 0', email: 'renamed@example.com', password: 'Renamed-pass-1', password_confirmation: 'Renamed-pass-1', role: '1' },
    });
    assert.is(created.status, 200, JSON.stringify(created.body));
    userId = created.body.data.id;
  });

  test('while nothing is written, B answers a repeated read of one list from its kept answer', async () => {
    // The snapshot is the whole PostgreSQL server's: other databases' writes (the test files
    // running beside this one) end a kept answer too. So the test watches the snapshot itself
    // and judges only a pair of reads during which it held: the second read must be a hit.
    // Run first, before B has judged a round of lookups (answer-cache.ts JUDGE_EVERY, 200):
    // until then it looks up on every read, and at most 2 × 60 reads come here.
    const watcher = new pg.Client({ connectionString: nodes.db.url });
    await watcher.connect();
    const snapshot = async () => (await watcher.query('SELECT pg_current_snapshot()::text AS s')).rows[0].s as string;
    try {
      for (let attempt = 1; attempt <= 60; attempt++) {
        const hits = await hitsOnB();
        const at = await snapshot();
        await names(nodes.b);
        await names(nodes.b);
        if ((await snapshot()) !== at) continue;
        assert.ok((await hitsOnB()) > hits, "the second read of a quiet pair reused the first one's answer");
        console.log(`  a quiet pair at attempt ${attempt}: its second read reused the kept answer`);
        return;
      }
      console.log('  no pair of reads without a write anywhere on the PostgreSQL server in 60 attempts: nothing to judge');
    } finally {
      await watcher.end();
    }
  });

  test('after a write answered by process A, each of 100 reads on process B that starts after the answer shows it', async () => {
    const stale = await rounds(100, 'Seen');
    assert.equal(stale, [], `${stale.length} of 100 reads on B did not show A's answered write`);
  });

  test.run();
}
