import { isIP } from 'node:net';

/**
 * The key a client address is throttled by (docs/security.md "Client address"): an IPv4 address
 * as it is, an IPv6 address by its /64 network (one subscriber usually holds a whole /64, and
 * would otherwise get 2^64 addresses' worth of attempts), e.g. `2001:db8:1:2::/64`. Pure: the
 * address itself is read from the request by http/client-address.ts.
 */
export function addressKey(addr: string): string {
  if (isIP(addr) !== 6) return addr;
  const [head, tail] = addr.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  // An embedded dotted quad (::1.2.3.4) stands for two groups.
  const width = (g: string[]) => g.reduce((n, x) => n + (x.includes('.') ? 2 : 1), 0);
  const groups = tail === undefined ? left : [...left, ...Array(8 - width(left) - width(right)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
