import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';
import { startReceiver, receiverSettings, type Receiver } from './smtp-receiver.ts';
import { makeRole, makeUser, roleId, tokenFor } from './admin-helpers.ts';
import { MAIL_ADMIN_ONLY_MESSAGE } from '../../src/common/mail-rules.ts';
import { HELD_NOTE } from '../../server/lib/mail/sender.ts';

// docs/security.md "Who may change where e-mail goes": the e-mail settings carry every reset link,
// so only an administrator changes them, whatever abilities another role holds ("Edit settings"
// keeps the company settings); and an administrator's reset or invitation link never goes through
// e-mail settings changed within the last 24 hours by anyone who is not an administrator.
let api: TestApi;
let admin: string;
let legit: Receiver;
let evil: Receiver;

test.before(async () => {
  api = await startTestApi({ mail: { pollMs: 50, retryBaseMs: 200, retryMaxMs: 400 }, linkLimits: { perAccount: 1000, perAddress: 10_000, windowMs: 60_000 } });
  admin = await api.login();
  legit = await startReceiver();
  evil = await startReceiver();
});
test.after(async () => {
  await api.stop();
  await legit.stop();
  await evil.stop();
});
test.before.each(async () => {
  const r = await api.call('PUT', 'settings/email', { token: admin, form: { ...receiverSettings(legit), current_password: ADMIN.password } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  // Each test starts with no recorded change and an empty queue.
  await api.sql.run('DELETE FROM email_settings_changes');
  await api.sql.run("DELETE FROM outbox WHERE status = 'waiting'");
});

/** A staff user whose role holds only View settings and Edit settings and opens Settings. */
const settingsStaff = () => tokenFor(api, admin, ['settings'], [], ['settings.view', 'settings.edit']);
const storedMail = () =>
  api.sql.get<Record<string, string>>('SELECT smtp_server, smtp_email, smtp_username, smtp_password, smtp_port, smtp_type FROM email_settings WHERE id = 1');
const count = async (q: string) => Number((await api.sql.get<{ n: number }>(q))?.n ?? 0);
/** What a refused change must leave as it was: the row, the notices, the change records, the activity rows of settings. */
const traces = async () => ({
  row: await storedMail(),
  notices: await count("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'settings'"),
  changes: await count('SELECT COUNT(*) AS n FROM email_settings_changes'),
  activity: await count("SELECT COUNT(*) AS n FROM activity WHERE resource = 'settings'"),
});
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
const to = (address: string) => (m: { to?: unknown }) =>
  !!m.to && !Array.isArray(m.to) && (m.to as { value: { address?: string }[] }).value[0].address === address;
/** True of an e-mail carrying a reset or invitation link (not, say, the notice of changed settings). */
const links = (m: { text?: string }) => /\/(reset-password|invitation)#/.test(m.text ?? '');
/** The newest outbox row of `kind` for `address`. */
const lastRow = (kind: string, address: string) =>
  api.sql.get<{ id: number; status: string; attempts: number; last_error: string; lease_owner: string | null }>(
    'SELECT id, status, attempts, last_error, lease_owner FROM outbox WHERE kind = ? AND lower(to_address) = lower(?) ORDER BY id DESC LIMIT 1',
    [kind, address],
  );

test('a role with only the settings abilities changes no e-mail field: 403 with the rule, nothing saved, no notice, no record', async () => {
  const me = await settingsStaff();
  const before = await traces();
  const saved = receiverSettings(legit);
  const asks: Record<string, string>[] = [
    { ...receiverSettings(evil) },
    { ...saved, smtp_email: 'thief@evil.test' },
    { ...saved, smtp_username: 'someone' },
    { ...saved, smtp_password: 'Own-secret-1' },
    { ...saved, smtp_type: 'ssl' },
    { ...saved, smtp_server: 'localhost' },
  ];
  for (const form of asks) {
    for (const [method, path, body] of [
      ['PUT', 'settings/email', form],
      ['PUT', 'emailsettings', form],
      ['PUT', 'settings', { ...form, name: 'Taken Over Ltd' }],
    ] as const) {
      const r = await api.call(method, path, { token: me.token, form: { ...body, current_password: 'Passw0rd!x' } });
      assert.is(r.status, 403, `${path} ${JSON.stringify(form)}: ${JSON.stringify(r.body)}`);
      assert.is(r.body.message, MAIL_ADMIN_ONLY_MESSAGE);
    }
  }
  assert.equal(await traces(), before);
  assert.is.not(
    (await api.call('GET', 'settings/company', { token: admin })).body.data.name,
    'Taken Over Ltd',
    'Save Changes is one outcome: the company tab was not saved either',
  );
});

test('"Edit settings" still saves the company settings, alone or with the e-mail settings sent unchanged', async () => {
  const me = await settingsStaff();
  const company = await api.call('PUT', 'settings/company', { token: me.token, form: { name: 'Staff Co', primary_mail: 'info@staff.test' } });
  assert.is(company.status, 200, JSON.stringify(company.body));
  const both = await api.call('PUT', 'settings', { token: me.token, form: { name: 'Staff Co 2', ...receiverSettings(legit) } });
  assert.is(both.status, 200, JSON.stringify(both.body));
  const unchanged = await api.call('PUT', 'settings/email', { token: me.token, form: receiverSettings(legit) });
  assert.is(unchanged.status, 200, JSON.stringify(unchanged.body));
  assert.is((await api.call('GET', 'settings/company', { token: admin })).body.data.name, 'Staff Co 2');
  assert.is(await count('SELECT COUNT(*) AS n FROM email_settings_changes'), 0, 'saving them unchanged is no change');
});

test("the takeover fails: the settings-only role cannot point e-mail at its server, and the administrator's reset link goes to the administrator only", async () => {
  const me = await settingsStaff();
  // The attack of issue 41: its own server, no SMTP user name (so no stored secret is involved).
  const point = await api.call('PUT', 'settings/email', { token: me.token, form: { ...receiverSettings(evil), smtp_username: '' } });
  assert.is(point.status, 403);
  const seen = legit.messages.length,
    evilConnections = evil.connections;
  assert.is((await api.call('POST', 'password/forgot', { form: { email: ADMIN.email } })).status, 200);
  const reset = await legit.waitFor((m) => to(ADMIN.email)(m) && links(m), 15_000, seen);
  assert.match(reset.text ?? '', /\/reset-password#/);
  assert.is(evil.connections, evilConnections, "the role's server never hears of it");
});

test('an administrator changes the e-mail settings; the change is recorded with who made it', async () => {
  const me = (await api.call('GET', 'user/get', { token: admin })).body.data.id as number;
  const r = await api.call('PUT', 'settings/email', {
    token: admin,
    form: { ...receiverSettings(legit), smtp_email: 'office@events.test', current_password: ADMIN.password },
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is((await storedMail())!.smtp_email, 'office@events.test');
  assert.equal(await api.sql.all('SELECT user_id FROM email_settings_changes'), [{ user_id: me }]);
});

test("after a change by an administrator who then loses the role, an administrator's reset and invitation wait 24 hours; other users' links go out", async () => {
  // An administrator changes the sender, then is demoted to a settings-only role.
  const adminRole = await roleId(api, admin, 'admin');
  const former = await makeUser(api, admin, adminRole, `former-admin-${Date.now()}@example.com`);
  const formerToken = await api.login(former.email, former.password);
  const changed = await api.call('PUT', 'settings/email', {
    token: formerToken,
    form: { ...receiverSettings(legit), smtp_email: 'changed@events.test', current_password: former.password },
  });
  assert.is(changed.status, 200, JSON.stringify(changed.body));
  const staffRole = await makeRole(api, admin, { screens: ['settings'], abilities: ['settings.view', 'settings.edit'] });
  const demoted = await api.call('PUT', `user/${former.id}`, { token: admin, form: { name: 'Former Admin', email: former.email, role: String(staffRole) } });
  assert.is(demoted.status, 200, JSON.stringify(demoted.body));
  const staff = await makeUser(api, admin, staffRole, `staff-${Date.now()}@example.com`);

  const adminId = (await api.call('GET', 'user/get', { token: admin })).body.data.id as number;
  const adminLinks = () => count(`SELECT COUNT(*) AS n FROM account_tokens WHERE user_id = ${adminId}`);
  const linksBefore = await adminLinks();
  const seen = legit.messages.length;
  assert.is((await api.call('POST', 'password/forgot', { form: { email: ADMIN.email } })).status, 200);
  assert.is((await api.call('POST', 'password/forgot', { form: { email: staff.email } })).status, 200);
  const invitedAdmin = `invited-admin-${Date.now()}@example.com`,
    invitedStaff = `invited-staff-${Date.now()}@example.com`;
  assert.is(
    (await api.call('POST', 'user', { token: admin, form: { name: 'New Admin', email: invitedAdmin, password: '', role: String(adminRole) } })).status,
    200,
  );
  assert.is(
    (await api.call('POST', 'user', { token: admin, form: { name: 'New Staff', email: invitedStaff, password: '', role: String(staffRole) } })).status,
    200,
  );

  // The other users' links go out now.
  await legit.waitFor(to(staff.email), 15_000, seen);
  await legit.waitFor(to(invitedStaff), 15_000, seen);
  // The administrators' rows are claimed and settled: held with the note, no link made, nothing sent.
  const held = (address: string, kind: string) =>
    until(
      () => lastRow(kind, address),
      (row) => Number(row?.attempts) >= 1 && row?.lease_owner === null,
    );
  for (const [kind, address] of [
    ['reset', ADMIN.email],
    ['invite', invitedAdmin],
  ]) {
    const row = await held(address, kind);
    assert.equal({ status: row?.status, note: row?.last_error }, { status: 'waiting', note: HELD_NOTE }, `${kind} ${address}`);
  }
  // (The administrators did get the notice of the change, through the settings before it.)
  assert.is(legit.messages.slice(seen).filter((m) => (to(ADMIN.email)(m) || to(invitedAdmin)(m)) && links(m)).length, 0);
  assert.is(await adminLinks(), linksBefore, 'no reset link of the administrator was made');

  // Once that change is 24 hours old (moved back here), they go out.
  await api.sql.run('UPDATE email_settings_changes SET at = at - ?', [25 * 3600_000]);
  await api.sql.run("UPDATE outbox SET next_at = 0 WHERE status = 'waiting'");
  const reset = await legit.waitFor((m) => to(ADMIN.email)(m) && links(m), 15_000, seen);
  assert.match(reset.text ?? '', /\/reset-password#/);
  await legit.waitFor((m) => to(invitedAdmin)(m) && links(m), 15_000, seen);
});

test('a change by an administrator holds nothing', async () => {
  const r = await api.call('PUT', 'settings/email', {
    token: admin,
    form: { ...receiverSettings(legit), smtp_email: 'again@events.test', current_password: ADMIN.password },
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const seen = legit.messages.length;
  assert.is((await api.call('POST', 'password/forgot', { form: { email: ADMIN.email } })).status, 200);
  await legit.waitFor((m) => to(ADMIN.email)(m) && links(m), 15_000, seen);
});

test.run();
