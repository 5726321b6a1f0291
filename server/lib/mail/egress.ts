import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The one module of the product's outgoing-connection rules (docs/security.md "Outgoing
 * connections"): which addresses an SMTP connection (lib/mail/smtp.ts) or a webhook delivery
 * (lib/webhooks/deliver.ts) may be opened to. `addressAllowed` is pure; `vetHost` resolves a
 * host and answers the one allowed address the caller then connects to, never to the name again.
 *
 * SMTP runs under the defaults below; webhooks under the same rules with `denyPrivate` always on
 * and their own allow-list (env WEBHOOK_ALLOW_HOSTS, `webhookEgress`).
 *
 * - Always refused unless the operator allows them: 0.0.0.0/8 and ::, link-local 169.254.0.0/16
 *   and fe80::/10 (cloud metadata services live there: 169.254.169.254, fd00:ec2::254 is refused
 *   by name too), multicast and broadcast. IPv4-mapped (::ffff:a.b.c.d) and NAT64
 *   (64:ff9b::a.b.c.d) forms of a refused IPv4 address are refused alike.
 * - Loopback and private ranges (127/8, ::1, 10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7):
 *   allowed (a relay on the same host or network is normal) unless `denyPrivate` (env
 *   SMTP_DENY_PRIVATE=1).
 * - `SMTP_ALLOW_HOSTS`: host names and addresses or CIDR ranges the operator allows whatever the
 *   rules above say.
 */
export interface EgressPolicy {
  /** Refuse loopback and private ranges too (env SMTP_DENY_PRIVATE=1). */
  denyPrivate: boolean;
  /** Host names allowed whatever they resolve to, lower-case without a trailing dot. */
  allowHosts: readonly string[];
  /** Addresses and ranges allowed whatever the rules say; undefined: none. */
  allowNets?: BlockList;
}

/** The policy when nothing is configured: the defaults above. */
export const DEFAULT_EGRESS: EgressPolicy = { denyPrivate: false, allowHosts: [] };

type Net = [string, number];
const REFUSED_V4: Net[] = [
  ['0.0.0.0', 8],
  ['169.254.0.0', 16],
  ['224.0.0.0', 4],
  ['255.255.255.255', 32],
];
const REFUSED_V6: Net[] = [
  ['::', 128],
  ['fe80::', 10],
  ['fd00:ec2::254', 128],
  ['ff00::', 8],
];
const PRIVATE_V4: Net[] = [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
];
const PRIVATE_V6: Net[] = [
  ['::1', 128],
  ['fc00::', 7],
];

/** The NAT64 (64:ff9b::/96) range embedding the IPv4 range `v4`/`prefix`. */
function nat64([v4, prefix]: Net): Net {
  const [a, b, c, d] = v4.split('.').map(Number);
  return [`64:ff9b::${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`, 96 + prefix];
}

/** A BlockList of IPv4 ranges (their ::ffff: forms match too) and IPv6 ranges, NAT64 forms of the IPv4 ones included. */
function listOf(v4: Net[], v6: Net[]): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of [...v6, ...v4.map(nat64)]) list.addSubnet(net, prefix, 'ipv6');
  return list;
}
const REFUSED = listOf(REFUSED_V4, REFUSED_V6);
const PRIVATE = listOf(PRIVATE_V4, PRIVATE_V6);

/** `addr` without a zone (`fe80::1%eth0`). */
const bare = (addr: string) => addr.trim().replace(/%.*$/, '');
const inList = (list: BlockList, addr: string) => {
  const family = isIP(addr);
  return family !== 0 && list.check(addr, family === 6 ? 'ipv6' : 'ipv4');
};
/** A host name as compared: lower-case, no trailing dot. */
export const hostKey = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/**
 * Whether the SMTP connection to `address` (an IP address `host` resolved to; `host` itself when
 * it is an address) is allowed under `policy`. Anything that is not an IP address is refused.
 */
