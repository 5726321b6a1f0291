import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { startReceiver, receiverSettings, type Receiver } from './smtp-receiver.ts';
import { LINK_MESSAGES } from '../../src/common/mail-rules.ts';
import { enqueueInvite } from '../../server/db/queries/outbox.ts';
import { dbNow } from '../../server/db/clock.ts';

// Users and organisers added without a password are invited through the outbox.
let api: TestApi;
let rx: Receiver;
let admin: string;
let clock = Date.now();
let roleId: number;
test.before(async () => {
  api = await startTestApi({ mail: { pollMs: 50, retryBaseMs: 200 }, now: () => clock });
  rx = await startReceiver();
  admin = await api.login();
  assert.is((await api.call('PUT', 'settings/email', { token: admin, form: receiverSettings(rx) })).status, 200);
  roleId = (await api.call('POST', 'role', { token: admin, form: { name: 'Helper' } })).body.data.id;
});
test.after(async () => {
  await api.stop();
  await rx.stop();
});

/** The invitation e-mail that arrives for `to` after the first `seen` messages, and its link token. */
async function invitation(to: string, seen: number) {
  const m = await rx.waitFor((x) => !!x.to && !Array.isArray(x.to) && x.to.value[0].address === to, 10_000, seen);
  const link = /(http:\/\/\S+)\/invitation#(\S+)/.exec(m.text ?? '');
  assert.ok(link, `an invitation link in: ${m.text}`);
  return { mail: m, base: link![1], token: link![2] };
}
const accept = (token: string, password = 'Chosen-pass-1') =>
  api.call('POST', 'password/reset', { form: { token, password, password_confirmation: password } });

