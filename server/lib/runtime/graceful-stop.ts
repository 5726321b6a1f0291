import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** How long a stopping process waits for requests in flight and import jobs once its port is closed (ms), unless SHUTDOWN_GRACE_MS says otherwise. */
export const SHUTDOWN_GRACE_MS = 25_000;

/**
 * How long `npm start` keeps serving after SIGTERM before it closes its port (ms), unless
 * SHUTDOWN_DELAY_MS says otherwise: time for a load balancer to see `/api/health` fail and send
 * elsewhere. As long as Node's keep-alive timeout (5 s), so that a connection left idle before the
 * signal is no longer used by its client when the port closes.
 */
export const SHUTDOWN_DELAY_MS = 5_000;

/** The message of the 503 a new import job gets while the process stops (lib/jobs/import-jobs.ts). */
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
}

/** An HTTP server that can stop without dropping a request (docs/architecture.md "Stopping"). */
export interface DrainableServer {
  readonly server: http.Server;
  readonly port: number;
  /** Requests accepted and not yet answered in full. */
  inFlight(): number;
  /**
   * The first step of a stop: the server goes on accepting and serving, but every request from
   * now on is marked (`arrivedWhileStopping`: `/api/health` answers 503) and every answer not
   * yet begun carries `Connection: close`, so clients open their next connection afresh, which a
   * load balancer sends to another process.
   */
  announceStop(): void;
  /**
   * Closes the port after one more pass of the event loop (which takes the connections the
   * system has queued: those still queued when the port closes are reset by the system).
   * Connections already accepted stay open and each request on them is answered, with
   * `Connection: close`. A connection idle after an answer it carried is closed at once: its last
   * keep-alive answer came before `announceStop`, so after a delay of at least the keep-alive
   * timeout its client no longer uses it. A connection that has sent nothing yet gets the
   * keep-alive timeout (5 s) to send its request, then is ended. Resolves once the port is closed.
   */
  closePort(): Promise<void>;
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
  let portClosed = false;
  let sweep: NodeJS.Timeout | undefined;
  const server = http.createServer((req, res) => {
    const conn = connections.get(req.socket);
    if (conn) { conn.busy++; answering.set(res, req.socket); }
    if (stopping) {
      lateRequests.add(req);
      res.shouldKeepAlive = false;
    }
    open.add(res);
    res.on('close', answerClosed);
    listener(req, res);
  });
  server.on('connection', (socket: net.Socket) => {
    connections.set(socket, { busy: 0, served: 0, readAtAnswer: 0 });
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
    // An answer begun before the stop may have promised keep-alive: once the port is closed, nothing more comes on it.
    if (portClosed) closeIfIdle(socket, conn, false);
  }
  /**
   * Ends a connection with nothing under way and no byte arrived since its last answer; one that
   * has carried no answer yet only when `fresh` too. Its written answer is sent first.
   */
  function closeIfIdle(socket: net.Socket, conn: Connection, fresh: boolean) {
    if (conn.busy === 0 && (fresh || conn.served > 0) && socket.bytesRead === conn.readAtAnswer) socket.destroySoon();
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => { server.off('error', reject); resolve(); });
  });
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  closed.then(() => clearTimeout(sweep), () => undefined);
  const announceStop = () => {
    if (stopping) return;
    stopping = true;
    for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
  };
  return {
    server,
    port: (server.address() as AddressInfo).port,
    inFlight: () => open.size,
    announceStop,
    async closePort() {
      announceStop();
      if (portClosed) return;
      portClosed = true;
      // Connections the system completed since the last pass are taken in the poll phase before this runs.
      await new Promise((resolve) => setImmediate(resolve));
      // net.Server's close, not http.Server's: the latter destroys every connection idle after an
      // answer at once; here one is ended after its answer is written, and only if nothing came since.
      net.Server.prototype.close.call(server);
      for (const [socket, conn] of connections) closeIfIdle(socket, conn, false);
      // A connection that has sent nothing yet gets as long as an idle connection is kept otherwise;
      // one whose request is partly in waits for the rest (Node's headersTimeout, the grace period).
      sweep = setTimeout(() => { for (const [socket, conn] of connections) closeIfIdle(socket, conn, true); }, server.keepAliveTimeout);
      sweep.unref();
    },
    drain: (deadline) => byDeadline(closed, deadline),
    async forceClose() {
      portClosed = true;
      // http.Server's close also ends its timeout checks; the port may be closed already.
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