export function addressAllowed(address: string, host: string, policy: EgressPolicy): boolean {
  const addr = bare(address);
  if (!isIP(addr)) return false;
  if (policy.allowHosts.includes(hostKey(host))) return true;
  if (policy.allowNets && inList(policy.allowNets, addr)) return true;
  if (inList(REFUSED, addr)) return false;
  return !(policy.denyPrivate && inList(PRIVATE, addr));
}

/**
 * Reads SMTP_DENY_PRIVATE ('1' denies) and SMTP_ALLOW_HOSTS (comma-separated host names,
 * addresses and CIDR ranges such as `relay.internal, 169.254.10.5, fd12::/16`). Throws an Error
 * naming the first entry it cannot read, so a mistyped allow-list stops the start.
 */
export function parseEgressPolicy(denyPrivate: string | boolean | undefined, allowHosts: string | undefined, setting = 'SMTP_ALLOW_HOSTS'): EgressPolicy {
  const hosts: string[] = [];
  let nets: BlockList | undefined;
  for (const entry of (allowHosts ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [addr, bits, extra] = entry.split('/');
    const family = isIP(addr);
    if (family) {
      const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
      if (extra !== undefined || !/^\d{1,3}$/.test(String(prefix)) || prefix > (family === 6 ? 128 : 32))
        throw new Error(`${setting}: "${entry}" is not a host name, an IP address or a CIDR range.`);
      (nets ??= new BlockList()).addSubnet(addr, prefix, family === 6 ? 'ipv6' : 'ipv4');
    } else if (bits === undefined && entry.length <= 253 && /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?\.?$/i.test(entry)) {
      hosts.push(hostKey(entry));
    } else {
      throw new Error(`${setting}: "${entry}" is not a host name, an IP address or a CIDR range.`);
    }
  }
  return { denyPrivate: denyPrivate === true || denyPrivate === '1', allowHosts: hosts, allowNets: nets };
}

/**
 * The policy of webhook deliveries: the rules above with loopback and private ranges refused
 * unless `allowHosts` (env WEBHOOK_ALLOW_HOSTS, read as SMTP_ALLOW_HOSTS is) allows them.
 * Throws as parseEgressPolicy does, naming WEBHOOK_ALLOW_HOSTS.
 */
export const webhookEgress = (allowHosts: string | undefined): EgressPolicy => parseEgressPolicy(true, allowHosts, 'WEBHOOK_ALLOW_HOSTS');

/** Whether `host` (a name or an address) is on the policy's allow-list by name, address or range. */
export function hostAllowListed(host: string, policy: EgressPolicy): boolean {
  const h = bare(host.replace(/^\[|\]$/g, ''));
  return policy.allowHosts.includes(hostKey(h)) || (!!policy.allowNets && inList(policy.allowNets, h));
}

/** Resolves a host name to every address (dns.lookup with `all`); injected in tests. */
export type LookupAll = (host: string) => Promise<{ address: string }[]>;
const lookupAll: LookupAll = (host) => lookup(host, { all: true, verbatim: true });
/** Longest the host's name may take to resolve. */
const LOOKUP_MS = 4_000;

/**
 * The address to connect to for `host`: the host itself when it is an IP address, else the first
 * address it resolves to that `policy` allows. Rejects with code EEGRESS when none is allowed
 * (nothing is connected), ENOTFOUND when the name does not resolve, ETIMEDOUT after LOOKUP_MS.
 * The caller connects to this address, never to the name again, so a second resolution (DNS
 * rebinding) cannot move the connection elsewhere.
 */
export async function vetHost(host: string, policy: EgressPolicy = DEFAULT_EGRESS, resolve: LookupAll = lookupAll): Promise<string> {
  const name = host.trim().replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(name)) addresses = [name];
  else {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('lookup timeout'), { code: 'ETIMEDOUT' })), LOOKUP_MS);
    });
    try {
      addresses = (await Promise.race([resolve(name), late])).map((a) => a.address);
    } catch (err) {
      if ((err as { code?: string }).code === 'ETIMEDOUT') throw err;
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    } finally {
      clearTimeout(timer);
    }
  }
  const allowed = addresses.find((a) => addressAllowed(a, name, policy));
  if (!allowed) throw Object.assign(new Error('address refused'), { code: 'EEGRESS' });
  return allowed;
}
