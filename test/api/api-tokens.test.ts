import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase, startTestApi, TEST_DATABASE_URL, type TestApi } from './harness.ts';
import { makeOrganiser, type TestOrganiser } from './organiser-fixtures.ts';
import { makeRole, makeUser } from './admin-helpers.ts';

// API tokens (docs/integrations.md): made in My account by session, answered
// once, stored only as a hash; a token's scopes are intersected with what its owner may do now,
// and it never reaches another organiser's data nor the calls no token may make.

const LIMIT = 40;
let api: TestApi;
let admin = '';
let A: TestOrganiser, B: TestOrganiser;
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

test.before(async () => {
  db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  api = await startTestApi({ databaseUrl: db?.url, apiTokenLimits: { calls: LIMIT, windowMs: 60_000 } });
  admin = await api.login();
  A = await makeOrganiser(api, 'Alpha');
  B = await makeOrganiser(api, 'Bravo');
});
test.after(async () => {
  await api.stop();
  await db?.drop();
});

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
/** Makes a token by session (with the XSRF cookie, as the console does); answers the whole answer's data. */
async function makeToken(session: string, scopes: string, name = `token ${Math.random()}`) {
  const r = await api.call('POST', 'tokens', { token: session, form: { name, scopes, expires_at: inAMonth() } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body.data as { id: number; token: string; prefix: string; scopes: string[] };
}
/** A call with an API token, without any XSRF cookie or header (as another system makes it). */
const byToken = (method: string, p: string, token: string, form?: Record<string, string>) => api.call(method, p, { token, form, xsrf: false });

test('a token is answered once with the ebo_ prefix; the list shows its prefix, scopes and dates, never the secret', async () => {
  const t = await makeToken(A.token, 'events:read', 'Sync');
  assert.match(t.token, /^ebo_[A-Za-z0-9_-]{43}$/);
  assert.ok(t.token.startsWith(t.prefix));
  assert.equal(t.scopes, ['events:read']);
  const list = await api.call('GET', 'tokens', { token: A.token });
  assert.is(list.status, 200);
  const mine = list.body.data.find((x: { id: number }) => x.id === t.id);
  assert.is(mine.name, 'Sync');
  assert.is(mine.prefix, t.prefix);
  assert.equal(mine.scopes, ['events:read']);
  assert.ok(mine.expires_at > Date.now());
  assert.not.ok(JSON.stringify(list.body).includes(t.token), 'the list never holds the secret');
  // Another user's list does not hold it either.
  const other = await api.call('GET', 'tokens', { token: B.token });
  assert.not.ok(other.body.data.some((x: { id: number }) => x.id === t.id));
});

test('bad input is refused: unknown scope, no scope, past or far expiry, blank name', async () => {
  const bad = async (form: Record<string, string>, field: string) => {
    const r = await api.call('POST', 'tokens', { token: A.token, form });
    assert.is(r.status, 422, JSON.stringify(r.body));
    assert.ok(r.body.errors[field], `${field}: ${JSON.stringify(r.body)}`);
  };
  await bad({ name: 'x', scopes: 'events:fly', expires_at: inAMonth() }, 'scopes');
  await bad({ name: 'x', scopes: '', expires_at: inAMonth() }, 'scopes');
  await bad({ name: 'x', scopes: 'events:read', expires_at: '2020-01-01' }, 'expires_at');
  await bad({ name: 'x', scopes: 'events:read', expires_at: '2999-01-01' }, 'expires_at');
  await bad({ name: ' ', scopes: 'events:read', expires_at: inAMonth() }, 'name');
});

test('events:read lists the owner’s events without XSRF, gets 403 on a write and 404 on another organiser’s event', async () => {
  const { token } = await makeToken(A.token, 'events:read');
  const list = await byToken('GET', `event?organizer_id=${A.companyId}`, token);
  assert.is(list.status, 200, JSON.stringify(list.body));
  assert.ok(list.body.data.data.some((e: { id: number }) => e.id === A.eventId));
  const write = await byToken('PUT', `event/${A.eventId}`, token, { title: 'Changed by token', description: 'x' });
  assert.is(write.status, 403, JSON.stringify(write.body));
  assert.match(write.body.message, /events:write/);
  const other = await byToken('GET', `event/${B.eventId}`, token);
  assert.is(other.status, 404, JSON.stringify(other.body));
  assert.not.match(JSON.stringify(other.body), /Bravo/);
  const otherList = await byToken('GET', `event?organizer_id=${B.companyId}`, token);
  assert.ok(otherList.status === 403 || otherList.status === 404, `${otherList.status}`);
  assert.not.match(JSON.stringify(otherList.body), /Bravo/);
  // A scope of another resource opens nothing here.
  assert.is((await byToken('GET', `organiser/bookings?company_id=${A.companyId}`, token)).status, 403);
});

test('events:write writes without XSRF and the activity row names the token; a session write still needs XSRF', async () => {
  const t = await makeToken(A.token, 'events:read events:write', 'Writer');
  const r = await byToken('PUT', `event/${A.eventId}`, t.token, { title: 'Renamed by token', description: 'x' });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const row = await api.sql.get<{ actor_name: string }>("SELECT actor_name FROM activity WHERE resource = 'events' ORDER BY id DESC LIMIT 1");
  assert.match(row!.actor_name, `API token “Writer” ${t.prefix}`);
  const session = await api.call('PUT', `event/${A.eventId}`, { token: A.token, form: { title: 'x', description: 'x' }, xsrf: false });
  assert.is(session.status, 419);
  const made = await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM activity WHERE resource = 'api_tokens' AND action = 'create' AND label = 'Writer'");
  assert.is(Number(made!.n), 1, 'making a token is an activity row');
});

test('a token can never call tokens, webhooks, passwords, two-step, sessions, passkeys or the SMTP settings', async () => {
  const { token } = await makeToken(admin, 'users:read users:write settings:read settings:write events:read');
  const calls: [string, string][] = [
    ['GET', 'tokens'],
    ['POST', 'tokens'],
    ['DELETE', 'tokens/1'],
    ['GET', 'webhooks'],
    ['POST', 'webhooks'],
    ['PUT', 'account/password'],
    ['GET', 'account/two-step'],
    ['POST', 'account/two-step/disable'],
    ['GET', 'account/sessions'],
    ['POST', 'account/sessions/others'],
    ['DELETE', 'account/passkeys/1'],
    ['POST', 'user/1/two-step/reset'],
    ['GET', 'settings/email'],
    ['PUT', 'emailsettings'],
    ['PUT', 'settings'],
    ['POST', 'logout'],
  ];
  for (const [m, p] of calls) {
    const r = await byToken(m, p, token, m === 'GET' ? undefined : {});
    assert.ok(r.status === 403 || r.status === 404, `${m} ${p}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  assert.is((await byToken('GET', 'settings/company', token)).status, 200, 'the company settings are open to settings:read');
});

test('after the owner’s role loses the ability, the same token gets 403; revoked it gets 401', async () => {
  const roleId = await makeRole(api, admin, { screens: ['organizers'], abilities: ['organisers.view'] });
  const u = await makeUser(api, admin, roleId);
  const session = await api.login(u.email, u.password);
  const t = await makeToken(session, 'events:read');
  assert.is((await byToken('GET', `event?organizer_id=${A.companyId}`, t.token)).status, 200);
  const r = await api.call('PUT', `role/${roleId}`, { token: admin, form: { name: `narrowed ${roleId}`, permissions: '[]' } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const after = await byToken('GET', `event?organizer_id=${A.companyId}`, t.token);
  assert.is(after.status, 403, JSON.stringify(after.body));
  // Revoking: at once, and only by its owner.
  assert.is((await api.call('DELETE', `tokens/${t.id}`, { token: A.token })).status, 404);
  assert.is((await api.call('DELETE', `tokens/${t.id}`, { token: session })).status, 200);
  assert.is((await byToken('GET', `event?organizer_id=${A.companyId}`, t.token)).status, 401);
  assert.is((await api.call('DELETE', `tokens/${t.id}`, { token: session })).status, 404);
  const revoked = await api.sql.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM activity WHERE resource = 'api_tokens' AND action = 'delete' AND resource_id = ?",
    [t.id],
  );
  assert.is(Number(revoked!.n), 1, 'revoking is an activity row');
});

test('an organiser set In-Active ends its users’ tokens (401); Active again, they work', async () => {
  const C = await makeOrganiser(api, 'Charlie', 0);
  const { token } = await makeToken(C.token, 'events:read');
  assert.is((await byToken('GET', `event/${C.eventId}`, token)).status, 200);
  await api.sql.run('UPDATE companies SET status = 0 WHERE id = ?', [C.companyId]);
  assert.is((await byToken('GET', `event/${C.eventId}`, token)).status, 401);
  await api.sql.run('UPDATE companies SET status = 1 WHERE id = ?', [C.companyId]);
  assert.is((await byToken('GET', `event/${C.eventId}`, token)).status, 200);
});

test('an unknown or malformed ebo_ token is 401; a session token still works as before', async () => {
  assert.is((await byToken('GET', `event?organizer_id=${A.companyId}`, `ebo_${'A'.repeat(43)}`)).status, 401);
  assert.is((await byToken('GET', `event?organizer_id=${A.companyId}`, 'ebo_short')).status, 401);
  assert.is((await api.call('GET', `event?organizer_id=${A.companyId}`, { token: A.token })).status, 200);
});

test('calls by one token are throttled: 429 with Retry-After past the limit, other tokens unaffected', async () => {
  const { token } = await makeToken(A.token, 'events:read');
  for (let i = 0; i < LIMIT; i++) assert.is((await byToken('GET', `event/${A.eventId}`, token)).status, 200, `call ${i + 1}`);
  const over = await byToken('GET', `event/${A.eventId}`, token);
  assert.is(over.status, 429);
  assert.ok(Number(over.headers.get('retry-after')) >= 1);
  const { token: other } = await makeToken(A.token, 'events:read');
  assert.is((await byToken('GET', `event/${A.eventId}`, other)).status, 200);
});

test('each call counts once on its token, whatever the route', async () => {
  const t = await makeToken(admin, 'users:read roles:read permissions:read activity:read organisers:read events:read');
  const paths = ['user?page=1', 'role', 'permission', 'activity', 'organiser?page=1', `event/${A.eventId}`, `organiser-dashboard/${A.companyId}`];
  for (const p of paths) assert.is((await byToken('GET', p, t.token)).status, 200, p);
  const row = await api.sql.get<{ hits: number }>('SELECT hits FROM login_throttle WHERE key = ?', [`api:token:${t.id}`]);
  assert.is(Number(row?.hits), paths.length);
});

test('the token string is not in the database file or dump, only its hash', async () => {
  const { token } = await makeToken(A.token, 'events:read', 'Secret keeper');
  assert.is((await byToken('GET', `event/${A.eventId}`, token)).status, 200);
  const secretPart = token.slice(12); // past the prefix the list shows
  let stored: string;
  if (db) {
    stored = execFileSync('pg_dump', ['--data-only', db.url], { maxBuffer: 256 * 1024 * 1024 }).toString('latin1');
    assert.ok(stored.includes('Secret keeper'), 'the dump holds the token’s row');
  } else {
    await api.sql.run('PRAGMA wal_checkpoint(TRUNCATE)').catch(() => undefined);
    const dir = api.config.dataDir;
    stored = readdirSync(dir)
      .filter((f) => f.startsWith('app.db'))
      .map((f) => readFileSync(path.join(dir, f)).toString('latin1'))
      .join('\n');
    assert.ok(stored.includes('Secret keeper'), 'the file holds the token’s row');
  }
  assert.not.ok(stored.includes(token), 'the token is not stored');
  assert.not.ok(stored.includes(secretPart), 'no part of its secret is stored');
});

test.run();
