import http from 'node:http';

/**
 * One sign-in (POST /api/login, form-encoded) to the API at `base`, sent from the local address
 * `from` (e.g. 127.0.2.7: on Linux all of 127.0.0.0/8 is loopback, so a test can be 60 clients).
 * `headers` adds to the request's (e.g. X-Forwarded-For). Answers status, parsed body and the
 * Retry-After header (seconds) when present.
 */
export function loginFrom(
  base: string,
  from: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; retryAfter?: number }> {
  const body = new URLSearchParams(form).toString();
  const url = new URL('/api/login', base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
          Cookie: 'XSRF-TOKEN=source-address-test',
          'X-XSRF-TOKEN': 'source-address-test',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          const ra = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, body: parsed, retryAfter: ra === undefined ? undefined : Number(ra) });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The loopback addresses 127.0.2.1 … 127.0.2.<n> (or from `third`.`first`). */
export const loopbackRange = (n: number, third = 2, first = 1) => Array.from({ length: n }, (_, i) => `127.0.${third}.${first + i}`);
