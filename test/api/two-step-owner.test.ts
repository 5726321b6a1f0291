import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { URI, type TOTP } from 'otpauth';
import type { TestApi } from './harness.ts';
import { addPasskey, codeAt, enrol, freshUser, mfa, password, passkeySignIn, wrongCode, startTwoStepApi } from './two-step-helpers.ts';
import { CODE_WRONG, confirmOwnerMessage } from '../../src/common/two-step.ts';
import type { OutboxRow } from '../../server/db/queries/outbox.ts';

// No authenticator without the owner (docs/security.md "Confirming it is you"): a session alone
// adds no factor; every factor added or removed is e-mailed; a password change and "sign out all
// other sessions" list the passkeys that still sign in.
let api: TestApi;
let admin: string;
test.before(async () => {
  ({ api, admin } = await startTwoStepApi());
});
test.after(async () => {
  await api.stop();
});

/** Makes every session of the user a sign-in 10 minutes old: a stolen session, not a fresh sign-in. */
const stale = (userId: number) => api.sql.run('UPDATE tokens SET created_at = created_at - 600000 WHERE user_id = ?', [userId]);
const mailsTo = (email: string) => api.sql.all<OutboxRow>("SELECT * FROM outbox WHERE to_address = ? AND kind = 'two_step' ORDER BY id", [email]);
const passkeysOf = async (token: string) => (await api.call('GET', 'account/two-step', { token })).body.data.passkeys as { id: number; name: string }[];

test('a passkey added with a session alone is refused; with the password it is added, the owner e-mailed and the change logged', async () => {
  const u = await freshUser(api, admin);
  await stale(u.id);
  const alone = await addPasskey(api, u.token, 'Thief key');
  assert.is(alone.r.status, 422, JSON.stringify(alone.r.body));
  assert.equal(alone.r.body.errors.current_password, [confirmOwnerMessage('passkey_add', false)]);
  assert.equal(await passkeysOf(u.token), [], 'nothing stored');
  assert.is((await passkeySignIn(api, alone.key)).status, 401, 'the refused passkey does not sign in');

  const wrong = await addPasskey(api, u.token, 'Key', { current_password: 'Wrong-pass-1' });
  assert.is(wrong.r.status, 422);
  assert.equal(wrong.r.body.errors.current_password, ['The current password is not right.']);

  const added = await addPasskey(api, u.token, 'Work laptop', { current_password: u.password });
  assert.is(added.r.status, 200, JSON.stringify(added.r.body));
  assert.equal(
    (await passkeysOf(u.token)).map((p) => p.name),
    ['Work laptop'],
  );
  const mails = await mailsTo(u.email);
  assert.is(mails.length, 1);
  assert.is(mails[0].subject, 'A passkey was added to your account');
  assert.match(mails[0].body_text, /A passkey named “Work laptop” was added to your account, from /);
  const row = await api.sql.get<{ actor_id: number; changes: string }>(
    "SELECT actor_id, changes FROM activity WHERE action = 'passkey_add' AND resource_id = ?",
    [u.id],
  );
  assert.is(row?.actor_id, u.id);
  assert.match(row!.changes, /Work laptop/);
  // The passkey it made signs in.
  assert.is((await passkeySignIn(api, added.key)).status, 200);
});

test('within 5 minutes of signing in, a passkey is added without the password', async () => {
  const u = await freshUser(api, admin);
  const { r } = await addPasskey(api, u.token, 'Phone');
  assert.is(r.status, 200, JSON.stringify(r.body));
});

test("the same browser answer is taken again once the password is typed (the retry of the console's prompt)", async () => {
  const u = await freshUser(api, admin);
  await stale(u.id);
  const first = await addPasskey(api, u.token, 'Desk');
  assert.is(first.r.status, 422);
  const again = await api.call('POST', 'account/passkeys', {
    token: u.token,
    form: { name: 'Desk', credential: first.credential, current_password: u.password },
  });
  assert.is(again.status, 200, JSON.stringify(again.body));
});

test('with the authenticator app on, a current code confirms the owner; a wrong code is refused and counted', async () => {
  const u = await freshUser(api, admin);
  const { totp } = await enrol(api, u.token);
  await stale(u.id);
  const alone = await addPasskey(api, u.token, 'Key');
  assert.equal(alone.r.body.errors.current_password, [confirmOwnerMessage('passkey_add', true)]);
  const wrong = await addPasskey(api, u.token, 'Key', { code: wrongCode(totp) });
  assert.is(wrong.r.status, 422);
  assert.equal(wrong.r.body.errors.code, [CODE_WRONG]);
  assert.ok(await api.sql.get("SELECT id FROM activity WHERE action = 'two_step_failed' AND resource_id = ?", [u.id]), 'counted as a wrong code');
  const right = await addPasskey(api, u.token, 'Key', { code: codeAt(totp, 1) });
  assert.is(right.r.status, 200, JSON.stringify(right.r.body));
});

