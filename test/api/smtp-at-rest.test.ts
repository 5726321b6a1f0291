import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, createTestDatabase, startTestApi, TEST_DATABASE_URL, testEngine, type TestApi } from './harness.ts';
import { startReceiver, receiverSettings, type Receiver } from './smtp-receiver.ts';
import { tokenFor } from './admin-helpers.ts';
import { enqueueSettingsNotice } from '../../server/db/queries/outbox.ts';
import { KEY_MISSING_MESSAGE, openPassword, UNREADABLE_MESSAGE } from '../../server/lib/mail/smtp-password.ts';
import { HELD_NOTE } from '../../server/lib/mail/sender.ts';

// docs/security.md "SMTP password": the SMTP password is stored sealed under the two-step key, in
// the settings row and in the previous settings a waiting notice carries; the sender and the test
// e-mail open it; a password stored before this release is sealed at the next start with the key.
const SECRET = 'At-rest-Secret-8472';
let api: TestApi;
let admin: string;
let rx: Receiver;
const MAIL = { pollMs: 50, retryBaseMs: 200, retryMaxMs: 400 };

test.before(async () => {
  api = await startTestApi({ mail: MAIL });
  admin = await api.login();
  rx = await startReceiver({ user: 'mailer', pass: SECRET });
});
test.after(async () => {
  await api.stop();
  await rx.stop();
});

const withSecret = (r: Receiver) => receiverSettings(r, { smtp_username: 'mailer', smtp_password: SECRET });
const storedPassword = async (a: TestApi) =>
  (await a.sql.get<{ smtp_password: string }>('SELECT smtp_password FROM email_settings WHERE id = 1'))!.smtp_password;
