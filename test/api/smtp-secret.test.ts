import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';
import { startReceiver, receiverSettings, type Receiver } from './smtp-receiver.ts';
import { makeUser, roleId, tokenFor } from './admin-helpers.ts';
import { enqueueMail, enqueueSettingsNotice } from '../../server/db/queries/outbox.ts';
import { sealPassword } from '../../server/lib/mail/smtp-password.ts';

// The stored SMTP password is bound to the server, port and user name it was saved with; changing
// the e-mail settings (an administrator's decision: mail-admin-only.test.ts) needs the caller's
// password and tells every administrator through the old settings.
let api: TestApi;
let admin: string;
let legit: Receiver;
let evil: Receiver;
const SECRET = 'stored-secret-1';
const legitSettings = () => receiverSettings(legit, { smtp_username: 'mailer', smtp_password: SECRET });

test.before(async () => {
  api = await startTestApi({ mail: { pollMs: 100, retryBaseMs: 200, retryMaxMs: 400 } });
  admin = await api.login();
  legit = await startReceiver({ user: 'mailer', pass: SECRET });
  evil = await startReceiver({ anyAuth: true });
});
test.after(async () => {
  await api.stop();
  await legit.stop();
  await evil.stop();
});
test.before.each(async () => {
  const r = await api.call('PUT', 'settings/email', { token: admin, form: legitSettings() });
  assert.is(r.status, 200, JSON.stringify(r.body));
  await api.sql.run("DELETE FROM login_throttle WHERE key LIKE 'smtptest:%' OR key LIKE 'pw:%'");
  // Each test starts with an empty queue: notices an earlier test left retrying (through a
  // receiver that refuses them) are not this test's.
  await api.sql.run("DELETE FROM outbox WHERE status = 'waiting'");
});

