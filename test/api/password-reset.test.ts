import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';
import { receiverFor, type Receiver } from './smtp-receiver.ts';
import { RESET_SENT_MESSAGE, LINK_MESSAGES } from '../../src/common/mail-rules.ts';
import { PASSWORD_MESSAGE } from '../../src/common/password.ts';
import { createApp } from '../../server/app.ts';
import { insertUser } from '../../server/db/queries/users.ts';
import { createLogger } from '../../server/runtime/log.ts';
import { dbNow } from '../../server/db/clock.ts';
import type { Sql } from '../../server/db/sql.ts';

// "Forgot password?" against a real SMTP receiver, with the app clock injected.
let api: TestApi;
let rx: Receiver;
let clock = Date.now();
test.before(async () => {
  api = await startTestApi({
    mail: { pollMs: 50, retryBaseMs: 200 },
    now: () => clock,
    linkLimits: { perAccount: 1000, perAddress: 10_000, windowMs: 60_000 },
  });
  rx = await receiverFor(api);
});
test.after(async () => {
  await api.stop();
  await rx.stop();
});

/** The link token in an e-mail: `…/reset-password#<token>` of its text part. */
const linkOf = (text: string | undefined, page = 'reset-password') => {
  const m = new RegExp(`(http://[^\\s]+)/${page}#([A-Za-z0-9_.-]+)`).exec(text ?? '');
  assert.ok(m, `a ${page} link in: ${text}`);
  return { base: m![1], token: m![2] };
};
const forgot = (email: string) => api.call('POST', 'password/forgot', { form: { email } });
const reset = (token: string, password: string, confirmation = password) =>
  api.call('POST', 'password/reset', { form: { token, password, password_confirmation: confirmation } });
/** Asks for a reset of `email` and resolves to the token of the e-mail that arrives. */
async function askLink(email: string) {
  const seen = rx.messages.length;
  assert.is((await forgot(email)).body.message, RESET_SENT_MESSAGE);
  const m = await rx.waitFor(
    (x) => /Reset your password/.test(x.subject ?? '') && !!x.to && !Array.isArray(x.to) && x.to.value[0].address === email,
    30_000,
    seen,
  );
  assert.equal(m.to && !Array.isArray(m.to) ? m.to.value.map((a) => a.address) : [], [email]);
  return linkOf(m.text).token;
}

test('a reset link sets the password once, signs in, ends the other sessions; a second use fails', async () => {
  const before = await api.login();
  const token = await askLink(ADMIN.email);
  assert.is((await api.call('POST', 'password/link', { form: { token } })).body.data.state, 'valid');
  assert.equal((await reset(token, 'weak')).body.errors, { password: [PASSWORD_MESSAGE] });
  assert.equal((await reset(token, 'New-pass-123', 'New-pass-124')).body.errors, { password_confirmation: ['The password confirmation does not match.'] });
  const r = await reset(token, 'New-pass-123');
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.data.role, 'admin');
  assert.is((await api.call('GET', 'user/get', { token: r.body.data.token })).status, 200, 'signed in by the link');
  assert.is((await api.call('GET', 'user/get', { token: before })).status, 401, 'the other session ended');
  assert.is((await api.call('POST', 'login', { form: { email: ADMIN.email, password: ADMIN.password } })).status, 401, 'old password refused');
  const again = await reset(token, 'Other-pass-123');
  assert.is(again.status, 422);
  assert.equal(again.body.errors, { token: [LINK_MESSAGES.used] });
  assert.is(again.body.data.state, 'used');
  assert.is((await api.call('POST', 'password/link', { form: { token } })).body.data.state, 'used');
  // Back to the harness's password for the tests after this one.
  const back = await askLink(ADMIN.email);
  assert.is((await reset(back, ADMIN.password)).status, 200);
});

/** The stored link of `token`: ms until it expires by the database's clock, and its whole life (ms). */
const stored = async (token: string) => {
  const row = await api.sql.get<{ left: number; life: number }>(
    `SELECT expires_at - ${dbNow(api.sql)} AS left, expires_at - created_at AS life FROM account_tokens WHERE selector = ?`,
    [token.split('.')[0]],
  );
  return { left: Number(row!.left), life: Number(row!.life) };
};
/** Moves the link of `token` so that it expires `ms` from now by the database's clock. */
const expiresIn = (token: string, ms: number) =>
  api.sql.run(`UPDATE account_tokens SET expires_at = ${dbNow(api.sql)} + ? WHERE selector = ?`, [ms, token.split('.')[0]]);

