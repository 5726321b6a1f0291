import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApi } from './harness.ts';
import { makeRole, makeUser } from './admin-helpers.ts';
import { addPasskey, enrol, freshUser, mfa, password, passkeySignIn, wrongCode, codeAt, startTwoStepApi } from './two-step-helpers.ts';
import { CODE_WRONG, TWO_STEP_LOCKED, UNLOCK_LINK_MESSAGES, UNLOCKED_MESSAGE } from '../../src/common/two-step.ts';
import { unlockMessage } from '../../server/lib/mail/unlock-mail.ts';
import { issueLinkToken } from '../../server/lib/auth/account-links.ts';
import type { OutboxRow } from '../../server/db/queries/outbox.ts';

// The second step locked after 10 wrong codes in a row (docs/security.md "Second step locked"):
// whatever the challenges, until the owner's e-mailed link or an administrator unlocks it.
let api: TestApi;
let admin: string;
test.before(async () => {
  ({ api, admin } = await startTwoStepApi());
});
test.after(async () => {
  await api.stop();
});

/** A new challenge of `u`'s second step. */
const challengeOf = async (u: { email: string; password: string }) => {
  const r = await password(api, u.email, u.password);
  assert.is(r.body.data.mfa_required, true, JSON.stringify(r.body));
  return r.body.data as { challenge: string; methods: string[]; codes_locked?: boolean };
};
/** `n` wrong codes, a new challenge every 5 (a challenge takes 5 tries); each answers 401 CODE_WRONG. */
async function wrongCodes(u: { email: string; password: string }, totp: Parameters<typeof wrongCode>[0], n: number) {
  let challenge = '';
  for (let i = 0; i < n; i++) {
    if (i % 5 === 0) challenge = (await challengeOf(u)).challenge;
    const r = await mfa(api, challenge, wrongCode(totp));
    assert.is(r.status, 401, `wrong code ${i + 1}: ${JSON.stringify(r.body)}`);
    assert.is(r.body.message, CODE_WRONG);
  }
}
const mailsTo = (email: string) => api.sql.all<OutboxRow>('SELECT * FROM outbox WHERE to_address = ? ORDER BY id', [email]);

test('12 wrong codes lock the second step: the owner is told at the 5th and at the lock; the 11th and 12th are refused even when right', async () => {
  const u = await freshUser(api, admin);
  const { totp, recovery } = await enrol(api, u.token);
  await wrongCodes(u, totp, 4);
  assert.is((await mailsTo(u.email)).filter((m) => m.subject === 'Wrong sign-in codes for your account').length, 0, 'no word before the 5th');
  await wrongCodes(u, totp, 1);
  const warning = (await mailsTo(u.email)).filter((m) => m.subject === 'Wrong sign-in codes for your account');
  assert.is(warning.length, 1, 'told at the 5th');
  assert.match(warning[0].body_text, /5 wrong two-step codes in a row/);
  assert.match(warning[0].body_text, /change it now/);
  await wrongCodes(u, totp, 5);
  const lock = (await mailsTo(u.email)).filter((m) => m.kind === 'unlock');
  assert.is(lock.length, 1, 'the lock e-mail is queued at the 10th');
  assert.is(lock[0].body_text, '', 'no link stored: the sender makes it');

  // The 11th (a right code) and 12th (a recovery code) on a new challenge: refused, with the lock's words.
  const step = await challengeOf(u);
  assert.equal(step.methods, [], 'no code method while locked, no passkey either');
  assert.is(step.codes_locked, true);
  for (const code of [codeAt(totp, 1), recovery[0]]) {
    const r = await mfa(api, step.challenge, code);
    assert.is(r.status, 403, JSON.stringify(r.body));
    assert.is(r.body.message, TWO_STEP_LOCKED);
    assert.equal(r.body.data, { two_step_locked: true });
  }
  assert.is((await api.call('GET', 'account/two-step', { token: u.token })).body.data.codes_locked, true);
  // The recovery code was not spent by the refusal; the lock is in the activity log.
  assert.is((await api.call('GET', 'account/two-step', { token: u.token })).body.data.recovery_codes_left, 10);
  assert.is((await api.sql.all("SELECT id FROM activity WHERE action = 'two_step_failed' AND resource_id = ?", [u.id])).length, 10);
  assert.ok(await api.sql.get("SELECT id FROM activity WHERE action = 'two_step_locked' AND resource_id = ?", [u.id]));
  // A code typed in My account is refused too.
  const off = await api.call('POST', 'account/two-step/disable', { token: u.token, form: { password: u.password, code: recovery[1] } });
  assert.is(off.status, 403);
});

test('a right code starts the count again: 4 wrong, 1 right, 9 wrong leave the codes open', async () => {
  const u = await freshUser(api, admin);
  const { totp, recovery } = await enrol(api, u.token);
  await wrongCodes(u, totp, 4);
  assert.is((await mfa(api, (await challengeOf(u)).challenge, recovery[0])).status, 200);
  await wrongCodes(u, totp, 9);
  const step = await challengeOf(u);
  assert.is(step.codes_locked, undefined);
  assert.ok(step.methods.includes('code'));
  assert.is((await mfa(api, step.challenge, recovery[1])).status, 200, 'the 10th attempt, right, signs in');
});

test('parallel wrong codes are counted one by one: of 15 at once on 3 challenges, 10 are judged and 5 find the codes locked', async () => {
  const u = await freshUser(api, admin);
  const { totp } = await enrol(api, u.token);
  const challenges = [await challengeOf(u), await challengeOf(u), await challengeOf(u)];
  const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => mfa(api, challenges[i % 3].challenge, wrongCode(totp))));
  const statuses = answers.map((r) => r.status).sort();
  assert.equal(statuses, [...Array(10).fill(401), ...Array(5).fill(403)]);
  assert.is((await api.sql.all("SELECT id FROM activity WHERE action = 'two_step_failed' AND resource_id = ?", [u.id])).length, 10);
});

