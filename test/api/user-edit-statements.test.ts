import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { makeRole, makeUser } from './admin-helpers.ts';
import { createApp } from '../../server/app.ts';
import type { Sql } from '../../server/db/sql.ts';

/**
 * PUT user/{id} in few statements: the common edit (name or e-mail, role kept, no password) reads
 * its before-row and role with the changing statement, and the unique index answers "already
 * taken". Statements are counted through a wrapper around the server's Sql (every all/get/run/
 * runMany of the request and of its transaction, the caller's session read included: each
 * counted call goes to a fresh app, whose session cache is empty). The answers, the activity
 * row and which error answers first stay what they were. Four in all: the session, the before-row
 * with the role, the change (which also moves the record's version, checked against an If-Match
 * in its WHERE; PostgreSQL reads the before-row in that same statement) and the activity row.
 */

/** `sql` with every statement counted in `count.n`, a transaction's own statements included. */
function counting(sql: Sql, count: { n: number; texts: string[] }): Sql {
  const wrap = (s: Sql): Sql => ({
    ...s,
    engine: s.engine,
    all: (text, params) => {
      count.n++;
      count.texts.push(text);
      return s.all(text, params);
    },
    get: (text, params) => {
      count.n++;
      count.texts.push(text);
      return s.get(text, params);
    },
    run: (text, params) => {
      count.n++;
      count.texts.push(text);
      return s.run(text, params);
    },
    runMany: (text, rows) => {
      count.n++;
      count.texts.push(text);
      return s.runMany(text, rows);
    },
    transaction: (fn) => s.transaction((tx) => fn(wrap(tx))),
    dataVersion: s.dataVersion?.bind(s),
    declare: s.declare?.bind(s),
    poolCounts: s.poolCounts,
    close: () => s.close(),
  });
  return wrap(sql);
}

let api: TestApi;
let admin: string;
const count = { n: 0, texts: [] as string[] };
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const XSRF = 'statement-count-xsrf';
/** The envelope as these calls read it. */
type Answer = { message: string; errors?: Record<string, string[]>; data: { name: string; image: string | null; roles: { name: string }[] } };
/** One call to the counting app; resolves to status, body and the number of statements it ran. */
async function call(method: string, p: string, token: string, form?: Record<string, string>, ifMatch?: string) {
  const app = createApp(counting(api.sql, count), api.config, api.files);
  count.n = 0;
  count.texts = [];
  const res = await app.request(`/api/${p}`, {
    method,
    body: form ? new URLSearchParams(form) : undefined,
    headers: {
      Authorization: `Bearer ${token}`,
      Cookie: `XSRF-TOKEN=${XSRF}`,
      'X-XSRF-TOKEN': XSRF,
      Accept: 'application/json',
      ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      ...(ifMatch ? { 'If-Match': ifMatch } : {}),
    },
  });
  const r = { status: res.status, body: (await res.json()) as Answer, etag: res.headers.get('ETag') };
  return { ...r, statements: count.n, texts: count.texts };
}

test(`[${testEngine}] an administrator's edit of a user's name and e-mail runs at most 4 statements and answers the user as changed`, async () => {
  const roleId = await makeRole(api, admin, { screens: ['users'] });
  const { id } = await makeUser(api, admin, roleId, 'count-me@example.com');
  const r = await call('PUT', `user/${id}`, admin, { name: 'Counted once', email: 'counted@example.com', role: String(roleId) });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.ok(r.statements <= 4, `${r.statements} statements:\n${r.texts.join('\n')}`);
  assert.equal(
    { ...r.body.data, id: undefined },
    {
      id: undefined,
      name: 'Counted once',
      email: 'counted@example.com',
      image: r.body.data.image,
      company_id: null,
      invited: false,
      role: roleId,
      roles: [{ id: roleId, name: r.body.data.roles[0].name }],
    },
  );
  const stored = await api.call('GET', `user/${id}`, { token: admin });
  assert.is(stored.body.data.name, 'Counted once');
  assert.is(stored.body.data.email, 'counted@example.com');
  const log = await api.call('GET', 'activity?page=1&resource=users', { token: admin });
  const entry = (log.body.data.data as { resource_id: number; action: string }[]).find((e) => e.resource_id === id && e.action === 'update');
  assert.ok(entry, 'the edit is in the activity log');
});

