import * as assert from 'uvu/assert';
import { URI, type TOTP } from 'otpauth';
import { startTestApi, type TestApi } from './harness.ts';
import { makeRole, makeUser } from './admin-helpers.ts';
import { softPasskey, type SoftPasskey } from './soft-passkey.ts';

/**
 * What the two-step API tests share (docs/security.md "Two-step sign-in"): users, codes computed
 * with RFC 6238 from the provisioning URI the API hands out (as an authenticator app would), and
 * passkeys made by the software authenticator of soft-passkey.ts.
 */

/** A fixed two-step key: the same on SQLite and PostgreSQL (where the server has no key without one). */
export const KEY = Buffer.alloc(32, 7).toString('base64');
/** The passkeys' relying party the tests set on the server (config.webauthnRpId / webauthnOrigin). */
export const RP = { id: 'localhost', origin: 'http://localhost' };

const STEP = 30_000;
/** The app's code `steps` 30-second steps from now. */
export const codeAt = (totp: TOTP, steps = 0) => totp.generate({ timestamp: Date.now() + steps * STEP });
/** A code that is right for none of the steps the server accepts now (±1). */
export const wrongCode = (totp: TOTP) => {
  const near = new Set([-1, 0, 1, 2].map((s) => codeAt(totp, s)));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!near.has(c)) return c;
  }
};

/** A fresh user (no role requirement) signed in with its password. */
export async function freshUser(api: TestApi, admin: string) {
  const role = await makeRole(api, admin, { screens: ['pages'] });
  const u = await makeUser(api, admin, role);
  return { ...u, role, token: await api.login(u.email, u.password) };
}

/** Turns the authenticator on for the signed-in `token` (a fresh sign-in): its TOTP (from the URI), the secret and the recovery codes. */
export async function enrol(api: TestApi, token: string) {
  const r = await api.call('POST', 'account/two-step/totp', { token });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const totp = URI.parse(r.body.data.uri) as TOTP;
  const c = await api.call('POST', 'account/two-step/totp/confirm', { token, form: { code: codeAt(totp) } });
  assert.is(c.status, 200, JSON.stringify(c.body));
  assert.is(c.body.data.recovery_codes.length, 10);
  return { totp, secret: r.body.data.secret as string, recovery: c.body.data.recovery_codes as string[], qr: r.body.data.qr as string };
}

/** POST login with a password (Remember Me when `remember`). */
export const password = (api: TestApi, email: string, pw: string, remember = false) =>
  api.call('POST', 'login', { form: { email, password: pw, ...(remember ? { remember_me: '1' } : {}) } });
/** POST login/mfa: a second step's challenge and a code. */
export const mfa = (api: TestApi, challenge: string, code: string) => api.call('POST', 'login/mfa', { form: { challenge, code } });

/** Makes a passkey with a new software authenticator and sends it to POST account/passkeys with `extra` fields (the owner's proof); answers the call and the authenticator. */
export async function addPasskey(api: TestApi, token: string, name: string, extra: Record<string, string> = {}, key: SoftPasskey = softPasskey(RP.origin)) {
  const o = await api.call('POST', 'account/passkeys/options', { token });
  assert.is(o.status, 200, JSON.stringify(o.body));
  const credential = key.create(o.body.data);
  return { r: await api.call('POST', 'account/passkeys', { token, form: { name, credential, ...extra } }), key, credential };
}

/** Signs in with `key`: passwordless, or as the second step of `challenge`. Answers POST login/passkey. */
export async function passkeySignIn(api: TestApi, key: SoftPasskey, challenge?: string) {
  const o = await api.call('POST', 'login/passkey/options', { form: challenge ? { challenge } : {} });
  assert.is(o.status, 200, JSON.stringify(o.body));
  return api.call('POST', 'login/passkey', { form: { credential: key.get(o.body.data) } });
}

/** A test API with the two-step key and the passkeys' relying party (RP) set, and an administrator's token. */
export async function startTwoStepApi(): Promise<{ api: TestApi; admin: string }> {
  const api = await startTestApi({ twoStepKey: KEY });
  api.config.webauthnRpId = RP.id;
  api.config.webauthnOrigin = RP.origin;
  return { api, admin: await api.login() };
}
