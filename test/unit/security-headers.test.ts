import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SECURITY_HEADERS } from '../../server/http/middleware/security.ts';

// The policy is declared as hono/secure-headers options; these are the values a browser must get.
test('security headers carry the strict CSP, no framing, same-origin referrers and a year of HSTS', () => {
  assert.equal(
    { ...SECURITY_HEADERS },
    {
      'content-security-policy':
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: https:; " +
        "media-src 'self' blob: https:; font-src 'self'; connect-src 'self'; frame-src https://www.youtube.com https://www.youtube-nocookie.com; " +
        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'same-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    },
  );
});

test('security headers leave Cross-Origin-Resource-Policy off, so other sites may show stored photos', () => {
  assert.is(SECURITY_HEADERS['cross-origin-resource-policy'], undefined);
  assert.ok(Object.isFrozen(SECURITY_HEADERS));
});

test.run();
