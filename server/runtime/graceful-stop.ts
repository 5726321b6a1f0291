import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { nextTurn } from './next-turn.ts';

/**
 * How long a stopping process waits, once it stopped taking work (the end of the delay), for its
 * port to close, requests in flight and import jobs (ms), unless SHUTDOWN_GRACE_MS says otherwise.
 */
export const SHUTDOWN_GRACE_MS = 25_000;

/**
 * How long `npm start` keeps serving after SIGTERM before it stops taking work (ms), unless
 * SHUTDOWN_DELAY_MS says otherwise: time for a load balancer to see `/api/health` fail and stop
 * sending. 15 s covers a check every 5 s that takes the process out after 3 failures, or after 2
 * with a 5 s timeout (the shortest interval AWS target groups allow, with their threshold of
 * 2–10; Google Cloud's default is 5 s × 2, HAProxy's 2 s × 3), and the few seconds Kubernetes
 * takes to drop a terminating pod from its endpoints. Longer than Node's keep-alive timeout
 * (5 s) too, so that a connection left idle before the signal is no longer used by its client
 * when the process ends it. A balancer that checks less often needs SHUTDOWN_DELAY_MS of at least
 * interval × unhealthy threshold (+ timeout) (docs/architecture.md "Setting the delay").
 */
export const SHUTDOWN_DELAY_MS = 15_000;

/**
 * Once the process stopped taking work, its port closes after this long without a new
 * connection (ms): a load balancer that stopped sending has no connection on its way by then, so
 * none waits in the system's queue when the port closes (the system resets each one that does).
 * Traffic that still comes, a health check more often than this included, keeps the port open,
 * each request answered 503, until the grace period ends.
 */
export const QUIET_MS = 500;

/** The message of the 503 a new import job gets while the process stops (lib/jobs/import-jobs.ts). */
export const RESTARTING = 'The server is restarting. Please try again in a moment.';

/**
 * Waits for `work` until `deadline` (performance.now() ms): true when it settled in time, false
 * when the deadline came first (the work goes on; nothing is cancelled here).
 */
