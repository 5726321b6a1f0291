import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { configureAnswerCache } from '../../server/http/answer-cache.ts';
import { touchSession } from '../../server/db/queries/sessions.ts';
import { claimMail, enqueueMail, markSent } from '../../server/db/queries/outbox.ts';

// A write ends only the kept list answers of what it changed (db/data-version.ts): a page edit
// leaves the roles list's answer kept, a role edit ends it and the next read shows the change.
// On PostgreSQL any commit of another database of the server (the test files beside this one)
// ends every kept answer too, so the kept-across case is tried until a quiet moment.
let api: TestApi;
let token = '';
let hits = 0;
test.before(async () => {
  api = await startTestApi();
  token = await api.login();
  configureAnswerCache({
    enabled: true,
    onLookup: (hit) => {
      if (hit) hits++;
    },
  });
});
test.after(async () => {
  await api.stop();
});

const roleNames = async () => {
  const r = await api.call('GET', 'role?page=1', { token });
  assert.is(r.status, 200);
  return (r.body.data.data as { name: string }[]).map((x) => x.name);
};

test("a page write keeps the roles list's kept answer; a role write ends it and the change shows at once", async () => {
  const page = await api.call('POST', 'page', { token, form: { title: 'Cache probe', content: 'x' } });
  assert.is(page.status, 200, JSON.stringify(page.body));
  let kept = false;
  for (let attempt = 0; attempt < 30 && !kept; attempt++) {
    await roleNames();
    const before = hits;
    assert.is((await api.call('PUT', `page/${page.body.data.id}`, { token, form: { title: `Cache probe ${attempt}`, content: 'y' } })).status, 200);
    await roleNames();
    kept = hits > before;
  }
  assert.ok(kept, 'the roles list was answered from the kept answer after a page write');

  const role = await api.call('POST', 'role', { token, form: { name: 'cache-probe', permissions: '[]', roles: '[]' } });
  assert.is(role.status, 200, JSON.stringify(role.body));
  assert.ok((await roleNames()).includes('cache-probe'));
  assert.is((await api.call('PUT', `role/${role.body.data.id}`, { token, form: { name: 'cache-probe-renamed', permissions: '[]', roles: '[]' } })).status, 200);
  const after = await roleNames();
  assert.ok(after.includes('cache-probe-renamed') && !after.includes('cache-probe'), 'the renamed role is listed at once');
});

test('the pages list shows a page edit at once (its own resource ends its answer)', async () => {
  const titles = async () => ((await api.call('GET', 'page?page=1', { token })).body.data.data as { title: string }[]).map((p) => p.title);
  const page = await api.call('POST', 'page', { token, form: { title: 'Listed page', content: 'x' } });
  assert.ok((await titles()).includes('Listed page'));
  await api.call('PUT', `page/${page.body.data.id}`, { token, form: { title: 'Listed page, renamed', content: 'x' } });
  const after = await titles();
  assert.ok(after.includes('Listed page, renamed') && !after.includes('Listed page'));
});

test("a session's use, an e-mail's claim and its sending end no kept list answer; an undeclared write ends them all", async () => {
  // What comes often behind the screens (a session noted as used once a minute, the sender's
  // claim every poll, a sent e-mail) changes nothing a list shows; a write that changed no row
  // moves nothing. Each is tried alone until a quiet moment (on PostgreSQL another database's
  // commit ends every kept answer too).
  const [session] = await api.sql.all<{ token_hash: string }>('SELECT token_hash FROM tokens ORDER BY id DESC LIMIT 1');
  let due = Date.now();
  const actions: [string, () => Promise<unknown>][] = [
    ['a session noted as used', () => touchSession(api.sql, session.token_hash, 'probe-agent', '192.0.2.1', (due += 120_000))],
    ['a touch of no session', () => touchSession(api.sql, 'no-such-session', 'probe-agent', '192.0.2.1', (due += 120_000))],
    ['a claim with nothing due', () => claimMail(api.sql, 'probe-owner', 60_000, 10)],
    [
      'an e-mail claimed and sent',
      async () => {
        for (const row of await claimMail(api.sql, 'probe-owner', 60_000, 10)) await markSent(api.sql, row.id, 'probe-owner');
      },
    ],
  ];
  for (const [what, act] of actions) {
    let kept = false;
    for (let attempt = 0; attempt < 60 && !kept; attempt++) {
      if (what === 'an e-mail claimed and sent')
        await api.sql.transaction((tx) => enqueueMail(tx, { kind: 'reset', to: 'probe@example.com', subject: 'Probe', text: 'x', html: '' }));
      await roleNames();
      const before = hits;
      await act();
      await roleNames();
      kept = hits > before;
    }
    assert.ok(kept, `the roles list was answered from the kept answer after ${what}`);
  }
  const used = await api.sql.get<{ user_agent: string }>('SELECT user_agent FROM tokens WHERE token_hash = ?', [session.token_hash]);
  assert.is(used?.user_agent, 'probe-agent', 'the touch was written');

  // An undeclared write that changed a row: the next read is made again, not kept.
  await roleNames();
  const before = hits;
  await api.sql.run("UPDATE roles SET name = name WHERE name = 'admin'");
  await roleNames();
  assert.is(hits, before, 'a write that declares nothing ends every kept answer');
});

test.run();
