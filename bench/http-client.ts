import http from 'node:http';

/** One answer of `loadClient`: status code and the body as text. */
export interface LoadAnswer {
  status: number;
  text: string;
}

/**
 * A lean HTTP/1.1 client for load runs (bench/load.ts, bench/memory.ts): node:http over one
 * keep-alive agent with up to `sockets` connections to `base` (http://host:port). The load
 * generator shares this machine's two cores with the server it measures; fetch spent about as
 * much CPU per request as the server did, so every request it made slowed the server down.
 * `body` is sent as is (set its Content-Type in `headers`). Rejects on network errors only.
 */
export function loadClient(base: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(base);
  const call = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<LoadAnswer>((resolve, reject) => {
      const req = http.request(
        { agent, hostname, port, method, path, headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { call, close: () => agent.destroy() };
}