const signedInWithSecret = (r: Receiver) => r.auths.filter((x) => x.password === SECRET).length;
/** Polls `read` every 50 ms until `ok` holds of it (or 15 s pass) and returns the last value. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}

test(`[${testEngine}] a saved SMTP password is not in the database in clear; the sender and the test e-mail still sign in with it`, async () => {
  const r = await api.call('PUT', 'settings/email', { token: admin, form: { ...withSecret(rx), current_password: ADMIN.password } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const sealed = await storedPassword(api);
  assert.match(sealed, /^v1\./);
  assert.not.ok(sealed.includes(SECRET));
  assert.is(openPassword(api.config.twoStepKey, sealed), SECRET, "sealed under the server's two-step key");
  const row = JSON.stringify(await api.sql.all('SELECT * FROM email_settings'));
  assert.not.ok(row.includes(SECRET), 'no column of the row holds it');
  if (testEngine === 'sqlite') {
    // The file and its write-ahead log, where a fresh commit lives until a checkpoint.
    const file = path.join(api.config.dataDir, 'app.db');
    const bytes = Buffer.concat([file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)));
    assert.ok(bytes.includes(sealed), 'the bytes read are the ones that hold the settings');
    assert.not.ok(bytes.includes(SECRET), 'the password is in neither the database file nor its log');
  }
  const before = signedInWithSecret(rx);
  const seen = rx.messages.length;
  assert.is((await api.call('POST', 'password/forgot', { form: { email: ADMIN.email } })).status, 200);
  await rx.waitFor((m) => /\/reset-password#/.test(m.text ?? ''), 15_000, seen);
  const test = await api.call('POST', 'settings/email/test', { token: admin, form: { ...withSecret(rx), smtp_password: '' } });
  assert.is(test.status, 200, JSON.stringify(test.body));
  assert.ok(signedInWithSecret(rx) >= before + 2, 'both signed in with the stored password');
});

test('the password typed again, or left blank, keeps its sealed text: no change is recorded', async () => {
  const sealed = await storedPassword(api);
  const changes = async () => Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM email_settings_changes'))!.n);
  const n = await changes();
  for (const smtp_password of [SECRET, '']) {
    const r = await api.call('PUT', 'settings/email', { token: admin, form: { ...withSecret(rx), smtp_password } });
    assert.is(r.status, 200, JSON.stringify(r.body));
    assert.is(await storedPassword(api), sealed);
  }
  assert.is(await changes(), n);
});

test('the notice of a change carries the previous settings with the password sealed, and goes out through them', async () => {
  const other = await startReceiver();
  try {
    const seen = rx.messages.length;
    const r = await api.call('PUT', 'settings/email', { token: admin, form: { ...receiverSettings(other), current_password: ADMIN.password } });
    assert.is(r.status, 200, JSON.stringify(r.body));
    const notice = await api.sql.get<{ id: number; body_html: string }>("SELECT id, body_html FROM outbox WHERE kind = 'settings' ORDER BY id DESC LIMIT 1");
    // Read before the sender forgets it (it may already have: then it was sent, checked below).
    if (notice!.body_html) {
      assert.not.ok(notice!.body_html.includes(SECRET));
      assert.match(JSON.parse(notice!.body_html).smtp_password, /^v1\./);
    }
    await rx.waitFor((m) => /The outgoing e-mail settings were changed/.test(m.subject ?? ''), 15_000, seen);
  } finally {
    await other.stop();
    assert.is((await api.call('PUT', 'settings/email', { token: admin, form: { ...withSecret(rx), current_password: ADMIN.password } })).status, 200);
  }
});

/** A second server over a data folder and database of its own, started and restarted by the test. */
async function ownServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'smtp-at-rest-'));
  const db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  return {
    start: (o: Parameters<typeof startTestApi>[0] = {}) => startTestApi({ dataDir, databaseUrl: db?.url, ...o }),
    remove: async () => {
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

test(`[${testEngine}] a password stored as typed before this release is sealed at the next start, and a settings change recorded only in the activity log still holds an administrator's link`, async () => {
  const own = await ownServer();
  let a: TestApi | undefined;
  try {
    a = await own.start({ mail: false });
    const token = await a.login();
    const staff = await tokenFor(a, token, ['settings'], [], ['settings.view', 'settings.edit']);
    assert.is((await a.call('PUT', 'settings/email', { token, form: withSecret(rx) })).status, 200);
    // The database as the release before left it: the password as typed (in the row and in a waiting
    // notice), no change record, and a change by the settings-only user an hour ago in the activity log.
    await a.sql.run('UPDATE email_settings SET smtp_password = ?', [SECRET]);
    await a.sql.run('DROP TABLE email_settings_changes');
    await a.sql.run("DELETE FROM schema_migrations WHERE id = '034-email-settings-guard'");
    await a.sql.run(
      `INSERT INTO activity (at, at_text, actor_id, actor_name, actor_role, action, resource, resource_id, label, changes)
      VALUES (?, '', ?, 'Staff', 'staff', 'update', 'settings', 1, 'Email', ?)`,
      [Date.now() - 3600_000, staff.userId, JSON.stringify({ smtp_server: { from: 'old.example', to: '127.0.0.1' } })],
    );
    await a.sql.transaction((tx) => enqueueSettingsNotice(tx, { email: ADMIN.email, name: 'Administrator' }, 'Old notice', 'Old notice', withSecret(rx)));
    await a.close();
    a = await own.start({ mail: MAIL, linkLimits: { perAccount: 1000, perAddress: 10_000, windowMs: 60_000 } });

    const sealed = await storedPassword(a);
    assert.match(sealed, /^v1\./);
    assert.is(openPassword(a.config.twoStepKey, sealed), SECRET);
    // Taken from the activity log: the administrator's save above, then the settings-only user's change.
    const adminId = (await a.call('GET', 'user/get', { token })).body.data.id as number;
    assert.equal(await a.sql.all('SELECT user_id FROM email_settings_changes ORDER BY id'), [{ user_id: adminId }, { user_id: staff.userId }]);
    // The waiting notice was sealed too (or already sent through them, with the password).
    const seen = rx.messages.length,
      before = signedInWithSecret(rx);
    const notice = await a.sql.get<{ body_html: string }>("SELECT body_html FROM outbox WHERE kind = 'settings'");
    assert.not.ok(notice!.body_html.includes(SECRET));
    await rx.waitFor((m) => m.subject === 'Old notice', 15_000, seen);
    assert.ok(signedInWithSecret(rx) > before);
    // That change is an hour old and not an administrator's: the administrator's reset waits.
    assert.is((await a.call('POST', 'password/forgot', { form: { email: ADMIN.email } })).status, 200);
    // Claimed once and settled (its lease given back).
    const row = await until(
      () =>
        a!.sql.get<{ status: string; attempts: number; last_error: string; lease_owner: string | null }>(
          "SELECT status, attempts, last_error, lease_owner FROM outbox WHERE kind = 'reset'",
        ),
      (x) => Number(x?.attempts) >= 1 && x?.lease_owner === null,
    );
    assert.equal({ status: row!.status, note: row!.last_error }, { status: 'waiting', note: HELD_NOTE });
  } finally {
    await a?.stop();
    await own.remove();
  }
});

test(`[${testEngine}] a password sealed under another key is not used: the test e-mail says to type it again`, async () => {
  const own = await ownServer();
  let a: TestApi | undefined;
  try {
    a = await own.start({ mail: false, twoStepKey: Buffer.alloc(32, 1).toString('base64') });
    let token = await a.login();
    assert.is((await a.call('PUT', 'settings/email', { token, form: withSecret(rx) })).status, 200);
    await a.close();
    a = await own.start({ mail: false, twoStepKey: Buffer.alloc(32, 2).toString('base64') });
    token = await a.login();
    const r = await a.call('POST', 'settings/email/test', { token, form: { ...withSecret(rx), smtp_password: '' } });
    assert.is(r.status, 422);
    assert.equal(r.body.errors, { smtp_password: [UNREADABLE_MESSAGE] });
    // Typing it again works.
    assert.is((await a.call('POST', 'settings/email/test', { token, form: withSecret(rx) })).status, 200);
  } finally {
    await a?.stop();
    await own.remove();
  }
});

(testEngine === 'postgres' ? test : test.skip)('PostgreSQL without TWO_STEP_KEY: a new SMTP password is refused (422), settings without one save', async () => {
  const own = await ownServer();
  let a: TestApi | undefined;
  try {
    a = await own.start({ mail: false, twoStepKey: undefined });
    const token = await a.login();
    const refused = await a.call('PUT', 'settings/email', { token, form: withSecret(rx) });
    assert.is(refused.status, 422);
    assert.equal(refused.body.errors, { smtp_password: [KEY_MISSING_MESSAGE] });
    assert.is(await storedPassword(a).catch(() => ''), '');
    assert.is((await a.call('PUT', 'settings/email', { token, form: receiverSettings(rx) })).status, 200);
  } finally {
    await a?.stop();
    await own.remove();
  }
});

test.run();
