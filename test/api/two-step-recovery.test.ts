import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { URI, type TOTP } from 'otpauth';
import type { TestApi } from './harness.ts';
import { addPasskey, codeAt, enrol, freshUser, mfa, password, passkeySignIn, startTwoStepApi, wrongCode } from './two-step-helpers.ts';
import { CODE_JUST_USED, CODE_WRONG } from '../../src/common/two-step.ts';
import type { OutboxRow } from '../../server/db/queries/outbox.ts';

// The code just used, recovery codes for an account with passkeys only, and recovery to a new
// phone (docs/security.md "Two-step sign-in"): codes computed here with RFC 6238 from the
// provisioning URI the API hands out, passkeys made by soft-passkey.ts.
let api: TestApi;
let admin: string;
test.before(async () => {
  ({ api, admin } = await startTwoStepApi());
});
test.after(async () => {
  await api.stop();
});

const statusOf = async (token: string) => (await api.call('GET', 'account/two-step', { token })).body.data;
const sessionsOf = async (token: string) => (await api.call('GET', 'account/sessions', { token })).body.data as { current: boolean; signed_in_with: string }[];
const mailsTo = (email: string) => api.sql.all<OutboxRow>("SELECT * FROM outbox WHERE to_address = ? AND kind = 'two_step' ORDER BY id", [email]);

test('the code the enrolment just used says so at sign-in and in the owner check, counts as no wrong code, and the next code signs in', async () => {
  const u = await freshUser(api, admin);
  const begun = await api.call('POST', 'account/two-step/totp', { token: u.token });
  const totp = URI.parse(begun.body.data.uri) as TOTP;
  const used = codeAt(totp);
  assert.is((await api.call('POST', 'account/two-step/totp/confirm', { token: u.token, form: { code: used } })).status, 200);

  const { challenge } = (await password(api, u.email, u.password)).body.data;
  const again = await mfa(api, challenge, used);
  assert.is(again.status, 401);
  assert.is(again.body.message, CODE_JUST_USED);
  assert.is(again.body.data?.token, undefined, 'no session');
  assert.is(
    (await api.sql.all("SELECT id FROM activity WHERE action = 'two_step_failed' AND resource_id = ?", [u.id])).length,
    0,
    'not counted as a wrong code',
  );
  // The same code as the owner's proof says so too.
  const proof = await api.call('POST', 'account/two-step/recovery-codes', { token: u.token, form: { code: used } });
  assert.is(proof.status, 422);
  assert.equal(proof.body.errors.code, [CODE_JUST_USED]);
  // A wrong code keeps its own words; the next code answers the same challenge.
  assert.is((await mfa(api, challenge, wrongCode(totp))).body.message, CODE_WRONG);
  const next = await mfa(api, challenge, codeAt(totp, 1));
  assert.is(next.status, 200, JSON.stringify(next.body));
  assert.is(next.body.data.recovery_codes_left, undefined, 'a code, not a recovery code');
});

test('the first passkey of an account without an app comes with 10 recovery codes, once; one signs in as "password + recovery code"', async () => {
  const u = await freshUser(api, admin);
  const first = await addPasskey(api, u.token, 'Laptop');
  assert.is(first.r.status, 200, JSON.stringify(first.r.body));
  const codes = first.r.body.data.recovery_codes as string[];
  assert.is(codes.length, 10);
  assert.is(new Set(codes).size, 10);
  const second = await addPasskey(api, u.token, 'Phone');
  assert.is(second.r.status, 200);
  assert.is(second.r.body.data.recovery_codes, undefined, 'only the first passkey makes them');
  const s = await statusOf(u.token);
  assert.is(s.enabled, true);
  assert.is(s.totp, false);
  assert.is(s.recovery_codes_left, 10);

  // The second step offers the recovery code beside the passkey; it signs in without the passkey.
  const step = (await password(api, u.email, u.password)).body.data;
  assert.equal(step.methods, ['recovery', 'passkey']);
  const r = await mfa(api, step.challenge, codes[0]);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.data.recovery_codes_left, 9);
  assert.is((await sessionsOf(r.body.data.token)).find((x) => x.current)!.signed_in_with, 'password_recovery');
  assert.is((await statusOf(r.body.data.token)).recovery_sign_in, true);
  // New recovery codes without an app: the old ones stop working.
  const fresh = await api.call('POST', 'account/two-step/recovery-codes', { token: r.body.data.token, form: {} });
  assert.is(fresh.status, 200, JSON.stringify(fresh.body));
  assert.is((await mfa(api, (await password(api, u.email, u.password)).body.data.challenge, codes[1])).status, 401);

  // Without an app, the last passkey removed takes the recovery codes with it: the password alone signs in again.
  for (const p of s.passkeys as { id: number }[]) assert.is((await api.call('DELETE', `account/passkeys/${p.id}`, { token: u.token })).status, 200);
  assert.is((await statusOf(u.token)).recovery_codes_left, 0);
  assert.type((await password(api, u.email, u.password)).body.data.token, 'string');
});

