import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApi } from './harness.ts';
import { makeRole, makeUser } from './admin-helpers.ts';
import { addPasskey, enrol, freshUser, mfa, password, wrongCode, startTwoStepApi } from './two-step-helpers.ts';

// What administrators read of a user's two-step sign-in (docs/security.md "Two-step sign-in"):
// GET user/{id} and each row of GET user carry `two_step` (app, passkeys, locked), and a role
// says how many of its members have no second factor. The list is read before and after each
// change, so a kept list answer that missed the change fails here.
let api: TestApi;
let admin: string;
test.before(async () => {
  ({ api, admin } = await startTwoStepApi());
});
test.after(async () => {
  await api.stop();
});

/** `two_step` of user `id` as GET user/{id} answers it. */
const stateOf = async (id: number) => {
  const r = await api.call('GET', `user/${id}`, { token: admin });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body.data.two_step;
};
/** `two_step` of the user with this e-mail as its row of GET user (searched by e-mail) answers it. */
const rowStateOf = async (email: string) => {
  const r = await api.call('GET', `user?page=1&q=${encodeURIComponent(email)}`, { token: admin });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const row = r.body.data.data.find((u: { email: string }) => u.email === email);
  assert.ok(row, `${email} is listed`);
  return row.two_step;
};
const both = async (u: { id: number; email: string }, want: { app: boolean; passkeys: number; locked: boolean }, why: string) => {
  assert.equal(await stateOf(u.id), want, `GET user/{id}: ${why}`);
  assert.equal(await rowStateOf(u.email), want, `GET user: ${why}`);
};

test('a user is off, then on after enrolling the app, locked after 10 wrong codes, unlocked, and off again after a reset', async () => {
  const u = await freshUser(api, admin);
  await both(u, { app: false, passkeys: 0, locked: false }, 'nothing set up');
  const { totp } = await enrol(api, u.token);
  await both(u, { app: true, passkeys: 0, locked: false }, 'the app turned on');
  let challenge = '';
  for (let i = 0; i < 10; i++) {
    if (i % 5 === 0) challenge = (await password(api, u.email, u.password)).body.data.challenge;
    assert.is((await mfa(api, challenge, wrongCode(totp))).status, 401);
  }
  await both(u, { app: true, passkeys: 0, locked: true }, 'locked after 10 wrong codes');
  assert.is((await api.call('POST', `user/${u.id}/two-step/unlock`, { token: admin })).status, 200);
  await both(u, { app: true, passkeys: 0, locked: false }, 'unlocked by an administrator');
  assert.is((await api.call('POST', `user/${u.id}/two-step/reset`, { token: admin })).status, 200);
  await both(u, { app: false, passkeys: 0, locked: false }, 'reset');
});

test('passkeys are counted; a reset removes them', async () => {
  const u = await freshUser(api, admin);
  assert.is((await addPasskey(api, u.token, 'Laptop')).r.status, 200);
  await both(u, { app: false, passkeys: 1, locked: false }, 'one passkey');
  assert.is((await addPasskey(api, u.token, 'Phone')).r.status, 200);
  await both(u, { app: false, passkeys: 2, locked: false }, 'two passkeys');
  assert.is((await api.call('POST', `user/${u.id}/two-step/reset`, { token: admin })).status, 200);
  await both(u, { app: false, passkeys: 0, locked: false }, 'reset');
});

test('a role answers how many members have no second factor; enrolling and a reset change the count', async () => {
  const role = await makeRole(api, admin, { screens: ['pages'] });
  const count = async () => {
    const r = await api.call('GET', `role/${role}`, { token: admin });
    assert.is(r.status, 200, JSON.stringify(r.body));
    return r.body.data.members_without_two_step;
  };
  assert.is(await count(), 0, 'no members');
  const members = [];
  for (let i = 0; i < 3; i++) members.push(await makeUser(api, admin, role));
  assert.is(await count(), 3);
  const token = await api.login(members[0].email, members[0].password);
  await enrol(api, token);
  assert.is(await count(), 2, 'one enrolled');
  const other = await freshUser(api, admin);
  await enrol(api, other.token);
  assert.is(await count(), 2, "another role's member does not count");
  assert.is((await api.call('POST', `user/${members[0].id}/two-step/reset`, { token: admin })).status, 200);
  assert.is(await count(), 3, 'reset: no factor again');
  // The answer of PUT role/{id} carries the count too (the Role form reads it after a save).
  const { name, permissions } = (await api.call('GET', `role/${role}`, { token: admin })).body.data;
  const put = await api.call('PUT', `role/${role}`, {
    token: admin,
    form: { name, permissions: JSON.stringify(permissions.map((p: { id: number }) => p.id)), roles: '[]', require_two_step: '1' },
  });
  assert.is(put.status, 200, JSON.stringify(put.body));
  assert.is(put.body.data.members_without_two_step, 3);
  assert.is(put.body.data.require_two_step, true);
});

test.run();
