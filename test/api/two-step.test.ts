import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeRole, makeUser } from './admin-helpers.ts';
import { codeAt, enrol as enrolWith, freshUser as freshWith, KEY, mfa as mfaWith, password as passwordWith, wrongCode } from './two-step-helpers.ts';
import { CHALLENGE_GONE, CODE_WRONG, TWO_STEP_AFTER_RESET, TWO_STEP_REQUIRED } from '../../src/common/two-step.ts';
import { issueLinkToken } from '../../server/lib/auth/account-links.ts';

// Two-step sign-in (docs/security.md "Two-step sign-in"): codes computed here with RFC 6238 from
// the provisioning URI the API hands out, as an authenticator app would (two-step-helpers.ts).
// The lock of codes: two-step-lock.test.ts; the owner's confirmation and e-mails: two-step-owner.test.ts.
let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi({ twoStepKey: KEY });
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const freshUser = () => freshWith(api, admin);
/** Turns the authenticator on, checking the QR code is an SVG image. */
async function enrol(token: string) {
  const e = await enrolWith(api, token);
  assert.match(e.qr, /^data:image\/svg\+xml;base64,/);
  assert.match(Buffer.from(e.qr.split(',')[1], 'base64').toString(), /<svg/);
  assert.is(e.totp.secret.base32, e.secret);
  return e;
}
const password = (email: string, pw: string, remember = false) => passwordWith(api, email, pw, remember);
const mfa = (challenge: string, code: string) => mfaWith(api, challenge, code);

test('enrol, confirm, then a sign-in needs the password and a code; the password alone gives no session', async () => {
  const u = await freshUser();
  const { totp } = await enrol(u.token);
  assert.equal((await api.call('GET', 'account/two-step', { token: u.token })).body.data, {
    enabled: true,
    totp: true,
    recovery_codes_left: 10,
    required: false,
    codes_locked: false,
    passkeys: [],
  });
  const first = await password(u.email, u.password, true);
  assert.is(first.status, 200);
  assert.is(first.body.data.mfa_required, true);
  assert.is(first.body.data.token, undefined, 'no session token before the second step');
  assert.ok(first.body.data.methods.includes('code'));
  const second = await mfa(first.body.data.challenge, codeAt(totp, 1));
  assert.is(second.status, 200, JSON.stringify(second.body));
  assert.type(second.body.data.token, 'string');
  assert.is((await api.call('GET', 'user/get', { token: second.body.data.token })).status, 200);
  // Remember Me kept its meaning: 30 days.
  const life = await api.sql.get<{ ms: number }>('SELECT expires_at - created_at AS ms FROM tokens WHERE user_id = ? ORDER BY id DESC LIMIT 1', [u.id]);
  assert.ok(Number(life!.ms) > 29 * 86_400_000, `${life!.ms}`);
  // My account → Sessions says how each signed in.
  const sessions = (await api.call('GET', 'account/sessions', { token: second.body.data.token })).body.data as { current: boolean; signed_in_with: string }[];
  assert.is(sessions.find((s) => s.current)!.signed_in_with, 'password_code');
  assert.ok(sessions.some((s) => !s.current && s.signed_in_with === 'password'));
  // The challenge was used up.
  assert.is((await mfa(first.body.data.challenge, codeAt(totp, 1))).body.message, CHALLENGE_GONE);
});

test('the stored secret is sealed: the base32 secret is nowhere in the row', async () => {
  const u = await freshUser();
  const { secret } = await enrol(u.token);
  const row = await api.sql.get<{ secret: string }>('SELECT secret FROM two_step_totp WHERE user_id = ?', [u.id]);
  assert.ok(row && row.secret.length > 0);
  assert.not.ok(row!.secret.includes(secret), 'not the secret in clear');
  assert.not.ok(row!.secret.toUpperCase().includes(secret.slice(0, 8)), 'no part of it either');
  const codes = await api.sql.all<{ code_hash: string }>('SELECT code_hash FROM two_step_recovery WHERE user_id = ?', [u.id]);
  assert.is(codes.length, 10);
  assert.ok(
    codes.every((c) => /^[0-9a-f]{64}$/.test(c.code_hash)),
    'recovery codes as hashes only',
  );
});

test('a wrong code answers 401; the 6th attempt on one challenge answers 429 with Retry-After, even with the right code', async () => {
  const u = await freshUser();
  const { totp } = await enrol(u.token);
  const { challenge } = (await password(u.email, u.password)).body.data;
  for (let i = 0; i < 5; i++) {
    const r = await mfa(challenge, wrongCode(totp));
    assert.is(r.status, 401);
    assert.is(r.body.message, CODE_WRONG);
  }
  const sixth = await mfa(challenge, codeAt(totp, 1));
  assert.is(sixth.status, 429);
  assert.ok(Number(sixth.headers.get('retry-after')) >= 1);
  // Each wrong code is in the activity log, without the code.
  const rows = await api.sql.all<{ label: string; changes: string }>(
    "SELECT label, changes FROM activity WHERE action = 'two_step_failed' AND resource_id = ?",
    [u.id],
  );
  assert.is(rows.length, 5);
  assert.ok(rows.every((r) => r.label === u.email && r.changes === ''));
});