test('a reset link fails after 60 minutes by the database\'s clock; a tampered one is "not valid"; a newer link replaces an older one', async () => {
  const old = await askLink(ADMIN.email);
  const token = await askLink(ADMIN.email);
  assert.is((await api.call('POST', 'password/link', { form: { token: old } })).body.data.state, 'expired', 'only the newest link works');
  const [sel, secret] = token.split('.');
  const tampered = `${sel}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
  assert.equal((await reset(tampered, 'New-pass-123')).body.errors, { token: [LINK_MESSAGES.invalid] });
  assert.equal((await reset('nonsense', 'New-pass-123')).body.errors, { token: [LINK_MESSAGES.invalid] });
  assert.is((await stored(token)).life, 60 * 60_000);
  await expiresIn(token, 60_000);
  assert.is((await api.call('POST', 'password/link', { form: { token } })).body.data.state, 'valid', 'still valid a minute before');
  await expiresIn(token, -1000);
  const late = await reset(token, 'New-pass-123');
  assert.is(late.status, 422);
  assert.equal(late.body.errors, { token: [LINK_MESSAGES.expired] });
  assert.is((await api.call('POST', 'login', { form: { email: ADMIN.email, password: ADMIN.password } })).status, 200, 'password unchanged');
});

test("a process whose clock runs a day ahead or behind makes and judges links by the database's clock", async () => {
  const realNow = Date.now,
    realClock = clock;
  try {
    // A day ahead: the link still lasts 60 minutes from the database's now (not 1,500).
    clock = realNow() + 86_400_000;
    Date.now = () => realNow() + 86_400_000;
    const ahead = await askLink(ADMIN.email);
    const { left } = await stored(ahead);
    assert.ok(left > 55 * 60_000 && left <= 60 * 60_000, `expires ${Math.round(left / 60_000)} minutes after the database's now`);
    assert.is((await api.call('POST', 'password/link', { form: { token: ahead } })).body.data.state, 'valid', 'a day ahead does not expire it');
    // A day behind: a link expired by the database's clock is not revived.
    clock = realNow() - 86_400_000;
    Date.now = () => realNow() - 86_400_000;
    await expiresIn(ahead, -1000);
    assert.is((await api.call('POST', 'password/link', { form: { token: ahead } })).body.data.state, 'expired');
    assert.equal((await reset(ahead, 'New-pass-123')).body.errors, { token: [LINK_MESSAGES.expired] });
  } finally {
    Date.now = realNow;
    clock = realClock;
  }
  assert.is((await api.call('POST', 'login', { form: { email: ADMIN.email, password: ADMIN.password } })).status, 200, 'password unchanged');
});