/** A staff user whose role holds only settings.view and settings.edit (and opens Settings). */
const settingsStaff = () => tokenFor(api, admin, ['settings'], [], ['settings.view', 'settings.edit']);
/** Another administrator (password Passw0rd!x), signed in `ageMin` minutes ago. */
async function otherAdmin(ageMin = 0) {
  const u = await makeUser(api, admin, await roleId(api, admin, 'admin'), `other-admin-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
  const token = await api.login(u.email, u.password);
  if (ageMin) await api.sql.run('UPDATE tokens SET created_at = created_at - ? WHERE user_id = ?', [ageMin * 60_000, u.id]);
  return { token, userId: u.id, email: u.email };
}
const leaked = (r: Receiver) => r.auths.filter((a) => a.password === SECRET);
const stored = () =>
  api.sql.get<{ smtp_server: string; smtp_port: string; smtp_username: string; smtp_password: string }>(
    'SELECT smtp_server, smtp_port, smtp_username, smtp_password FROM email_settings',
  );
/** Polls `read` every 50 ms until `ok` holds of it (or 10 s pass) and returns the last value. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}

test('a settings-only staff role cannot send the stored password to a server it names with the test e-mail (another port, host name or user name)', async () => {
  const me = await settingsStaff();
  const send = (form: Record<string, string>) => api.call('POST', 'settings/email/test', { token: me.token, form });
  // Another port (the attacker's receiver), the user name kept and the password left blank.
  const other = await send(receiverSettings(evil, { smtp_username: 'mailer', smtp_password: '' }));
  assert.is(other.status, 422);
  assert.equal(other.body.errors, { smtp_password: ['Type the SMTP password: the server asks for one with this user name.'] });
  // The same receiver reached by another name, or with another user name: no stored password either.
  const byName = await send({ ...legitSettings(), smtp_server: 'localhost', smtp_password: '' });
  assert.is(byName.status, 422);
  const otherUser = await send({ ...receiverSettings(evil), smtp_username: 'someone', smtp_password: '' });
  assert.is(otherUser.status, 422);
  assert.equal(leaked(evil), []);
  assert.equal(leaked(legit), []);
  // With the saved server, port and user name the blank field still means the stored password.
  const same = await send({ ...legitSettings(), smtp_password: '' });
  assert.is(same.status, 200, JSON.stringify(same.body));
  assert.is(leaked(legit).length, 1);
});

test('saving another server with the password blank stores no password: later e-mail reaches that server without it', async () => {
  const r = await api.call('PUT', 'settings/email', { token: admin, form: { ...receiverSettings(evil), smtp_username: 'mailer', smtp_password: '' } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.data.smtp_password_set, false);
  assert.is((await stored())!.smtp_password, '');
  // A reset link of the administrator: the sender now tries the new server, never with the stored password.
  const tried = evil.connections;
  assert.is((await api.call('POST', 'password/forgot', { form: { email: ADMIN.email } })).status, 200);
  await until(
    async () => evil.connections,
    (n) => n > tried,
  );
  await until(
    () => api.sql.get<{ attempts: number }>("SELECT attempts FROM outbox WHERE kind = 'reset' ORDER BY id DESC LIMIT 1"),
    (row) => Number(row?.attempts) >= 1,
  );
  assert.equal(leaked(evil), []);
  assert.is(evil.messages.filter((m) => /^Reset your password/.test(m.subject ?? '')).length, 0, 'no AUTH, no delivery');
  await api.sql.run("DELETE FROM outbox WHERE kind = 'reset'");
});

test("changing the SMTP server needs the caller's own password once its sign-in is older than 5 minutes (Save Changes too)", async () => {
  const me = await otherAdmin(10);
  const form = { ...receiverSettings(evil) };
  const missing = await api.call('PUT', 'settings/email', { token: me.token, form });
  assert.is(missing.status, 422);
  assert.equal(missing.body.errors, { current_password: ['Type your password to change the e-mail settings.'] });
  const both = await api.call('PUT', 'settings', { token: me.token, form: { name: 'Events Inc', ...form } });
  assert.equal(both.body.errors, { current_password: ['Type your password to change the e-mail settings.'] });
  const wrong = await api.call('PUT', 'emailsettings', { token: me.token, form: { ...form, current_password: 'Not-my-pass1' } });
  assert.is(wrong.status, 422);
  assert.equal(wrong.body.errors, { current_password: ['The current password is not right.'] });
  assert.is((await stored())!.smtp_port, String(legit.port), 'nothing saved');
  // Saving the company tab with the e-mail settings as they are needs no password.
  const same = await api.call('PUT', 'settings', { token: me.token, form: { name: 'Events Inc', ...legitSettings(), smtp_password: '' } });
  assert.is(same.status, 200, JSON.stringify(same.body));
  const right = await api.call('PUT', 'settings/email', { token: me.token, form: { ...form, current_password: 'Passw0rd!x' } });
  assert.is(right.status, 200, JSON.stringify(right.body));
  assert.is((await stored())!.smtp_port, String(evil.port));
});

test("wrong passwords for the change are throttled like My account's password check (429 with Retry-After)", async () => {
  const me = await otherAdmin(10);
  let last = { status: 0, headers: new Headers() } as Awaited<ReturnType<TestApi['call']>>;
  for (let i = 0; i < 8 && last.status !== 429; i++) {
    last = await api.call('PUT', 'settings/email', { token: me.token, form: { ...receiverSettings(evil), current_password: `Wrong-pass${i}` } });
  }
  assert.is(last.status, 429);
  assert.ok(Number(last.headers.get('retry-after')) > 0);
  assert.is((await stored())!.smtp_port, String(legit.port));
});

test('every active administrator is told through the previous settings; the new server gets no notice; the activity log records the change without the password', async () => {
  const adminRole = await roleId(api, admin, 'admin');
  const second = await makeUser(api, admin, adminRole, `second-admin-${Date.now()}@example.com`);
  const invited = `invited-admin-${Date.now()}@example.com`;
  assert.is((await api.call('POST', 'user', { token: admin, form: { name: 'Invited Admin', email: invited, role: String(adminRole) } })).status, 200);
  const me = await otherAdmin();
  const who = (await api.call('GET', 'account', { token: me.token })).body.data as { name: string; email: string };
  const seen = legit.messages.length,
    seenEvil = evil.messages.length;
  const lastRow = Number((await api.sql.get<{ id: number }>('SELECT MAX(id) AS id FROM outbox'))?.id ?? 0);
  const r = await api.call('PUT', 'settings/email', { token: me.token, form: { ...receiverSettings(evil), current_password: 'Passw0rd!x' } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const subject = new RegExp(
    `^The outgoing e-mail settings were changed by ${who.name} \\(${who.email.replace(/\./g, '\\.')}\\) from (::ffff:)?127\\.0\\.0\\.1$`,
  );
  // A notice to `to` at the previous server; when none comes, the outbox's rows say why.
  const noticeTo = (to: string) =>
    legit
      .waitFor((m) => subject.test(m.subject ?? '') && m.to !== undefined && !Array.isArray(m.to) && m.to.value[0].address === to, 30_000, seen)
      .catch(async (err: Error) => {
        const rows = await api.sql.all<Record<string, unknown>>(
          'SELECT id, kind, to_address, status, attempts, next_at, lease_until, last_error, body_html FROM outbox WHERE id > ?',
          [lastRow],
        );
        // Where each notice was to go (server, port, user name; never the password).
        const via = rows.map(({ body_html, ...row }) => {
          try {
            const v = JSON.parse(String(body_html));
            return { ...row, via: `${v.smtp_username}@${v.smtp_server}:${v.smtp_port}` };
          } catch {
            return { ...row, via: String(body_html).slice(0, 20) };
          }
        });
        throw new Error(
          `${err.message}; legit port ${legit.port}, evil port ${evil.port}; received: ${JSON.stringify(legit.messages.map((m) => m.subject))}; legit sign-ins: ${legit.auths.length}, evil connections: ${evil.connections}; outbox: ${JSON.stringify(via)}`,
        );
      });
  const first = await noticeTo(ADMIN.email);
  assert.match(first.text ?? '', /The outgoing e-mail settings were changed by/);
  // Every administrator with a password: those made by earlier tests, `second` and the changer too.
  const admins = (
    await api.sql.all<{ email: string }>(
      "SELECT u.email FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id WHERE r.name = 'admin' AND u.password_hash <> ''",
    )
  ).map((a) => a.email);
  assert.ok(admins.includes(second.email) && admins.includes(me.email) && !admins.includes(invited));
  for (const to of admins) await noticeTo(to);
  const notices = legit.messages.slice(seen).filter((m) => subject.test(m.subject ?? ''));
  assert.is(notices.length, admins.length, 'the invited administrator gets none');
  assert.equal(leaked(evil), []);
  assert.is(evil.messages.slice(seenEvil).filter((m) => subject.test(m.subject ?? '')).length, 0);
  // The notice rows forget the settings they carried once sent.
  const rows = await until(
    () => api.sql.all<{ status: string; body_html: string }>("SELECT status, body_html FROM outbox WHERE kind = 'settings' AND id > ?", [lastRow]),
    (x) => x.every((row) => row.status === 'sent'),
  );
  assert.ok(rows.length === admins.length && rows.every((row) => row.status === 'sent' && row.body_html === ''), JSON.stringify(rows));
  const log = (await api.call('GET', 'activity?per_page=100', { token: admin })).body.data.data as {
    actor_id: number;
    resource: string;
    label: string;
    changes: string;
  }[];
  const row = log.find((x) => x.actor_id === me.userId && x.resource === 'settings');
  assert.ok(row, 'the change is in the activity log');
  assert.is(row!.label, 'Email');
  const changes = JSON.parse(row!.changes) as Record<string, { from: unknown; to: unknown }>;
  assert.equal(changes.smtp_port, { from: String(legit.port), to: String(evil.port) });
  assert.is(changes.smtp_password as unknown, 'changed');
  assert.not.match(row!.changes, SECRET);
  assert.not.match(row!.changes, 'Passw0rd');
});

test('an e-mail the new server refuses holds up no notice: a notice claimed after it goes out through the previous settings at its first try', async () => {
  // The new server asks every sender to sign in and the new settings name no user (530 to every e-mail).
  const r = await api.call('PUT', 'settings/email', { token: admin, form: receiverSettings(evil) });
  assert.is(r.status, 200, JSON.stringify(r.body));
  await until(
    () => api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE status = 'waiting'"),
    (x) => Number(x?.n) === 0,
  );
  const seen = legit.messages.length;
  // An older e-mail for the new server and a notice for the previous one, due together: one pass claims both (and gets them back older first).
  const notice = await api.sql.transaction(async (tx) => {
    await enqueueMail(tx, { kind: 'booking', to: 'guest@example.com', subject: 'Your booking', text: 'Booked.', html: '<p>Booked.</p>' });
    // A notice carries the settings as stored: the password sealed.
    const via = { ...legitSettings(), smtp_password: sealPassword(api.config.twoStepKey, SECRET) };
    await enqueueSettingsNotice(
      tx,
      { email: ADMIN.email, name: 'Administrator' },
      'Settings notice while the new server refuses',
      'Settings notice while the new server refuses',
      via,
    );
    return Number((await tx.get<{ id: number }>("SELECT MAX(id) AS id FROM outbox WHERE kind = 'settings'"))!.id);
  });
  const row = await until(
    () => api.sql.get<{ status: string; attempts: number; last_error: string }>('SELECT status, attempts, last_error FROM outbox WHERE id = ?', [notice]),
    (x) => x?.status !== 'waiting',
  );
  assert.equal({ status: row!.status, attempts: Number(row!.attempts) }, { status: 'sent', attempts: 1 }, JSON.stringify(row));
  assert.is(legit.messages.slice(seen).filter((m) => m.subject === 'Settings notice while the new server refuses').length, 1);
  const booking = await api.sql.get<{ status: string; last_error: string }>("SELECT status, last_error FROM outbox WHERE kind = 'booking'");
  assert.equal(booking, { status: 'waiting', last_error: 'The SMTP server asks for a user name and password.' });
  await api.sql.run("DELETE FROM outbox WHERE kind = 'booking'");
});

test.run();
