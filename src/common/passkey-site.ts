import type { securityEn } from './i18n/catalogs/security/en.ts';
/**
 * Where this console's passkeys can work (WebAuthn's relying party), shared by the API (its start
 * warns of a relying party no browser accepts) and the console (the Passkeys card and the sign-in
 * page say why instead of offering a passkey that fails); docs/security.md "Where passkeys work".
 * Pure: no DOM, no Node.
 *
 * A browser makes and uses passkeys only for a relying-party id that is a host name (never an IP
 * address), equal to the page's host or a parent domain of it, on a secure page (https, or http
 * on localhost); the API then accepts an answer only from its one configured origin.
 */

/** The relying party as the API holds it: its id (a host name) and the console's origin. */
export interface PasskeySite {
  id: string;
  origin: string;
}

/**
 * Why passkeys cannot work, or null:
 * - `site-ip`, `site-insecure`, `site-other-host`: the server's own setting cannot work anywhere
 *   (its id is an IP address; its origin is plain http away from localhost; its origin's host is
 *   not the id or under it);
 * - `ip`: the page is open at an IP address;
 * - `other-host`: the page's host is not the id or a subdomain of it;
 * - `other-origin`: the page's host is right but its origin (scheme or port) is not the one
 *   the API accepts answers from.
 */
export type PasskeySiteProblem = 'site-ip' | 'site-insecure' | 'site-other-host' | 'ip' | 'other-host' | 'other-origin';

/** A host without brackets or a final dot, lower case. */
const bare = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/** True for an IPv4 or IPv6 address (as URL.hostname gives them: `127.0.0.1`, `[::1]`). */
export function isIpAddress(host: string): boolean {
  const h = bare(host);
  if (h.includes(':')) return true;
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(h);
}

/** True for `localhost` and names under it, which browsers treat as secure over plain http. */
export const isLocalhost = (host: string) => {
  const h = bare(host);
  return h === 'localhost' || h.endsWith('.localhost');
};

/** True when `host` is the relying party `id` or a subdomain of it (case and a final dot aside). */
export function hostUnder(host: string, id: string): boolean {
  const h = bare(host);
  const d = bare(id);
  return d !== '' && (h === d || h.endsWith(`.${d}`));
}

/** The parts of an http(s) address, or null when it is not one. */
function parse(address: string): { protocol: string; hostname: string; origin: string } | null {
  try {
    const u = new URL(address);
    return u.protocol === 'http:' || u.protocol === 'https:' ? { protocol: u.protocol, hostname: u.hostname, origin: u.origin } : null;
  } catch {
    return null;
  }
}

/** What is wrong with the server's own relying party (`site-…`), or null when a browser can use it at its origin. */
export function passkeySiteProblem(site: PasskeySite): PasskeySiteProblem | null {
  const o = parse(site.origin);
  if (isIpAddress(site.id)) return 'site-ip';
  if (!o || !hostUnder(o.hostname, site.id)) return 'site-other-host';
  if (o.protocol === 'http:' && !isLocalhost(o.hostname)) return 'site-insecure';
  return null;
}

/** Why a page at `pageAddress` (its origin or full URL) cannot make or use this site's passkeys, or null when it can. */
export function passkeyPageProblem(pageAddress: string, site: PasskeySite): PasskeySiteProblem | null {
  const own = passkeySiteProblem(site);
  if (own) return own;
  const page = parse(pageAddress);
  if (!page || isIpAddress(page.hostname)) return 'ip';
  if (!hostUnder(page.hostname, site.id)) return 'other-host';
  if (page.origin !== parse(site.origin)?.origin) return 'other-origin';
  return null;
}

/** The catalog keys of passkeySiteWords' sentences (catalogs/security: `access.passkeys.site.…`). */
export type PasskeySiteKey = Extract<keyof typeof securityEn, `access.passkeys.site.${string}`>;

/**
 * What a person reads: `why` (one sentence) and `fix` (one sentence); `open` is the address to
 * open instead (the site's origin and `path`) when opening it fixes it, absent when only the
 * server's settings can. `say` words a catalog key with its values in the reader's language (the
 * console's `t`; the server's log says them in English).
 */
export function passkeySiteWords(
  problem: PasskeySiteProblem,
  pageAddress: string,
  site: PasskeySite,
  path: string,
  say: (key: PasskeySiteKey, values?: Record<string, string>) => string,
): { why: string; fix: string; open?: string } {
  const page = parse(pageAddress);
  const here = page ? page.hostname : pageAddress;
  const operator = say('access.passkeys.site.operator');
  switch (problem) {
    case 'site-ip':
      return { why: say('access.passkeys.site.siteIp', { site: bare(site.id) }), fix: operator };
    case 'site-insecure':
      return { why: say('access.passkeys.site.siteInsecure', { origin: site.origin }), fix: operator };
    case 'site-other-host':
      return { why: say('access.passkeys.site.siteOtherHost', { origin: site.origin, site: bare(site.id) }), fix: operator };
    default: {
      const origin = parse(site.origin)?.origin ?? site.origin;
      const why =
        problem === 'ip'
          ? say('access.passkeys.site.ip', { here })
          : problem === 'other-host'
            ? say('access.passkeys.site.otherHost', { here, site: bare(site.id) })
            : say('access.passkeys.site.otherOrigin', { here: page?.origin ?? here, origin });
      return { why, fix: say('access.passkeys.site.openAt', { origin }), open: `${origin}${path.startsWith('/') ? path : `/${path}`}` };
    }
  }
}
