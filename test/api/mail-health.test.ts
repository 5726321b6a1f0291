import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { tokenFor } from './admin-helpers.ts';

/** GET settings/email/health: what the shell's e-mail notice reads. */
let api: TestApi;
let admin: string;
test.before(async () => { api = await startTestApi(); admin = await api.login(); });
test.after(async () => { await api.stop(); });

const health = async (token = admin) => api.call('GET', 'settings/email/health', { token });
const mail = (status: string, agoMs: number) => api.sql.run(
  "INSERT INTO outbox (kind, to_address, subject, status, next_at, created_at) VALUES ('test', 'x@example.com', 's', ?, ?, ?)", [status, Date.now(), Date.now() - agoMs]);

test('health counts failed e-mails of the last day and e-mails waiting over 5 minutes, nothing else', async () => {
  await api.sql.run('DELETE FROM outbox');
  assert.equal((await health()).body.data, { failed: 0, stuck: 0 });
  await mail('waiting', 60_000);
  await mail('sent', 10 * 60_000);
  await mail('failed', 2 * 24 * 60 * 60_000);
  assert.equal((await health()).body.data, { failed: 0, stuck: 0 }, 'a fresh wait, a sent one and an old failure are no trouble');
  await mail('waiting', 6 * 60_000);
  await mail('failed', 60_000);
  assert.equal((await health()).body.data, { failed: 1, stuck: 1 });
});

test('health needs Settings: 401 signed out, 403 without it', async () => {
  assert.is((await api.call('GET', 'settings/email/health')).status, 401);
  const { token } = await tokenFor(api, admin, ['users']);
  assert.is((await health(token)).status, 403);
});

test.run();