test('after a recovery-code sign-in the session says so; "Replace authenticator" sets up the new phone with new recovery codes, and the old app stops working', async () => {
  const u = await freshUser(api, admin);
  const { totp: old, recovery } = await enrol(api, u.token);
  const signed = await mfa(api, (await password(api, u.email, u.password)).body.data.challenge, recovery[0]);
  assert.is(signed.status, 200, JSON.stringify(signed.body));
  assert.is(signed.body.data.recovery_codes_left, 9);
  const token = signed.body.data.token as string;
  assert.is((await sessionsOf(token)).find((x) => x.current)!.signed_in_with, 'password_recovery');
  assert.is((await statusOf(token)).recovery_sign_in, true);
  assert.is((await statusOf(u.token)).recovery_sign_in, undefined, 'only for the session that used it');

  const begun = await api.call('POST', 'account/two-step/totp/replace', { token });
  assert.is(begun.status, 200, JSON.stringify(begun.body));
  const phone = URI.parse(begun.body.data.uri) as TOTP;
  assert.is.not(begun.body.data.secret, old.secret.base32);
  // Until confirmed, the old app still works and a wrong code of the new one changes nothing.
  const wrong = await api.call('POST', 'account/two-step/totp/confirm', { token, form: { code: wrongCode(phone) } });
  assert.is(wrong.status, 422);
  assert.equal(wrong.body.errors.code, [CODE_WRONG]);
  const done = await api.call('POST', 'account/two-step/totp/confirm', { token, form: { code: codeAt(phone) } });
  assert.is(done.status, 200, JSON.stringify(done.body));
  const fresh = done.body.data.recovery_codes as string[];
  assert.is(fresh.length, 10);
  const s = await statusOf(token);
  assert.is(s.totp, true);
  assert.is(s.recovery_codes_left, 10);
  assert.is(s.recovery_sign_in, undefined, 'the new phone is set up');
  assert.ok((await mailsTo(u.email)).some((m) => m.subject === 'The authenticator app of your account was replaced'));

  // The old phone's codes and recovery codes no longer sign in; the new phone's and new codes do.
  const step = (await password(api, u.email, u.password)).body.data.challenge;
  assert.is((await mfa(api, step, codeAt(old, 1))).status, 401);
  assert.is((await mfa(api, step, recovery[1])).status, 401);
  assert.is((await mfa(api, step, codeAt(phone, 1))).status, 200);
  assert.is((await mfa(api, (await password(api, u.email, u.password)).body.data.challenge, fresh[0])).status, 200);
  // Nothing to confirm any more.
  assert.is((await api.call('POST', 'account/two-step/totp/confirm', { token, form: { code: codeAt(phone, 1) } })).status, 409);
});

test('"Replace authenticator" needs an app that is on; turning the app off keeps the recovery codes while passkeys stay', async () => {
  const u = await freshUser(api, admin);
  assert.is((await api.call('POST', 'account/two-step/totp/replace', { token: u.token })).status, 409);
  const { totp } = await enrol(api, u.token);
  const { r, key } = await addPasskey(api, u.token, 'Laptop');
  assert.is(r.status, 200);
  assert.is(r.body.data.recovery_codes, undefined, 'the app made them already');
  const off = await api.call('POST', 'account/two-step/disable', { token: u.token, form: { password: u.password, code: codeAt(totp, 1) } });
  assert.is(off.status, 200, JSON.stringify(off.body));
  assert.is((await statusOf(u.token)).recovery_codes_left, 10);
  assert.equal((await password(api, u.email, u.password)).body.data.methods, ['recovery', 'passkey']);
  assert.is((await passkeySignIn(api, key)).status, 200);
});

test.run();
