import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Context } from 'hono';
import { checkUrl } from '../../server/http/middleware/security.ts';
import { carriesApiToken } from '../../server/http/middleware/auth.ts';
import { ApiError } from '../../server/http/http-error.ts';

// checkUrl (http/middleware/security.ts) on the request URL alone: a URL without `%` passes
// unsplit unless it holds a NUL or an unpaired surrogate; any other goes through the full check.

const withUrl = (url: string) => ({ req: { url } }) as unknown as Context;

/** The status checkUrl refuses `url` with, or 0 when it passes. */
function refusal(url: string): number {
  try {
    checkUrl(withUrl(url));
    return 0;
  } catch (err) {
    if (err instanceof ApiError) return err.status;
    throw err;
  }
}

test('URLs a client sends every day pass: plain paths, queries, + as space, repeated and empty parameters', () => {
  for (const u of [
    'http://h/',
    'http://h/api/user?page=1&per_page=10&sort=name',
    'http://h/api/user?search=ann+lee&x=&y',
    'http://h/api/event/7/participants?a=b=c',
    'http://h/api/user?search=%C3%A9l%C3%A8ve',
    'http://h/api/a%20b',
  ])
    assert.is(refusal(u), 0, u);
});

test('a NUL byte or an unpaired surrogate is refused raw or percent-encoded: 404 in the path, 422 in the query', () => {
  assert.is(refusal('http://h/api/a\u0000b'), 404, 'raw NUL in the path');
  assert.is(refusal('http://h/api/\uD800x'), 404, 'raw lone high surrogate in the path');
  assert.is(refusal('http://h/api/x\uDC00'), 404, 'raw lone low surrogate in the path');
  assert.is(refusal('http://h/api/\uD83D\uDE00'), 0, 'a surrogate pair is a character');
  assert.is(refusal('http://h/api/user?q=\u0000'), 422, 'raw NUL in the query');
  assert.is(refusal('http://h/api/user?q=a&\uD800=1'), 422, 'raw lone surrogate in a name');
  assert.is(refusal('http://h/api/a%00b'), 404);
  assert.is(refusal('http://h/api/%ED%A0%80'), 404);
  assert.is(refusal('http://h/api/%zz'), 404);
  assert.is(refusal('http://h/api/user?count=exact%00'), 422);
  assert.is(refusal('http://h/api/user?q=%E0%A4%A'), 422);
});

test('carriesApiToken: only a bearer token with the API prefix', () => {
  const withAuth = (authorization?: string) =>
    ({ env: { incoming: { headers: authorization === undefined ? {} : { authorization } } }, req: {} }) as unknown as Context;
  assert.is(carriesApiToken(withAuth('Bearer ebo_abc')), true);
  assert.is(carriesApiToken(withAuth('bearer   ebo_abc ')), true);
  assert.is(carriesApiToken(withAuth('Bearer abc')), false);
  assert.is(carriesApiToken(withAuth('Bearer abc ebo_x')), false, 'the prefix elsewhere than at the token start');
  assert.is(carriesApiToken(withAuth('Basic ebo_abc')), false);
  assert.is(carriesApiToken(withAuth()), false);
});

test.run();
