import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client's address (docs/security.md "Client address"): the socket's peer,
 * unless that peer is a proxy named in TRUST_PROXY; then X-Forwarded-For is read from the right,
 * skipping the trusted proxies, and the first address not trusted is the client. A header sent
 * by anyone else is ignored, so a client cannot pick the address it is throttled by.
 */

/** The trusted proxies of TRUST_PROXY; undefined trusts none (the socket's peer is the client). */
export type TrustedProxies = BlockList | undefined;

const KEYWORDS: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Parses TRUST_PROXY: a comma-separated list of IPv4/IPv6 addresses, CIDR ranges (`10.0.0.0/8`,
 * `fd00::/8`) and the words `loopback` (127.0.0.0/8, ::1) and `private` (10/8, 172.16/12,
 * 192.168/16, fc00::/7). Empty or unset: no proxy is trusted. Throws an Error naming the first
 * entry it cannot read (the process then refuses to start rather than trust the wrong hop).
 */
export function parseTrustProxy(value: string | undefined): TrustedProxies {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (!entries.length) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const keyword = KEYWORDS[entry.toLowerCase()];
    if (keyword) {
      for (const [net, prefix, type] of keyword) list.addSubnet(net, prefix, type);
      continue;
    }
    const [addr, bits, extra] = entry.split('/');
    const family = isIP(addr);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (!family || extra !== undefined || !/^\d{1,3}$/.test(String(prefix)) || prefix > (family === 6 ? 128 : 32)) {
      throw new Error(`TRUST_PROXY: "${entry}" is not an IP address, a CIDR range, "loopback" or "private".`);
    }
    list.addSubnet(addr, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** `addr` without an IPv4-mapped IPv6 prefix (`::ffff:1.2.3.4` is 1.2.3.4) or a zone (`fe80::1%eth0`). */
export function plainAddress(addr: string): string {
  const a = addr.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return mapped ? mapped[1] : a;
}

const trusted = (list: BlockList, addr: string) => {
  const family = isIP(addr);
  return family !== 0 && list.check(addr, family === 6 ? 'ipv6' : 'ipv4');
};

/**
 * The client of a request from socket peer `peer` with X-Forwarded-For `forwarded` (undefined
 * when absent), given the trusted proxies. Pure, for tests; see `clientAddress`.
 */
export function resolveClient(peer: string, forwarded: string | undefined, proxies: TrustedProxies): string {
  let client = plainAddress(peer);
  if (!proxies || forwarded === undefined) return client;
  const hops = forwarded.split(',').map(plainAddress).reverse();
  for (const hop of hops) {
    // Only a trusted proxy's word is taken, and only for an address that is one.
    if (!trusted(proxies, client) || !isIP(hop)) break;
    client = hop;
  }
  return client;
}

/**
 * The client address of the request (see the top of this file), with the app's trusted proxies
 * (config.trustProxy) unless `proxies` is given; 'unknown' when the socket has none (a request
 * made without a socket, e.g. app.request in a test). The one place every route reads it from.
 */
export function clientAddress(c: Context, proxies: TrustedProxies = (c.get('config') as { trustProxy?: TrustedProxies } | undefined)?.trustProxy): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined;
  }
  if (!peer) return 'unknown';
  return resolveClient(peer, c.req.header('x-forwarded-for'), proxies);
}

/** The key an address is throttled by (IPv6 by its /64): lib/auth/address-key.ts. */
export { addressKey } from '../lib/auth/address-key.ts';