test('Add User without a password: "Invited" in the list, the invitation arrives, its link sets the password and signs in', async () => {
  const seen = rx.messages.length;
  const r = await api.call('POST', 'user', { token: admin, form: { name: 'Ivy Invited', email: 'ivy@example.org', password: '', role: String(roleId) } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.message, 'User created successfully. An invitation will be e-mailed to ivy@example.org.');
  assert.is(r.body.data.invited, true);
  const listed = (await api.call('GET', 'user?q=ivy', { token: admin })).body.data.data;
  assert.equal(
    listed.map((u: { email: string; invited: boolean }) => [u.email, u.invited]),
    [['ivy@example.org', true]],
  );
  const { mail, base, token } = await invitation('ivy@example.org', seen);
  assert.is(base, api.url);
  assert.match(mail.subject ?? '', /^You are invited to /);
  // No password works before the invitation is followed, not even the sign-in's decoy.
  for (const password of ['', 'decoy-password', 'Chosen-pass-1']) {
    assert.is((await api.call('POST', 'login', { form: { email: 'ivy@example.org', password } })).status, password ? 401 : 422);
  }
  assert.is((await api.call('POST', 'password/link', { form: { token } })).body.data.purpose, 'invite');
  const ok = await accept(token);
  assert.is(ok.status, 200, JSON.stringify(ok.body));
  assert.is(ok.body.data.role, 'Helper');
  assert.is((await api.call('GET', 'user/get', { token: ok.body.data.token })).body.data.email, 'ivy@example.org');
  assert.is((await api.call('GET', `user/${r.body.data.id}`, { token: admin })).body.data.invited, false);
  assert.is((await accept(token, 'Other-pass-1')).body.errors.token[0], LINK_MESSAGES.used);
  assert.is((await api.call('POST', `user/${r.body.data.id}/invite`, { token: admin })).status, 409, 'nothing to resend once a password is set');
});

test('Resend invitation: a new e-mail whose link replaces the first; an invitation link lasts 7 days', async () => {
  let seen = rx.messages.length;
  const id = (await api.call('POST', 'user', { token: admin, form: { name: 'Rae Resent', email: 'rae@example.org', password: '', role: String(roleId) } })).body
    .data.id;
  const first = await invitation('rae@example.org', seen);
  seen = rx.messages.length;
  const again = await api.call('POST', `user/${id}/invite`, { token: admin });
  assert.is(again.status, 200);
  assert.is(again.body.message, 'The invitation will be e-mailed again to rae@example.org.');
  const second = await invitation('rae@example.org', seen);
  assert.is.not(second.token, first.token);
  assert.is((await api.call('POST', 'password/link', { form: { token: first.token } })).body.data.state, 'expired');
  // Its 7 days run on the database's clock: moved to end a minute from the database's now, then just past it.
  const sel = second.token.split('.')[0];
  const life = await api.sql.get<{ ms: number }>('SELECT expires_at - created_at AS ms FROM account_tokens WHERE selector = ?', [sel]);
  assert.is(Number(life!.ms), 7 * 24 * 3600_000);
  await api.sql.run(`UPDATE account_tokens SET expires_at = ${dbNow(api.sql)} + 60000 WHERE selector = ?`, [sel]);
  assert.is((await api.call('POST', 'password/link', { form: { token: second.token } })).body.data.state, 'valid', 'valid just under 7 days');
  await api.sql.run(`UPDATE account_tokens SET expires_at = ${dbNow(api.sql)} - 1000 WHERE selector = ?`, [sel]);
  assert.equal((await accept(second.token)).body.errors, { token: [LINK_MESSAGES.expired] });
});

test('Add Organizer without a password: the invitation names the organiser and the console, and lands its user on its console', async () => {
  const seen = rx.messages.length;
  const r = await api.call('POST', 'organiser', { token: admin, form: { name: 'River Runs', email: 'river@example.org', password: '', status: '1' } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.message, 'Organizer created successfully. An invitation will be e-mailed to river@example.org.');
  const { mail, token } = await invitation('river@example.org', seen);
  assert.match(mail.subject ?? '', /River Runs/);
  assert.match(mail.text ?? '', /manage the organiser River Runs in the console at http:\/\/127\.0\.0\.1:\d+\/login/);
  const listed = (await api.call('GET', 'organiser?q=River', { token: admin })).body.data.data;
  assert.equal(
    listed.map((o: { name: string; invited: number }) => [o.name, Number(o.invited)]),
    [['River Runs', 1]],
  );
  const seen2 = rx.messages.length;
  assert.is(
    (await api.call('POST', `organiser/${r.body.data.id}/invite`, { token: admin })).body.message,
    'The invitation will be e-mailed again to river@example.org.',
  );
  const again = await invitation('river@example.org', seen2);
  assert.is((await api.call('POST', 'password/link', { form: { token } })).body.data.state, 'expired', 'the resent link replaces the first');
  const ok = await accept(again.token);
  assert.is(ok.status, 200, JSON.stringify(ok.body));
  assert.equal([ok.body.data.role, ok.body.data.companyid], ['company', r.body.data.id]);
  assert.is(Number((await api.call('GET', `organiser/${r.body.data.id}`, { token: admin })).body.data.invited), 0);
  assert.is((await api.call('POST', `organiser/${r.body.data.id}/invite`, { token: admin })).status, 409);
});

test('Add User still checks a password that is given, and needs the users.edit ability to resend', async () => {
  const weak = await api.call('POST', 'user', { token: admin, form: { name: 'W', email: 'weak@example.org', password: 'weak', role: String(roleId) } });
  assert.is(weak.status, 422);
  assert.ok(weak.body.errors.password);
  assert.is((await api.call('POST', 'user/1/invite')).status, 401);
});

test('users import: a blank password is an invitation (nothing hashed), a given one is hashed and works', async () => {
  const seen = rx.messages.length;
  const sheet = new File(
    ['name,email,password,role\nImp One,imp1@example.org,,Helper\nImp Two,imp2@example.org,,Helper\nImp Three,imp3@example.org,Given-pass-1,Helper\n'],
    'u.csv',
    { type: 'text/csv' },
  );
  const r = await api.call('POST', 'user/import', { token: admin, form: { file: sheet } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  let job: { state: string; passwords_total: number; passwords_hashed: number; message: string } | undefined;
  for (let i = 0; i < 100 && job?.state !== 'done'; i++) {
    await new Promise((res) => setTimeout(res, 100));
    job = (await api.call('GET', `import-job/${r.body.data.job_id}`, { token: admin })).body.data;
  }
  assert.is(job!.state, 'done', JSON.stringify(job));
  assert.equal([job!.passwords_total, job!.passwords_hashed], [1, 1]);
  await invitation('imp1@example.org', seen);
  await invitation('imp2@example.org', seen);
  assert.is((await api.call('POST', 'login', { form: { email: 'imp3@example.org', password: 'Given-pass-1' } })).status, 200);
  await new Promise((res) => setTimeout(res, 300));
  assert.not.ok(
    rx.messages.slice(seen).some((m) => !!m.to && !Array.isArray(m.to) && m.to.value[0].address === 'imp3@example.org'),
    'no invitation with a password',
  );
});

test('names with a line break or a control character are refused (user, organiser, company, my account), 422 on the field', async () => {
  const bad = { 'Ivy\r\nBcc: victim@example.org': 'The name may not contain line breaks.', 'Ivy\u0007Bell': 'The name may not contain control characters.' };
  for (const [name, message] of Object.entries(bad)) {
    const user = await api.call('POST', 'user', { token: admin, form: { name, email: `bad${Date.now()}@example.org`, password: '', role: String(roleId) } });
    assert.equal([user.status, user.body.errors], [422, { name: [message] }], 'user');
    const org = await api.call('POST', 'organiser', { token: admin, form: { name, email: `org${Date.now()}@example.org`, phone: '555', password: '' } });
    assert.equal([org.status, org.body.errors?.name], [422, [message]], 'organiser');
    const company = await api.call('PUT', 'settings/company', { token: admin, form: { name } });
    assert.equal([company.status, company.body.errors], [422, { name: [message] }], 'company');
    const mine = await api.call('PUT', 'account', { token: admin, form: { name } });
    assert.equal([mine.status, mine.body.errors], [422, { name: [message] }], 'account');
  }
  assert.is((await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM users WHERE name LIKE 'Ivy%Bell' OR name LIKE 'Ivy%Bcc%'"))?.n ?? 0, 0);
});

test('an invitation that cannot be written (a name stored with a line break) shows as failed in the outbox, never silently dropped', async () => {
  const id = Number(
    (await api.sql.get<{ id: number }>(
      "INSERT INTO users (name, email, password_hash, created_at) VALUES ('Old\r\nName', 'old-name@example.org', '', ?) RETURNING id",
      [Date.now()],
    ))!.id,
  );
  await api.sql.transaction((tx) => enqueueInvite(tx, { id, name: 'Old\r\nName', email: 'old-name@example.org' }));
  let row: { status: string; last_error: string } | undefined;
  for (let i = 0; i < 200 && row?.status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 50));
    row = await api.sql.get<{ status: string; last_error: string }>("SELECT status, last_error FROM outbox WHERE kind = 'invite' AND ref_id = ?", [id]);
  }
  assert.equal(row, { status: 'failed', last_error: 'A line break in an e-mail header was refused.' });
  const listed = (await api.call('GET', 'settings/email/outbox', { token: admin })).body.data.recent.find(
    (m: { to_address: string }) => m.to_address === 'old-name@example.org',
  );
  assert.equal([listed.status, listed.last_error], ['failed', 'A line break in an e-mail header was refused.']);
  assert.not.ok(rx.messages.some((m) => !Array.isArray(m.to) && m.to?.value[0].address === 'old-name@example.org'));
});

test.run();