test('turning the authenticator app on needs the owner; it is e-mailed; turning it off is e-mailed', async () => {
  const u = await freshUser(api, admin);
  await stale(u.id);
  const begin = await api.call('POST', 'account/two-step/totp', { token: u.token });
  assert.is(begin.status, 200);
  const totp = URI.parse(begin.body.data.uri) as TOTP;
  const alone = await api.call('POST', 'account/two-step/totp/confirm', { token: u.token, form: { code: codeAt(totp) } });
  assert.is(alone.status, 422);
  assert.equal(alone.body.errors.current_password, [confirmOwnerMessage('totp_on', false)]);
  assert.is((await api.call('GET', 'account/two-step', { token: u.token })).body.data.totp, false);
  const on = await api.call('POST', 'account/two-step/totp/confirm', { token: u.token, form: { code: codeAt(totp), current_password: u.password } });
  assert.is(on.status, 200, JSON.stringify(on.body));
  const off = await api.call('POST', 'account/two-step/disable', { token: u.token, form: { password: u.password, code: codeAt(totp, 1) } });
  assert.is(off.status, 200, JSON.stringify(off.body));
  assert.equal(
    (await mailsTo(u.email)).map((m) => m.subject),
    ['An authenticator app was turned on for your account', 'The authenticator app of your account was turned off'],
  );
});

test('new recovery codes need the owner: the old ones stop working, the new ones work, the owner is e-mailed', async () => {
  const u = await freshUser(api, admin);
  const none = await api.call('POST', 'account/two-step/recovery-codes', { token: u.token, form: {} });
  assert.is(none.status, 409, 'no app, no recovery codes');
  const { totp, recovery } = await enrol(api, u.token);
  await stale(u.id);
  const alone = await api.call('POST', 'account/two-step/recovery-codes', { token: u.token, form: {} });
  assert.is(alone.status, 422);
  assert.equal(alone.body.errors.current_password, [confirmOwnerMessage('recovery_codes', true)]);
  const r = await api.call('POST', 'account/two-step/recovery-codes', { token: u.token, form: { code: codeAt(totp, 1) } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const fresh = r.body.data.recovery_codes as string[];
  assert.is(fresh.length, 10);
  assert.is((await mfa(api, (await password(api, u.email, u.password)).body.data.challenge, recovery[0])).status, 401, 'an old code no longer works');
  assert.is((await mfa(api, (await password(api, u.email, u.password)).body.data.challenge, fresh[0])).status, 200);
  assert.ok((await mailsTo(u.email)).some((m) => m.subject === 'New recovery codes were made for your account'));
  assert.ok(await api.sql.get("SELECT id FROM activity WHERE action = 'recovery_codes' AND resource_id = ?", [u.id]));
});

test('changing the password and signing out other sessions list the passkeys; removing one is e-mailed and it no longer signs in', async () => {
  const u = await freshUser(api, admin);
  const { key } = await addPasskey(api, u.token, 'Old phone');
  const other = await passkeySignIn(api, key);
  assert.is(other.status, 200);
  const pw = await api.call('PUT', 'account/password', {
    token: u.token,
    form: { current_password: u.password, password: 'Brand-new-pass-2', password_confirmation: 'Brand-new-pass-2' },
  });
  assert.is(pw.status, 200, JSON.stringify(pw.body));
  assert.is(pw.body.data.ended, 1);
  assert.equal(
    pw.body.data.passkeys.map((p: { name: string }) => p.name),
    ['Old phone'],
  );
  assert.match(pw.body.message, /passkey still signs in without a password/);
  const outs = await api.call('POST', 'account/sessions/others', { token: u.token });
  assert.is(outs.status, 200);
  assert.equal(
    outs.body.data.passkeys.map((p: { name: string }) => p.name),
    ['Old phone'],
  );

  const id = pw.body.data.passkeys[0].id as number;
  assert.is((await api.call('DELETE', `account/passkeys/${id}`, { token: u.token })).status, 200);
  assert.is((await passkeySignIn(api, key)).status, 401, 'the removed passkey no longer signs in');
  assert.ok((await mailsTo(u.email)).some((m) => m.subject === 'A passkey was removed from your account' && m.body_text.includes('“Old phone”')));
  assert.equal((await api.call('POST', 'account/sessions/others', { token: u.token })).body.data.passkeys, []);
});

test.run();
