import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, TEST_DATABASE_URL } from './harness.ts';
import { twoNodesOnOnePostgres } from './two-nodes.ts';
import { apiCall, apiLogin } from './child-server.ts';
import { startReceiver, receiverSettings } from './smtp-receiver.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { enqueueMail } from '../../server/db/queries/outbox.ts';

// Two API processes share one PostgreSQL outbox; with the SMTP receiver down and
// then up, every e-mail arrives exactly once (leases on the database clock, SKIP LOCKED).
if (!TEST_DATABASE_URL) {
  console.log('mail-two-nodes: skipped — TEST_DATABASE_URL is not set (PostgreSQL only).');
  test.skip('needs TEST_DATABASE_URL (PostgreSQL)');
  test.run();
} else {
  const nodes = twoNodesOnOnePostgres({ MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '300' });

  test('receiver down then up: 60 e-mails queued on one database arrive exactly once between two senders', async () => {
    const rx = await startReceiver();
    await rx.stop();
    const sql = openPostgres(nodes.db.url, { max: 2 });
    try {
      const token = await apiLogin(nodes.a.url, ADMIN.email, ADMIN.password);
      const saved = await apiCall(nodes.b.url, 'PUT', 'settings/email', { token, form: receiverSettings(rx) });
      assert.is(saved.status, 200, JSON.stringify(saved.body));
      const N = 60;
      await sql.transaction(async (tx) => {
        for (let i = 0; i < N; i++)
          await enqueueMail(tx, { kind: 'booking', to: `p${i}@example.org`, subject: `Mail ${i}`, text: `n ${i}`, html: `<p>${i}</p>` });
      });
      // Both senders meet the closed port and back off.
      for (let i = 0; i < 100; i++) {
        const n = Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox WHERE attempts > 0'))?.n);
        if (n === N) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.is(rx.messages.length, 0);
      await rx.start();
      for (let i = 0; i < 200 && rx.messages.length < N; i++) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1500));
      const subjects = rx.messages.map((m) => m.subject);
      assert.is(subjects.length, N, `received ${subjects.length}`);
      assert.is(new Set(subjects).size, N, 'no e-mail twice');
      const owners = await sql.all<{ status: string; n: number }>('SELECT status, COUNT(*) AS n FROM outbox GROUP BY status');
      assert.equal(
        owners.map((o) => [o.status, Number(o.n)]),
        [['sent', N]],
      );
    } finally {
      await sql.close();
      await rx.stop();
    }
  });

  test.run();
}