test('an unknown address gets the same answer, nothing is sent, and Recent e-mails shows no link', async () => {
  const seen = rx.messages.length;
  const r = await forgot('nobody-here@example.org');
  assert.is(r.status, 200);
  assert.is(r.body.message, RESET_SENT_MESSAGE);
  const known = await forgot(ADMIN.email);
  assert.equal(Object.keys(known.body).sort(), Object.keys(r.body).sort());
  assert.equal(known.body, r.body);
  await rx.waitFor((x) => /Reset your password/.test(x.subject ?? ''), 10_000, seen);
  await new Promise((res) => setTimeout(res, 300));
  assert.equal(
    rx.messages.slice(seen).map((m) => (m.to && !Array.isArray(m.to) ? m.to.value[0].address : '')),
    [ADMIN.email],
  );
  const recent = (await api.call('GET', 'settings/email/outbox', { token: await api.login() })).body.data.recent as {
    to_address: string;
    status: string;
    last_error: string;
  }[];
  assert.is(recent.find((x) => x.to_address === 'nobody-here@example.org')?.status, 'skipped');
  assert.not.match(JSON.stringify(recent), /reset-password#/);
});

/**
 * `sql` with every statement it runs (through it or a transaction of it) added to `log` as its
 * text, spaces collapsed; everything else as `sql` has it.
 */
function recording(sql: Sql, log: string[]): Sql {
  const note = (text: string) => log.push(text.replace(/\s+/g, ' ').trim());
  return new Proxy(sql, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === 'all' || key === 'get' || key === 'run' || key === 'runMany') {
        return (text: string, ...rest: unknown[]) => {
          note(text);
          return (value as (...a: unknown[]) => unknown).call(target, text, ...rest);
        };
      }
      if (key === 'transaction') return (fn: (tx: Sql) => Promise<unknown>) => target.transaction((tx) => fn(recording(tx, log)));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

test('an unknown address does the same work as a known one: the same statements, none reading the accounts', async () => {
  // What the answer's time could tell is the work done before it: counted here as the statements
  // run, which do not change with the machine's load (a lookup of the account on one side only,
  // or a write only for a known address, shows as a difference).
  const role = (await api.sql.get<{ id: number }>("SELECT id FROM roles WHERE name = 'admin'"))!.id;
  await api.sql.transaction(async (tx) => {
    for (let i = 0; i < 4; i++) await insertUser(tx, { name: `Known ${i}`, email: `known${i}@example.org`, passwordHash: 'scrypt$00$00', roleId: role });
  });
  const log: string[] = [];
  const traceApp = createApp(recording(api.sql, log), api.config, api.files);
  /** The statements one forgot-password request runs for `email`, and its answer. */
  const traced = async (email: string) => {
    log.length = 0;
    const r = await traceApp.fetch(
      new Request(`${api.url}/api/password/forgot`, {
        method: 'POST',
        body: new URLSearchParams({ email }),
        headers: { cookie: 'XSRF-TOKEN=timing-1', 'x-xsrf-token': 'timing-1', 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      }),
    );
    return { status: r.status, body: await r.json(), log: [...log] };
  };
  // The first request of a client opens its counters: compared from the second on.
  await traced('warm-up@example.org');
  for (let i = 0; i < 4; i++) {
    // Either one first: the first of a pair may not run what the second does.
    const first = await traced(i % 2 ? `ghost${i}@example.org` : `known${i}@example.org`);
    const second = await traced(i % 2 ? `known${i}@example.org` : `ghost${i}@example.org`);
    const [known, unknown] = i % 2 ? [second, first] : [first, second];
    assert.equal([known.status, unknown.status], [200, 200]);
    assert.equal(known.body, unknown.body);
    assert.ok(known.log.length > 0, 'the statements are seen');
    assert.equal(unknown.log, known.log, 'an unknown address runs other statements than a known one');
    assert.equal(
      known.log.filter((q) => /\busers\b/i.test(q)),
      [],
      'the answer waits on a read of the accounts',
    );
  }
  // The e-mails this queued are not what it tests: the next tests' links must not wait behind them.
  await api.sql.run("DELETE FROM outbox WHERE status = 'waiting'");
});

test('forgot-password is throttled per address typed and per client address, known or not', async () => {
  await api.sql.run('DELETE FROM login_throttle');
  api.config.linkLimits = { perAccount: 3, perAddress: 5, windowMs: 60_000 };
  try {
    for (let i = 0; i < 3; i++) assert.is((await forgot('throttle-me@example.org')).status, 200);
    const over = await forgot('throttle-me@example.org');
    assert.is(over.status, 429);
    assert.is(over.body.message, 'Too many requests. Please try again in 1 minute.');
    assert.ok(Number(over.headers.get('retry-after')) > 0 && Number(over.headers.get('retry-after')) <= 60);
    // The refused try is given back to the address, as at sign-in: it has made 3 of its 5.
    assert.is((await forgot('other-1@example.org')).status, 200);
    assert.is((await forgot('other-2@example.org')).status, 200);
    assert.is((await forgot('other-3@example.org')).status, 429, 'per client address');
  } finally {
    api.config.linkLimits = { perAccount: 1000, perAddress: 10_000, windowMs: 60_000 };
  }
});

test('the request log never shows a link token, in a body or (sent by mistake) in a query string', async () => {
  const lines: string[] = [];
  const app = createApp(api.sql, api.config, api.files, {
    log: createLogger({
      write: (line: string) => {
        lines.push(line);
      },
    }),
  });
  const post = (p: string, form: Record<string, string>) =>
    app.fetch(
      new Request(`${api.url}/api/${p}`, {
        method: 'POST',
        body: new URLSearchParams(form),
        headers: { cookie: 'XSRF-TOKEN=log-check-1', 'x-xsrf-token': 'log-check-1', 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
  const token = await askLink(ADMIN.email);
  assert.is((await post(`password/link?token=${encodeURIComponent(token)}`, { token })).status, 200);
  assert.is((await post('password/reset', { token, password: ADMIN.password, password_confirmation: ADMIN.password })).status, 200);
  // The lines are written off the request: awaited, 10 s a failure guard only.
  for (const guard = Date.now() + 10_000; lines.length < 2 && Date.now() < guard; ) await new Promise((res) => setTimeout(res, 10));
  assert.is(lines.length, 2, lines.join(''));
  const [selector, secret] = token.split('.');
  for (const part of [selector, secret]) assert.not.ok(lines.join('').includes(part), 'a token piece in the log');
});

test('forgot-password checks its input: no address, a malformed one, an over-long one', async () => {
  assert.is((await forgot('')).status, 422);
  assert.is((await forgot('not-an-address')).status, 422);
  assert.is((await forgot(`${'a'.repeat(300)}@example.org`)).status, 422);
  assert.is(
    (await api.call('POST', 'password/reset', { form: { token: 'x'.repeat(5000), password: 'New-pass-123', password_confirmation: 'New-pass-123' } })).status,
    422,
  );
});

test.run();
