import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How long a stopping process waits for requests in flight and import jobs (ms), unless SHUTDOWN_GRACE_MS says otherwise. */
export const SHUTDOWN_GRACE_MS = 25_000;

/** The answer to a request that arrives on an open connection while the process stops. */
export const RESTARTING = 'The server is restarting. Please try again in a moment.';

/**
 * Waits for `work` until `deadline` (performance.now() ms): true when it settled in time, false
 * when the deadline came first (the work goes on; nothing is cancelled here).
 */
export async function byDeadline(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), Math.max(0, deadline - performance.now())); });
  return Promise.race([work.then(() => true, () => true), late]).finally(() => clearTimeout(timer));
}

/** An HTTP server that can stop without dropping a request it has accepted (docs/security.md "Limits", "Stopping"). */
export interface DrainableServer {
  readonly server: http.Server;
  readonly port: number;
  /** Requests accepted and not yet answered in full. */
  inFlight(): number;
  /**
   * Starts the stop: the port is closed (new connections are refused by the system), idle
   * keep-alive connections are closed, every answer still to be sent carries
   * `Connection: close`, and a request that arrives on a connection still open gets 503 with
   * `Retry-After: 1` and `Connection: close`. Resolves once every request accepted before
   * has been answered, or false when `deadline` (performance.now() ms) comes first.
   */
  drain(deadline: number): Promise<boolean>;
  /** Closes every connection still open (after the grace period), resolved once the server is closed. */
  forceClose(): Promise<void>;
}

/**
 * Serves `listener` (the Hono app's Node listener) on `host:port` (0: a free port) with the
 * bookkeeping a graceful stop needs: which answers are still being sent. Resolves once listening.
 */
export async function listenDrainable(listener: http.RequestListener, port: number, host: string): Promise<DrainableServer> {
  const open = new Set<http.ServerResponse>();
  let draining = false;
  let answered: (() => void) | undefined;
  const allAnswered = new Promise<void>((resolve) => { answered = resolve; });
  const server = http.createServer((req, res) => {
    if (draining) {
      // Node would keep this connection alive after the answer; the 503 closes it.
      res.shouldKeepAlive = false;
      const body = JSON.stringify({ status: 'server_error', message: RESTARTING, data: null });
      res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    open.add(res);
    res.on('close', answerClosed);
    listener(req, res);
  });
  // One listener for every answer (`this` is the answer), not a closure made per request.
  function answerClosed(this: http.ServerResponse) {
    open.delete(this);
    if (!draining) return;
    // The connection this answer used is idle now: close it rather than wait for its timeout.
    server.closeIdleConnections();
    if (open.size === 0) answered!();
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => { server.off('error', reject); resolve(); });
  });
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    inFlight: () => open.size,
    drain(deadline) {
      if (!draining) {
        draining = true;
        for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
        server.close();
        server.closeIdleConnections();
      }
      if (open.size === 0) return Promise.resolve(true);
      return byDeadline(allAnswered, deadline);
    },
    async forceClose() {
      if (!draining) { draining = true; server.close(); }
      server.closeAllConnections();
      await closed;
    },
  };
}
