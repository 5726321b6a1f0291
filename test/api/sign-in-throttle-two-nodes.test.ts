import { test } from 'uvu';
import { ADMIN, TEST_DATABASE_URL } from './harness.ts';
import { twoNodesOnOnePostgres } from './two-nodes.ts';
import { apiCall, apiLogin } from './child-server.ts';
import { assertThrottled, guessOneAccountFrom60, manyEmailsFromOne } from './throttle-scenarios.ts';

// The sign-in throttle is shared by every API process on one database. The attacks
// of sign-in-throttle.test.ts, sent to two processes on one PostgreSQL in turn, get no more
// password comparisons than against one. Needs TEST_DATABASE_URL.
if (!TEST_DATABASE_URL) {
  console.log('sign-in-throttle-two-nodes: skipped — TEST_DATABASE_URL is not set (PostgreSQL only).');
  test.skip('needs TEST_DATABASE_URL (PostgreSQL)');
  test.run();
} else {
  const nodes = twoNodesOnOnePostgres();

  test('120 wrong passwords at one account from 60 addresses, through two processes, compare 10', async () => {
    const admin = await apiLogin(nodes.a.url, ADMIN.email, ADMIN.password);
    const role = await apiCall(nodes.a.url, 'POST', 'role', { token: admin, form: { name: 'throttled' } });
    const email = 'two-nodes-target@example.com';
    const made = await apiCall(nodes.b.url, 'POST', 'user', {
      token: admin,
      form: { name: 'Target', email, password: 'Passw0rd!x', role: String(role.body.data.id) },
    });
    if (made.status !== 200) throw new Error(JSON.stringify(made.body));
    const t = await guessOneAccountFrom60([nodes.a.url, nodes.b.url], email);
    console.log(`  [two processes] one account, 60 addresses: ${t.checked} compared, ${t.throttled} × 429`);
    assertThrottled(t, 120, 10, 15 * 60);
  });

  test('100 e-mails from one address, through two processes, compare 20', async () => {
    const t = await manyEmailsFromOne([nodes.a.url, nodes.b.url], '127.0.4.9', 'two-nodes');
    console.log(`  [two processes] 100 e-mails, one address: ${t.checked} compared, ${t.throttled} × 429`);
    assertThrottled(t, 100, 20, 60);
  });

  test.run();
}
