import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, testEngine, type TestApi } from './harness.ts';

// XSRF compares bytes safely: any cookie or header value answers 403 (malformed) or
// 419 (missing, or a well-formed mismatch), never 500, and nothing is written
// (docs/security.md "XSRF").

let api: TestApi;
let token: string;
test.before(async () => {
  api = await startTestApi();
  token = await api.login();
});
test.after(() => api.stop());

/** A permission create with exactly this Cookie and X-XSRF-TOKEN (undefined: not sent). */
const send = (cookie: string | undefined, header: string | undefined, name = 'xsrf-probe') => {
  const headers: Record<string, string> = {};
  if (cookie !== undefined) headers.Cookie = `XSRF-TOKEN=${cookie}`;
  if (header !== undefined) headers['X-XSRF-TOKEN'] = header;
  return api.call('POST', 'permission', { token, form: { name }, xsrf: false, headers });
};
const written = async (name: string) => Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM permissions WHERE name = ?', [name]))!.n);

test(`[${testEngine}] a cookie that decodes to non-ASCII gets 403 (it used to be 500), nothing written, and a fresh cookie`, async () => {
  const r = await send('%C3%A9', 'a', 'non-ascii');
  assert.is(r.status, 403, JSON.stringify(r.body));
  assert.is(r.body.status, 'forbidden');
  assert.is(r.body.message, 'The XSRF token is malformed.');
  assert.is(await written('non-ascii'), 0);
  const fresh = /XSRF-TOKEN=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1];
  assert.ok(fresh && /^[A-Za-z0-9_-]{27}$/.test(fresh), `a new well-formed cookie: ${r.headers.get('set-cookie')}`);
  const retry = await send(fresh, fresh, 'non-ascii');
  assert.is(retry.status, 200, 'the browser recovers with the cookie it was given');
});

test(`[${testEngine}] malformed cookies and headers of any length or encoding get 403, never 5xx`, async () => {
  const ok = 'abcdefghijklmnopqrstuvwxyz0';
  const cases: [string | undefined, string | undefined][] = [
    ['%C3%A9', '%C3%A9'], // the same non-ASCII value on both sides
    ['%E2%82%AC%E2%82%AC', 'aaaaaa'], // 2 characters, 6 bytes vs 6 bytes
    ['%zz', ok],
    [ok, '%'],
    ['%E0%A4%A', '%E0%A4%A'],
    [ok, '%E0%A4%A'],
    [ok, '\u00ff'],
    ['"\u00e9"', ok],
    [ok, 'a b'],
    [ok, '%00'],
    ['%0A', ok],
    ['x'.repeat(257), 'x'.repeat(257)],
    [ok, 'y'.repeat(8000)],
    ['z'.repeat(6000), ok],
    [ok, '%F0%9F%98%80'],
    ['%F0%9F%98%80', '%F0%9F%98%80'],
  ];
  for (const [cookie, header] of cases) {
    const r = await send(cookie, header, 'malformed');
    assert.is(r.status, 403, `${cookie?.slice(0, 20)} / ${header?.slice(0, 20)}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
  }
  assert.is(await written('malformed'), 0);
});

test(`[${testEngine}] a missing or different well-formed token gets 419; the same token passes, also percent-encoded`, async () => {
  const a = 'Token-A_0123456789abcdefghi',
    b = 'Token-B_0123456789abcdefghi';
  assert.is((await send(a, b, 'mismatch')).status, 419);
  assert.is((await send(a, 'short', 'mismatch')).status, 419, 'different lengths');
  assert.is((await send(a, undefined, 'mismatch')).status, 419);
  assert.is((await send(undefined, a, 'mismatch')).status, 419);
  assert.is((await send('', a, 'mismatch')).status, 419);
  assert.is((await send(undefined, undefined, 'mismatch')).status, 419);
  assert.is(await written('mismatch'), 0);
  assert.is((await send(a, a, 'match')).status, 200);
  assert.is((await send('Token%2DA_0123456789abcdefghi', a, 'match-encoded')).status, 200, 'the cookie is compared decoded');
});

test(`[${testEngine}] the XSRF cookie is read among other cookies: its name and value trimmed, quotes dropped, the first one counted`, async () => {
  const t = 'Token-C_0123456789abcdefghi';
  const cases: [string, number][] = [
    [`theme=dark; XSRF-TOKEN=${t}; lang=en`, 200],
    [`lang=en;  XSRF-TOKEN = ${t} ;x=1`, 200],
    [`XSRF-TOKEN="${t}"`, 200],
    [`NOT-XSRF-TOKEN=${t}`, 419], // a look-alike name is another cookie
    [`XSRF-TOKEN${t}`, 419], // no value
    [`NOT-XSRF-TOKEN=other; XSRF-TOKEN=${t}`, 200],
    [`XSRF-TOKEN=${t}; XSRF-TOKEN=Other_0123456789abcdefghijk`, 200],
    [`XSRF-TOKEN=Other_0123456789abcdefghijk; XSRF-TOKEN=${t}`, 419],
  ];
  for (const [i, [cookie, status]] of cases.entries()) {
    const r = await api.call('POST', 'permission', { token, form: { name: `cookie-${i}` }, xsrf: false, headers: { Cookie: cookie, 'X-XSRF-TOKEN': t } });
    assert.is(r.status, status, `${cookie}: ${JSON.stringify(r.body)}`);
    assert.is(await written(`cookie-${i}`), status === 200 ? 1 : 0);
  }
});

test.run();
