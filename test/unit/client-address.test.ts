import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addressKey, parseTrustProxy, plainAddress, resolveClient } from '../../server/http/client-address.ts';

// The sign-in throttle's client address comes from the socket unless a proxy named
// in TRUST_PROXY forwarded the request (docs/security.md "Client address").

test("without TRUST_PROXY the socket's peer is the client, whatever X-Forwarded-For says", () => {
  assert.is(parseTrustProxy(undefined), undefined);
  assert.is(parseTrustProxy(' '), undefined);
  assert.is(resolveClient('198.51.100.4', '203.0.113.9', undefined), '198.51.100.4');
  assert.is(resolveClient('::ffff:198.51.100.4', undefined, undefined), '198.51.100.4');
});

test("a trusted proxy's X-Forwarded-For is read from the right, skipping trusted hops; a forged left part is not believed", () => {
  const proxies = parseTrustProxy('10.0.0.0/8, 192.0.2.1');
  // client 203.0.113.9 -> proxy 10.1.1.1 -> proxy 192.0.2.1 (the socket); the client claimed 1.2.3.4 itself.
  assert.is(resolveClient('192.0.2.1', '1.2.3.4, 203.0.113.9, 10.1.1.1', proxies), '203.0.113.9');
  assert.is(resolveClient('::ffff:192.0.2.1', '203.0.113.9', proxies), '203.0.113.9');
  // Not from a trusted proxy: the header is ignored.
  assert.is(resolveClient('198.51.100.4', '203.0.113.9', proxies), '198.51.100.4');
  // Only trusted hops: the leftmost is the client.
  assert.is(resolveClient('192.0.2.1', '10.0.0.5', proxies), '10.0.0.5');
  // A hop that is not an address stops the walk at the proxy that wrote it.
  assert.is(resolveClient('192.0.2.1', 'bogus, 10.2.2.2', proxies), '10.2.2.2');
  assert.is(resolveClient('192.0.2.1', '', proxies), '192.0.2.1');
});

test('TRUST_PROXY reads addresses, CIDR ranges, loopback and private, and refuses anything else', () => {
  const p = parseTrustProxy('loopback, private, 2001:db8::/32')!;
  for (const a of ['127.0.0.1', '127.9.9.9', '::1', '10.4.4.4', '172.20.0.1', '192.168.1.1', 'fd00::1', '2001:db8:5::1']) {
    assert.ok(resolveClient(a, '203.0.113.1', p) === '203.0.113.1', `${a} is trusted`);
  }
  assert.is(resolveClient('172.32.0.1', '203.0.113.1', p), '172.32.0.1');
  for (const bad of ['true', '10.0.0.0/33', '10.0.0.1/8/1', 'example.com', '::1/129', '10.0.0.0/x']) {
    assert.throws(
      () => parseTrustProxy(bad),
      (e: Error) => e.message.includes(`"${bad}"`),
      bad,
    );
  }
});

test('an IPv4 address is its own key; an IPv6 address is keyed by its /64', () => {
  assert.is(addressKey('203.0.113.9'), '203.0.113.9');
  assert.is(addressKey('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
  assert.is(addressKey('2001:db8:1:2::9'), '2001:db8:1:2::/64');
  assert.is(addressKey('2001:DB8:0001:0002:ffff::1'), '2001:db8:1:2::/64');
  assert.is(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
  assert.is(addressKey('::1'), '0:0:0:0::/64');
  assert.is(addressKey('64:ff9b::192.0.2.1'), '64:ff9b:0:0::/64');
  assert.is(plainAddress('fe80::1%eth0'), 'fe80::1');
});

test.run();
