import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

/**
 * One request header, read from Node's own parsed headers when the request came through
 * @hono/node-server (`c.env.incoming`), else through `c.req.header` (app.request in tests).
 * `c.req.header` builds the whole WHATWG Headers of the request (every header copied and
 * validated) on its first use: on the request path that was a few per cent of the server's CPU
 * for the three or four headers a request needs. `name` is lower case.
 * Values are as Node joins them: a repeated header ', '-joined (cookie '; '); of a header Node
 * keeps only once (authorization, user-agent, content-type, content-length, host…) the first.
 * Callers that must refuse an ambiguous repeat (the bearer token) use `repeated`.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const v = incoming.headers[name];
  return typeof v === 'string' ? v : v?.join(', ');
}

/**
 * True when the request carries header `name` (lower case) more than once; false when it came
 * without Node's raw headers at hand (there `c.req.header` already joins repeats).
 */
export function repeated(c: Context, name: string): boolean {
  const raw = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.rawHeaders;
  if (!raw) return false;
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === name.length && raw[i].toLowerCase() === name && ++seen > 1) return true;
  return false;
}