export async function byDeadline(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - performance.now()));
  });
  return Promise.race([
    work.then(
      () => true,
      () => true,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

/** Requests that arrived after their server began to stop. */
const lateRequests = new WeakSet<http.IncomingMessage>();

/**
 * True when `req` arrived after its server began to stop (`announceStop`): routes/health.ts
 * answers 503 then. False without a Node request (the app called through `fetch` in tests).
 */
export const arrivedWhileStopping = (req: http.IncomingMessage | undefined): boolean => !!req && lateRequests.has(req);

/** What the stop needs to know of one accepted connection. */
interface Connection {
  /** Requests taken on it whose answer is not finished. */
  busy: number;
  /** Answers it carried in full. */
  served: number;
  /** `socket.bytesRead` when its last answer finished: more read since means a request is arriving. */
  readAtAnswer: number;
  /** Accepted after the process stopped taking work: each request on it is answered REFUSAL. */
  refused: boolean;
}

/**
 * The answer to a request on a connection accepted after the process stopped taking work: the
 * API's error envelope (http/error-envelope.ts) with RESTARTING, written here because no app
 * runs for it. `Retry-After: 1`: another process answers at once.
 */
const REFUSAL = JSON.stringify({ status: 'server_error', message: RESTARTING, data: null });
const REFUSAL_HEADERS = {
  'content-type': 'application/json',
  'content-length': String(Buffer.byteLength(REFUSAL)),
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'retry-after': '1',
  connection: 'close',
};

/** An HTTP server that can stop without dropping or resetting a request (docs/architecture.md "Stopping"). */
export interface DrainableServer {
  readonly server: http.Server;
  readonly port: number;
  /** Requests accepted and not yet answered in full. */
  inFlight(): number;
  /** Requests answered REFUSAL (503) since the process stopped taking work. */
  refused(): number;
  /**
   * The first step of a stop: the server goes on accepting and serving, but every request from
   * now on is marked (`arrivedWhileStopping`: `/api/health` answers 503) and every answer not
   * yet begun carries `Connection: close`, so clients open their next connection afresh, which a
   * load balancer sends to another process.
   */
  announceStop(): void;
  /**
   * The second step: the process stops taking work but keeps its port open, so that no
   * connection the system accepts for it is reset. Every request on a connection accepted from
   * now on is answered 503 (REFUSAL, `Retry-After: 1`, `Connection: close`) once its body is in;
   * the app never sees it. Connections accepted before stay open and each request on them gets
   * its real answer, with `Connection: close`; one idle after an answer it carried is ended (its
   * last keep-alive answer came before `announceStop`: after a delay of at least the keep-alive
   * timeout its client no longer uses it). The port closes once no connection came for QUIET_MS
   * and a full turn of the event loop took none (the system resets a connection still queued
   * when the port closes), or at `deadline` (performance.now() ms) whatever comes. A connection
   * that has sent nothing by then gets the keep-alive timeout (5 s) to send its request, then is
   * ended. Resolves once the port is closed.
   */
  closePort(deadline: number): Promise<void>;
  /**
   * Resolves to true once every connection is closed with nothing cut (each request on it
   * answered), or to false when `deadline` (performance.now() ms) comes first.
   */
  drain(deadline: number): Promise<boolean>;
  /** Closes every connection still open (after the grace period), resolved once the server is closed. */
  forceClose(): Promise<void>;
}

/**
 * Serves `listener` (the Hono app's Node listener) on `host:port` (0: a free port) with the
 * bookkeeping a graceful stop needs: the connections accepted and the answers still being
 * sent. Resolves once listening.
 */
export async function listenDrainable(listener: http.RequestListener, port: number, host: string): Promise<DrainableServer> {
  const open = new Set<http.ServerResponse>();
  const connections = new Map<net.Socket, Connection>();
  const answering = new WeakMap<http.ServerResponse, net.Socket>();
  let stopping = false;
  let refusing = false;
  let refusedCount = 0;
  let closing: Promise<void> | undefined;
  let sweep: NodeJS.Timeout | undefined;
  /** Connections accepted so far, and when the last one was (performance.now() ms). */
  let accepted = 0;
  let lastAccepted = -Infinity;
  const server = http.createServer((req, res) => {
    const conn = connections.get(req.socket);
    if (conn) {
      conn.busy++;
      answering.set(res, req.socket);
    }
    if (stopping) {
      lateRequests.add(req);
      res.shouldKeepAlive = false;
    }
    open.add(res);
    res.on('close', answerClosed);
    if (conn?.refused) refuse(req, res);
    else listener(req, res);
  });
  server.on('connection', (socket: net.Socket) => {
    accepted++;
    lastAccepted = performance.now();
    connections.set(socket, { busy: 0, served: 0, readAtAnswer: 0, refused: refusing });
    socket.once('close', () => connections.delete(socket));
  });
  // One listener for every answer (`this` is the answer), not a closure made per request.
  function answerClosed(this: http.ServerResponse) {
    open.delete(this);
    const socket = answering.get(this);
    const conn = socket && connections.get(socket);
    if (!socket || !conn) return;
    conn.busy--;
    conn.served++;
    conn.readAtAnswer = socket.bytesRead;
    // An answer begun before the stop may have promised keep-alive: once the work stopped, nothing more comes on it.
    if (refusing) closeIfIdle(socket, conn, false);
  }
  /**
   * Answers `req` REFUSAL once its body is in: a connection closed while its client still sends
   * would be reset, the answer lost with it.
   */
  function refuse(req: http.IncomingMessage, res: http.ServerResponse) {
    refusedCount++;
    req.once('end', () => {
      if (!res.destroyed) res.writeHead(503, REFUSAL_HEADERS).end(REFUSAL);
    });
    req.resume();
  }
  /**
   * Ends a connection with nothing under way and no byte arrived since its last answer; one that
   * has carried no answer yet only when `fresh` too. Its written answer is sent first.
   */
  function closeIfIdle(socket: net.Socket, conn: Connection, fresh: boolean) {
    if (conn.busy === 0 && (fresh || conn.served > 0) && socket.bytesRead === conn.readAtAnswer) socket.destroySoon();
  }
  async function closeWhenQuiet(deadline: number) {
    refusing = true;
    for (const [socket, conn] of connections) closeIfIdle(socket, conn, false);
    for (;;) {
      const wait = Math.min(lastAccepted + QUIET_MS, deadline) - performance.now();
      if (wait > 0) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      // Two turns: the second one's poll phase begins after this point, so it takes every
      // connection the system completed before; one it took means traffic still comes.
      const seen = accepted;
      await nextTurn();
      await nextTurn();
      if (accepted === seen || performance.now() >= deadline) break;
    }
    // net.Server's close, not http.Server's: the latter destroys every connection idle after an
    // answer at once; here one is ended after its answer is written, and only if nothing came since.
    net.Server.prototype.close.call(server);
    // A connection that has sent nothing yet gets as long as an idle connection is kept otherwise;
    // one whose request is partly in waits for the rest (Node's headersTimeout, the grace period).
    sweep = setTimeout(() => {
      for (const [socket, conn] of connections) closeIfIdle(socket, conn, true);
    }, server.keepAliveTimeout);
    sweep.unref();
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  closed.then(
    () => clearTimeout(sweep),
    () => undefined,
  );
  const announceStop = () => {
    if (stopping) return;
    stopping = true;
    for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
  };
  return {
    server,
    port: (server.address() as AddressInfo).port,
    inFlight: () => open.size,
    refused: () => refusedCount,
    announceStop,
    closePort(deadline) {
      announceStop();
      return (closing ??= closeWhenQuiet(deadline));
    },
    drain: (deadline) => byDeadline(closed, deadline),
    async forceClose() {
      // http.Server's close also ends its timeout checks; the port may be closed already.
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
