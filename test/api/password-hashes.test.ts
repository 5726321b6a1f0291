import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomBytes, scryptSync } from 'node:crypto';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';
import { makeRole, makeUser } from './admin-helpers.ts';

// New hashes are Argon2id at OWASP's parameters; an scrypt hash (every account made
// before) keeps working and becomes Argon2id at its next successful sign-in.

let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after(async () => {
  await api.stop();
});

const ARGON2_NOW = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;
/** A hash exactly as the server made them before Argon2id: scrypt N=2^14, r=8, p=1, 16-byte salt, hex. */
const oldScrypt = (password: string) => {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 << 20 }).toString('hex')}`;
};
const hashOf = async (email: string) =>
  (await api.sql.get<{ password_hash: string }>('SELECT password_hash FROM users WHERE lower(email) = ?', [email]))!.password_hash;

test('a user created now gets an Argon2id hash at OWASP parameters', async () => {
  const admin = await api.login();
  await makeUser(api, admin, await makeRole(api, admin), 'new-hash@example.com');
  assert.match(await hashOf('new-hash@example.com'), ARGON2_NOW);
  assert.match(await hashOf(ADMIN.email), ARGON2_NOW, 'the seeded admin too');
});

test('a sign-in with an old scrypt hash succeeds and rehashes it to Argon2id; a wrong password leaves it alone', async () => {
  const admin = await api.login();
  const old = oldScrypt(ADMIN.password);
  await api.sql.run('UPDATE users SET password_hash = ? WHERE lower(email) = ?', [old, ADMIN.email]);

  assert.is((await api.call('POST', 'login', { form: { email: ADMIN.email, password: 'Wrong-pass-1' } })).status, 401);
  assert.is(await hashOf(ADMIN.email), old, 'a failed sign-in changes nothing');

  const r = await api.call('POST', 'login', { form: { email: ADMIN.email, password: ADMIN.password } });
  assert.is(r.status, 200);
  const now = await hashOf(ADMIN.email);
  assert.match(now, ARGON2_NOW);
  // The upgrade is the same password: the next sign-in checks the new hash, and no session was ended.
  assert.is((await api.call('POST', 'login', { form: { email: ADMIN.email, password: ADMIN.password } })).status, 200);
  assert.is(await hashOf(ADMIN.email), now, 'a current hash is not rehashed again');
  assert.is((await api.call('GET', 'user/get', { token: admin })).status, 200, 'the session from before the upgrade still works');
});

test.run();
