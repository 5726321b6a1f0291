import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { hostAllowListed, vetHost, type EgressPolicy, type LookupAll } from '../mail/egress.ts';
import { ANSWER_KEPT_BYTES, ATTEMPT_TIMEOUT_MS } from '../../../src/common/webhooks.ts';

/**
 * One webhook attempt on the wire (docs/webhooks.md "Delivery", docs/security.md "Outgoing
 * connections"): the URL's rules are checked again, its host resolved and vetted by
 * lib/mail/egress.ts, and the POST connects to that vetted address (never resolving the name a
 * second time); TLS still checks the certificate against the host's name. Redirects are not
 * followed: a 3xx is a failure. The answer's first ANSWER_KEPT_BYTES are kept.
 */

/** What an attempt came to: the answer's status (null when none came), its first 1 KB, a failure in plain words ('' on a 2xx), how long it took (ms). */
export interface AttemptResult {
  statusCode: number | null;
  response: string;
  error: string;
  durationMs: number;
}

/** Why a URL is refused before anything is connected, or null when its form is allowed: https, or http to an allowed host; no credentials in it. */
export function urlProblem(text: string, policy: EgressPolicy): string | null {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return 'The URL is not a valid address.';
  }
  if (u.username || u.password) return 'The URL may not carry a user name or password.';
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && hostAllowListed(u.hostname, policy)) return null;
  return 'Only https: URLs are allowed (http: only to hosts the operator allows with WEBHOOK_ALLOW_HOSTS).';
}

/** The plain words of an address the rules refuse (save and attempt alike). */
export const REFUSED_WEBHOOK_ADDRESS =
  'This address is not allowed: link-local, metadata, private and loopback addresses are refused unless the operator allows them (WEBHOOK_ALLOW_HOSTS).';

/** The vetted address for `text`'s host, or a refusal in plain words (save-time check and every attempt). */
export async function vetUrl(text: string, policy: EgressPolicy, resolve?: LookupAll): Promise<{ address: string } | { error: string }> {
  const problem = urlProblem(text, policy);
  if (problem) return { error: problem };
  try {
    return { address: await vetHost(new URL(text).hostname, policy, resolve) };
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EEGRESS') return { error: REFUSED_WEBHOOK_ADDRESS };
    if (code === 'ETIMEDOUT') return { error: 'The host name did not resolve in time.' };
    return { error: 'The host name does not resolve.' };
  }
}

/** POSTs `body` with `headers` to `url` under `policy`; never rejects. */
export async function attempt(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: EgressPolicy,
  timeoutMs = ATTEMPT_TIMEOUT_MS,
): Promise<AttemptResult> {
  const started = performance.now();
  const took = () => performance.now() - started;
  const vetted = await vetUrl(url, policy);
  if ('error' in vetted) return { statusCode: null, response: '', error: vetted.error, durationMs: took() };
  const u = new URL(url);
  const family = isIP(vetted.address);
  // Every name this request resolves is the vetted address: no second DNS answer can move it.
  const lookup: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all)
      (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: vetted.address, family }]);
    else cb(null, vetted.address, family);
  };
  const client = u.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const done = (r: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ ...r, durationMs: took() });
    };
    const req = client.request(
      {
        method: 'POST',
        hostname: u.hostname.replace(/^\[|\]$/g, ''),
        port: u.port || undefined,
        path: `${u.pathname}${u.search}`,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Events-Backoffice-Webhooks/1' },
        lookup,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () => {
          const status = res.statusCode ?? 0;
          const response = Buffer.concat(chunks).subarray(0, ANSWER_KEPT_BYTES).toString('utf8');
          if (status >= 200 && status < 300) done({ statusCode: status, response, error: '' });
          else if (status >= 300 && status < 400)
            done({ statusCode: status, response, error: `Redirect (${status}) not followed: point the webhook at the final address.` });
          else done({ statusCode: status, response, error: `The endpoint answered ${status}.` });
        };
        res.on('data', (c: Buffer) => {
          if (kept < ANSWER_KEPT_BYTES) chunks.push(c);
          kept += c.length;
          if (kept >= ANSWER_KEPT_BYTES) finish();
        });
        res.on('end', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => done({ statusCode: null, response: '', error: `No answer within ${Math.round(timeoutMs / 1000)} s.` }), timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({
        statusCode: null,
        response: '',
        error:
          err.code === 'ECONNREFUSED'
            ? 'The endpoint refused the connection.'
            : /certificate|TLS|SSL/i.test(err.message)
              ? 'TLS failed: the certificate was not accepted.'
              : 'Could not connect to the endpoint.',
      }),
    );
    req.end(body);
  });
}
