import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addressAllowed, DEFAULT_EGRESS, parseEgressPolicy } from '../../server/lib/mail/egress.ts';
import { vetHost } from '../../server/lib/mail/egress.ts';

const allowed = (addr: string, policy = DEFAULT_EGRESS, host = addr) => addressAllowed(addr, host, policy);

test('link-local, metadata, unspecified, multicast and broadcast addresses are refused by default', () => {
  for (const a of [
    '169.254.169.254',
    '169.254.0.1',
    '0.0.0.0',
    '0.1.2.3',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fd00:ec2::254',
    '::',
    '224.0.0.1',
    '255.255.255.255',
    'ff02::1',
  ]) {
    assert.is(allowed(a), false, a);
  }
});

test('IPv4-mapped and NAT64 forms of a refused address are refused alike', () => {
  for (const a of ['::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '::FFFF:0.0.0.0', '64:ff9b::a9fe:a9fe', '64:ff9b::169.254.169.254'])
    assert.is(allowed(a), false, a);
});

test('public, loopback and private addresses are allowed by default; SMTP_DENY_PRIVATE refuses loopback and private ones', () => {
  const strict = parseEgressPolicy('1', '');
  for (const a of [
    '127.0.0.1',
    '::1',
    '10.1.2.3',
    '172.16.0.5',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    'fd12::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
  ]) {
    assert.is(allowed(a), true, a);
    assert.is(allowed(a, strict), false, `${a} strict`);
  }
  for (const a of ['8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:8.8.8.8']) assert.is(allowed(a, strict), true, a);
});

test('SMTP_ALLOW_HOSTS allows named hosts and ranges whatever the rules say, and nothing else', () => {
  const p = parseEgressPolicy('1', 'Relay.Internal., 169.254.10.0/24, fd00:ec2::254');
  assert.is(addressAllowed('169.254.169.254', 'relay.internal', p), true);
  assert.is(allowed('169.254.10.7', p), true);
  assert.is(allowed('169.254.11.7', p), false);
  assert.is(allowed('fd00:ec2::254', p), true);
  assert.is(addressAllowed('10.0.0.1', 'other.internal', p), false);
});

test('anything but an IP address is refused, and an unreadable allow-list entry stops the start', () => {
  assert.is(allowed('not-an-ip'), false);
  assert.is(allowed(''), false);
  for (const bad of ['10.0.0.0/33', '1.2.3.4/8/9', 'host name', 'a_b.example', 'fe80::/129', 'x'.repeat(300)]) {
    assert.throws(() => parseEgressPolicy(undefined, bad), /SMTP_ALLOW_HOSTS/, bad);
  }
  assert.equal(parseEgressPolicy(undefined, undefined), { denyPrivate: false, allowHosts: [], allowNets: undefined });
});

test('vetHost answers the first allowed address a name resolves to, and refuses (EEGRESS) when none is', async () => {
  const lookup = (map: Record<string, string[]>) => async (h: string) => {
    if (!map[h]) throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    return map[h].map((address) => ({ address }));
  };
  const dns = lookup({ 'mixed.test': ['169.254.169.254', '192.0.2.10'], 'meta.test': ['169.254.169.254', 'fe80::1'] });
  assert.is(await vetHost('mixed.test', DEFAULT_EGRESS, dns), '192.0.2.10');
  await vetHost('meta.test', DEFAULT_EGRESS, dns).then(
    () => assert.unreachable('refused'),
    (e) => assert.is(e.code, 'EEGRESS'),
  );
  await vetHost('gone.test', DEFAULT_EGRESS, dns).then(
    () => assert.unreachable('not found'),
    (e) => assert.is(e.code, 'ENOTFOUND'),
  );
  // An address is judged as it is, without a lookup.
  let asked = false;
  await vetHost('169.254.169.254', DEFAULT_EGRESS, async () => {
    asked = true;
    return [];
  }).catch(() => undefined);
  assert.is(asked, false);
});

test.run();