test('the e-mailed unlock link works once; it sets no password, and a reset link unlocks nothing', async () => {
  const u = await freshUser(api, admin);
  const { totp, recovery } = await enrol(api, u.token);
  await wrongCodes(u, totp, 10);
  const row = (await mailsTo(u.email)).find((m) => m.kind === 'unlock')!;
  // The sender writes the e-mail with a fresh link (lib/mail/sender.ts).
  const msg = await unlockMessage(api.sql, row, '', 'https://console.example');
  assert.ok('text' in msg, JSON.stringify(msg));
  if (!('text' in msg)) return;
  assert.is(msg.subject, 'Sign-in codes for your account are locked');
  const token = /https:\/\/console\.example\/unlock-two-step#([A-Za-z0-9_.-]+)/.exec(msg.text)?.[1] ?? '';
  assert.ok(token, msg.text);
  assert.not.ok(await api.sql.get('SELECT id FROM account_tokens WHERE secret_hash LIKE ?', [`%${token.split('.')[1]}%`]), 'only its hash is stored');

  const reset = await api.call('POST', 'password/reset', { form: { token, password: 'Brand-new-pass-2', password_confirmation: 'Brand-new-pass-2' } });
  assert.is(reset.status, 422, 'an unlock link sets no password');
  assert.equal(reset.body.data, { state: 'invalid' });

  const r = await api.call('POST', 'two-step/unlock', { form: { token } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.message, UNLOCKED_MESSAGE);
  const again = await api.call('POST', 'two-step/unlock', { form: { token } });
  assert.is(again.status, 422);
  assert.equal(again.body.errors.token, [UNLOCK_LINK_MESSAGES.used]);
  assert.is((await mfa(api, (await challengeOf(u)).challenge, recovery[0])).status, 200, 'codes work again');
  assert.ok(await api.sql.get("SELECT id FROM activity WHERE action = 'two_step_unlock' AND resource_id = ? AND actor_id = ?", [u.id, u.id]));
  // Once unlocked, the queued e-mail is no longer sent.
  assert.equal(await unlockMessage(api.sql, row, '', 'https://console.example'), { skip: 'The sign-in codes were unlocked already; nothing was sent.' });

  // A reset link of the same user unlocks nothing.
  await wrongCodes(u, totp, 10);
  const resetToken = await api.sql.transaction((tx) => issueLinkToken(tx, u.id, 'reset'));
  const wrong = await api.call('POST', 'two-step/unlock', { form: { token: resetToken } });
  assert.is(wrong.status, 422);
  assert.equal(wrong.body.data, { state: 'invalid' });
  assert.is((await challengeOf(u)).codes_locked, true);
});

test('an administrator unlocks the codes from Edit User: the user is e-mailed; 409 when not locked; an editor cannot unlock an administrator', async () => {
  const u = await freshUser(api, admin);
  const { totp, recovery } = await enrol(api, u.token);
  assert.is((await api.call('POST', `user/${u.id}/two-step/unlock`, { token: admin })).status, 409);
  await wrongCodes(u, totp, 10);
  const r = await api.call('POST', `user/${u.id}/two-step/unlock`, { token: admin });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is((await mfa(api, (await challengeOf(u)).challenge, recovery[0])).status, 200);
  const told = (await mailsTo(u.email)).find((m) => m.subject === 'The sign-in codes of your account were unlocked');
  assert.ok(told, 'the user is told');
  const adminName = (await api.call('GET', 'account', { token: admin })).body.data.name as string;
  assert.ok(told!.body_text.includes(`by ${adminName}`), told!.body_text);
  assert.ok(await api.sql.get("SELECT id FROM activity WHERE action = 'two_step_unlock' AND resource_id = ? AND actor_id = 1", [u.id]));

  const editorRole = await makeRole(api, admin, { screens: ['users'] });
  const e = await makeUser(api, admin, editorRole);
  const et = await api.login(e.email, e.password);
  const refused = await api.call('POST', 'user/1/two-step/unlock', { token: et });
  assert.ok(refused.status === 403 || refused.status === 404, `${refused.status}`);
  const noAbility = await api.call('POST', `user/${u.id}/two-step/unlock`, { token: u.token });
  assert.ok(noAbility.status === 403, `${noAbility.status}`);
});

test('a passkey still completes the second step while the codes are locked', async () => {
  const u = await freshUser(api, admin);
  const { totp } = await enrol(api, u.token);
  const { r, key } = await addPasskey(api, u.token, 'Laptop');
  assert.is(r.status, 200, JSON.stringify(r.body));
  await wrongCodes(u, totp, 10);
  const step = await challengeOf(u);
  assert.equal(step.methods, ['passkey']);
  assert.is(step.codes_locked, true);
  const signed = await passkeySignIn(api, key, step.challenge);
  assert.is(signed.status, 200, JSON.stringify(signed.body));
  const sessions = (await api.call('GET', 'account/sessions', { token: signed.body.data.token })).body.data as { current: boolean; signed_in_with: string }[];
  assert.is(sessions.find((s) => s.current)!.signed_in_with, 'password_passkey');
  // Passwordless too; the codes stay locked.
  assert.is((await passkeySignIn(api, key)).status, 200);
  assert.is((await challengeOf(u)).codes_locked, true);
});

test.run();