test('a code is accepted once: the same code again (within its window) is refused', async () => {
  const u = await freshUser();
  const { totp } = await enrol(u.token);
  const code = codeAt(totp, 1);
  assert.is((await mfa((await password(u.email, u.password)).body.data.challenge, code)).status, 200);
  const again = await mfa((await password(u.email, u.password)).body.data.challenge, code);
  assert.is(again.status, 401);
  assert.is(again.body.data?.token, undefined);
  // The code of the enrolment's own step is spent too.
  assert.is((await mfa((await password(u.email, u.password)).body.data.challenge, codeAt(totp, 0))).status, 401);
});

test('a recovery code works once, in any case and with or without its dash', async () => {
  const u = await freshUser();
  const { recovery } = await enrol(u.token);
  const typed = recovery[3].replace('-', '').toLowerCase();
  const r = await mfa((await password(u.email, u.password)).body.data.challenge, typed);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.type(r.body.data.token, 'string');
  assert.is((await mfa((await password(u.email, u.password)).body.data.challenge, recovery[3])).status, 401);
  assert.is((await api.call('GET', 'account/two-step', { token: r.body.data.token })).body.data.recovery_codes_left, 9);
});

test('turning two-step off needs the password and a current code; a password reset keeps it', async () => {
  const u = await freshUser();
  const { totp } = await enrol(u.token);
  let r = await api.call('POST', 'account/two-step/disable', { token: u.token, form: { password: 'Wrong-pass-1', code: codeAt(totp, 1) } });
  assert.is(r.status, 422);
  assert.ok(r.body.errors.password);
  r = await api.call('POST', 'account/two-step/disable', { token: u.token, form: { password: u.password, code: wrongCode(totp) } });
  assert.is(r.status, 422);
  assert.equal(r.body.errors.code, [CODE_WRONG]);
  assert.is((await api.call('GET', 'account/two-step', { token: u.token })).body.data.totp, true);
  r = await api.call('POST', 'account/two-step/disable', { token: u.token, form: { password: u.password, code: codeAt(totp, 1) } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal((await api.call('GET', 'account/two-step', { token: u.token })).body.data.enabled, false);
  // A password sign-in gives a session again.
  assert.type((await password(u.email, u.password)).body.data.token, 'string');
  const actions = (
    await api.sql.all<{ action: string }>('SELECT action FROM activity WHERE resource_id = ? AND resource = ? ORDER BY id', [u.id, 'users'])
  ).map((a) => a.action);
  assert.ok(actions.includes('two_step_on') && actions.includes('two_step_off'), actions.join());
});

test('an expired challenge is refused', async () => {
  const u = await freshUser();
  const { totp } = await enrol(u.token);
  const { challenge } = (await password(u.email, u.password)).body.data;
  await api.sql.run('UPDATE two_step_challenges SET expires_at = expires_at - 600000 WHERE user_id = ?', [u.id]);
  const r = await mfa(challenge, codeAt(totp, 1));
  assert.is(r.status, 401);
  assert.is(r.body.message, CHALLENGE_GONE);
});

test('a member of a role that requires two-step sign-in without it gets 403 on every call but enrolment, until enrolled', async () => {
  const plain = await makeRole(api, admin, { screens: ['pages'] });
  assert.is((await api.call('GET', `role/${plain}`, { token: admin })).body.data.require_two_step, false, 'off by default');
  const role = await makeRole(api, admin, { screens: ['pages'] });
  const { name, permissions } = (await api.call('GET', `role/${role}`, { token: admin })).body.data;
  const put = await api.call('PUT', `role/${role}`, {
    token: admin,
    form: { name, permissions: JSON.stringify(permissions.map((p: { id: number }) => p.id)), roles: '[]', require_two_step: '1' },
  });
  assert.is(put.status, 200, JSON.stringify(put.body));
  assert.is(put.body.data.require_two_step, true);
  const u = await makeUser(api, admin, role);
  const signedIn = await password(u.email, u.password);
  assert.is(signedIn.status, 200);
  assert.is(signedIn.body.data.two_step_required, true);
  const token = signedIn.body.data.token as string;
  for (const path of ['user/get', 'user/getmenu', 'page?page=1']) {
    const r = await api.call('GET', path, { token });
    assert.is(r.status, 403, path);
    assert.is(r.body.message, TWO_STEP_REQUIRED);
    assert.equal(r.body.data, { two_step_required: true });
  }
  assert.is((await api.call('PUT', 'account', { token, form: { name: 'Other' } })).status, 403);
  assert.is((await api.call('GET', 'account', { token })).status, 200);
  assert.is((await api.call('GET', 'account/sessions', { token })).status, 200);
  assert.is((await api.call('GET', 'account/two-step', { token })).body.data.required, true);
  await enrol(token);
  assert.is((await api.call('GET', 'user/get', { token })).status, 200, 'open once enrolled, same session');
  assert.is((await api.call('GET', 'page?page=1', { token })).status, 200);
  // The administrator (no requirement on the admin role) signs in with the password alone, as before.
  assert.type((await password('admin@example.com', 'Admin-pass-1')).body.data.token, 'string');
});

test("an administrator resets a user's two-step sign-in: factors gone, sessions ended, the user e-mailed, logged", async () => {
  const u = await freshUser();
  await enrol(u.token);
  const r = await api.call('POST', `user/${u.id}/two-step/reset`, { token: admin });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is((await api.call('GET', 'account', { token: u.token })).status, 401, 'their sessions ended');
  const back = await password(u.email, u.password);
  assert.type(back.body.data.token, 'string', 'the password alone signs in again');
  assert.equal((await api.call('GET', 'account/two-step', { token: back.body.data.token })).body.data.enabled, false);
  const mail = await api.sql.get<{ subject: string; body_text: string }>(
    "SELECT subject, body_text FROM outbox WHERE kind = 'two_step' AND to_address = ? ORDER BY id DESC LIMIT 1",
    [u.email],
  );
  assert.is(mail?.subject, 'Your two-step sign-in was reset');
  assert.ok(await api.sql.get("SELECT id FROM activity WHERE action = 'two_step_reset' AND resource_id = ?", [u.id]));
  // Someone with Edit users but not an administrator cannot reset an administrator's.
  const editor = await makeRole(api, admin, { screens: ['users'] });
  const e = await makeUser(api, admin, editor);
  const et = await api.login(e.email, e.password);
  const refused = await api.call('POST', 'user/1/two-step/reset', { token: et });
  assert.ok(refused.status === 403 || refused.status === 404, `${refused.status}`);
});

test('the Users list filters by two-step sign-in on or off', async () => {
  const on = await freshUser();
  await enrol(on.token);
  const off = await freshUser();
  const ids = async (v: string) =>
    ((await api.call('GET', `user?page=1&per_page=100&two_step=${v}`, { token: admin })).body.data.data as { id: number }[]).map((u) => u.id);
  const onIds = await ids('on');
  const offIds = await ids('off');
  assert.ok(onIds.includes(on.id) && !onIds.includes(off.id), JSON.stringify(onIds));
  assert.ok(offIds.includes(off.id) && !offIds.includes(on.id) && offIds.includes(1), JSON.stringify(offIds));
  assert.is((await api.call('GET', 'user?page=1&two_step=maybe', { token: admin })).status, 422);
});

test('passkeys: options carry a fresh challenge; a made-up answer is refused and stores nothing; removing an unknown one is 404', async () => {
  const u = await freshUser();
  const o = await api.call('POST', 'account/passkeys/options', { token: u.token });
  assert.is(o.status, 200);
  assert.type(o.body.data.challenge, 'string');
  assert.is(o.body.data.rp.name, 'Events Back-office');
  const fake = JSON.stringify({
    id: 'abc',
    rawId: 'abc',
    type: 'public-key',
    response: { clientDataJSON: 'e30', attestationObject: 'AA' },
    clientExtensionResults: {},
  });
  let r = await api.call('POST', 'account/passkeys', { token: u.token, form: { name: 'Key', credential: fake } });
  assert.is(r.status, 422);
  assert.equal(r.body.errors.credential, ['The passkey could not be verified.']);
  r = await api.call('POST', 'account/passkeys', { token: u.token, form: { name: 'Key', credential: 'not json' } });
  assert.is(r.status, 422);
  assert.is((await api.call('GET', 'account/two-step', { token: u.token })).body.data.passkeys.length, 0);
  assert.is((await api.call('DELETE', 'account/passkeys/999999', { token: u.token })).status, 404);
  const signIn = await api.call('POST', 'login/passkey/options', { form: {} });
  assert.is(signIn.status, 200);
  assert.equal(signIn.body.data.allowCredentials ?? [], [], 'passwordless: any passkey of this site');
  assert.is((await api.call('POST', 'login/passkey', { form: { credential: fake } })).status, 401);
});

test('a password reset through the e-mailed link keeps two-step sign-in and opens no session by itself', async () => {
  const u = await freshUser();
  const { totp } = await enrol(u.token);
  const token = await api.sql.transaction((tx) => issueLinkToken(tx, u.id, 'reset'));
  const r = await api.call('POST', 'password/reset', { form: { token, password: 'Brand-new-pass-2', password_confirmation: 'Brand-new-pass-2' } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.data, null, 'no session without the second step');
  assert.is(r.body.message, TWO_STEP_AFTER_RESET);
  const first = await password(u.email, 'Brand-new-pass-2');
  assert.is(first.body.data.mfa_required, true, 'the factor is still there');
  assert.is((await mfa(first.body.data.challenge, codeAt(totp, 1))).status, 200);
});

test.run();
