import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { tokenFor } from './admin-helpers.ts';

/** GET settings/email/health: what the shell's e-mail notice reads. */
let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const health = async (token = admin) => api.call('GET', 'settings/email/health', { token });
/** Adds an outbox row of `kind` in `status`, queued and last due `agoMs` ago (sent then, when sent); resolves to its id. */
async function mail(status: string, agoMs: number, kind = 'reset') {
  const at = Date.now() - agoMs;
  await api.sql.run('INSERT INTO outbox (kind, to_address, subject, status, next_at, created_at, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
    kind,
    'x@example.com',
    's',
    status,
    at,
    at,
    status === 'sent' ? at : null,
  ]);
  return Number((await api.sql.get<{ id: number }>('SELECT MAX(id) AS id FROM outbox'))!.id);
}

test('health counts failed e-mails of the last day and e-mails waiting over 5 minutes, nothing else', async () => {
  await api.sql.run('DELETE FROM outbox');
  assert.equal((await health()).body.data, { failed: 0, stuck: 0, latest: null });
  await mail('waiting', 60_000);
  await mail('failed', 2 * 24 * 60 * 60_000);
  assert.equal((await health()).body.data, { failed: 0, stuck: 0, latest: null }, 'a fresh wait and an old failure are no trouble');
  const stuck = await mail('waiting', 6 * 60_000);
  const failed = await mail('failed', 60_000);
  assert.equal((await health()).body.data, { failed: 1, stuck: 1, latest: Math.max(stuck, failed) });
});

test('a Settings test e-mail and a settings-change notice never count, failed or waiting', async () => {
  await api.sql.run('DELETE FROM outbox');
  await mail('failed', 60_000, 'test');
  await mail('failed', 60_000, 'settings');
  await mail('waiting', 10 * 60_000, 'settings');
  assert.equal((await health()).body.data, { failed: 0, stuck: 0, latest: null });
});

test('a real e-mail that goes out after a failure clears it; a later failure counts again; a sent test e-mail clears nothing', async () => {
  await api.sql.run('DELETE FROM outbox');
  const first = await mail('failed', 10 * 60_000, 'invite');
  await mail('sent', 60_000, 'test');
  assert.equal((await health()).body.data, { failed: 1, stuck: 0, latest: first }, 'a test e-mail that went out says nothing about real mail');
  await mail('sent', 5 * 60_000, 'booking');
  assert.equal((await health()).body.data, { failed: 0, stuck: 0, latest: null }, 'mail flowed after the failure');
  const later = await mail('failed', 60_000, 'reset');
  assert.equal((await health()).body.data, { failed: 1, stuck: 0, latest: later });
});

test('health needs Settings: 401 signed out, 403 without it', async () => {
  assert.is((await api.call('GET', 'settings/email/health')).status, 401);
  const { token } = await tokenFor(api, admin, ['users']);
  assert.is((await health(token)).status, 403);
});

test.run();