test(`[${testEngine}] with a current If-Match the edit still runs at most 4 statements, answers the next version and makes that If-Match stale`, async () => {
  const roleId = await makeRole(api, admin, { screens: ['users'] });
  const { id } = await makeUser(api, admin, roleId, 'versioned-edit@example.com');
  const opened = await api.call('GET', `user/${id}`, { token: admin });
  const etag = opened.headers.get('ETag')!;
  assert.ok(etag, 'the record answers its version');
  const r = await call('PUT', `user/${id}`, admin, { name: 'Versioned once', email: 'versioned-edit@example.com', role: String(roleId) }, etag);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.ok(r.statements <= 4, `${r.statements} statements:\n${r.texts.join('\n')}`);
  assert.ok(r.etag && r.etag !== etag, `a new version answered (${r.etag} after ${etag})`);
  assert.is((await api.call('GET', `user/${id}`, { token: admin })).headers.get('ETag'), r.etag);
  const stale = await call('PUT', `user/${id}`, admin, { name: 'Would overwrite', email: 'versioned-edit@example.com', role: String(roleId) }, etag);
  assert.is(stale.status, 412, JSON.stringify(stale.body));
  assert.is((await api.call('GET', `user/${id}`, { token: admin })).body.data.name, 'Versioned once');
});

test(`[${testEngine}] an e-mail another user signs in with answers 422 "The email has already been taken." and changes nothing`, async () => {
  const roleId = await makeRole(api, admin, { screens: ['users'] });
  const { id } = await makeUser(api, admin, roleId, 'keeps-mine@example.com');
  await makeUser(api, admin, roleId, 'taken-one@example.com');
  const r = await call('PUT', `user/${id}`, admin, { name: 'Would take', email: 'TAKEN-one@example.com', role: String(roleId) });
  assert.is(r.status, 422);
  assert.is(r.body.message, 'The email has already been taken.');
  assert.equal(r.body.errors, { email: ['The email has already been taken.'] });
  const stored = await api.call('GET', `user/${id}`, { token: admin });
  assert.is(stored.body.data.email, 'keeps-mine@example.com');
  assert.is.not(stored.body.data.name, 'Would take');
});

test(`[${testEngine}] a taken e-mail answers after the checks before it: 404 for an unknown user and 403 for a role the caller may not give`, async () => {
  const roleId = await makeRole(api, admin, { screens: ['users'] });
  await makeUser(api, admin, roleId, 'taken-two@example.com');
  const taken = { name: 'Anyone', email: 'taken-two@example.com' };
  assert.is((await call('PUT', 'user/999999', admin, { ...taken, role: String(roleId) })).status, 404);
  // An editor who may see and manage users of `roleId` only: giving the admin role is refused first.
  const editorRole = await makeRole(api, admin, { screens: ['users'], access: [roleId] });
  const editor = await makeUser(api, admin, editorRole, 'editor-of-users@example.com');
  const editorToken = await api.login(editor.email, editor.password);
  const { id } = await makeUser(api, admin, roleId, 'edited-by-editor@example.com');
  const adminRole = (await api.call('GET', 'user/1', { token: admin })).body.data.role as number;
  const refused = await call('PUT', `user/${id}`, editorToken, { ...taken, role: String(adminRole) });
  assert.is(refused.status, 403, JSON.stringify(refused.body));
  // The same editor keeping the role gets the e-mail's answer, and with a free e-mail the edit.
  const clash = await call('PUT', `user/${id}`, editorToken, { ...taken, role: String(roleId) });
  assert.is(clash.status, 422);
  assert.equal(clash.body.errors, { email: ['The email has already been taken.'] });
  const edited = await call('PUT', `user/${id}`, editorToken, { name: 'Edited by editor', email: 'edited-by-editor@example.com', role: String(roleId) });
  assert.is(edited.status, 200, JSON.stringify(edited.body));
  assert.is(edited.body.data.name, 'Edited by editor');
  // With a new password (not the common edit) the unique index answers too, and the password is not changed.
  const withPassword = await call('PUT', `user/${id}`, admin, {
    ...taken,
    role: String(roleId),
    password: 'Other-pass-1',
    password_confirmation: 'Other-pass-1',
  });
  assert.is(withPassword.status, 422);
  assert.equal(withPassword.body.errors, { email: ['The email has already been taken.'] });
  assert.ok(await api.login('edited-by-editor@example.com', 'Passw0rd!x'), 'the old password still signs in');
});

test.run();
