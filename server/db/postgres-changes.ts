import type pg from 'pg';
import { randomBytes } from 'node:crypto';
import { log } from '../lib/runtime/log.ts';
import { CHANGES_CHANNEL } from './migrations/022-change-notices.ts';

/** A connection listening for the database's change notices (see `watchChanges`). */
export interface ChangeWatch {
  /** True only while the connection is proven to deliver notices (LISTEN in place, last heartbeat back in time). */
  alive(): boolean;
  stop(): Promise<void>;
}

/** How often the listening connection sends itself a heartbeat notice (ms). */
export const HEARTBEAT_MS = 1_000;
/** A listening connection whose last proof (LISTEN done, heartbeat back) is older than this is dead (ms). */
export const HEARTBEAT_DEAD_MS = 2_000;

/**
 * Listens on CHANGES_CHANNEL (migration 022: every table announces each committed change) on a
 * connection of its own, outside the pool, and calls `onChange` on each notice, so this process
 * learns within milliseconds that another one changed the data.
 *
 * Liveness: every `heartbeatMs` (HEARTBEAT_MS) the connection sends, through the database, a
 * notice on a channel only it listens to, one at a time. `alive()` is true only while LISTEN is
 * in place and the last proof (LISTEN answered, or a heartbeat received back) is at most
 * `deadMs` (HEARTBEAT_DEAD_MS) old, so a connection that stops answering without closing (a
 * dead network path, a stuck peer) stops counting within `deadMs`, checked on every call. Such
 * a connection, or one that connects or LISTENs no faster than `deadMs`, is torn down (its
 * socket destroyed, never waited for) and a new one LISTENs after `retryMs` (1 s); likewise a
 * lost one (restart, network cut). A check that comes late because this process's own event
 * loop was blocked judges nothing, so a busy process does not drop a live connection. `onChange` is called when it is lost and again once it
 * listens again, since notices may have been missed meanwhile. Never throws; an outage is
 * logged once when it starts (warn) and once when it ends (info) until `stop()`.
 */
export function watchChanges(pgLib: typeof pg, url: string, onChange: () => void,
  { heartbeatMs = HEARTBEAT_MS, deadMs = HEARTBEAT_DEAD_MS, retryMs = 1_000 } = {}): ChangeWatch {
  // Only this connection listens here: its heartbeats wake no other process.
  const beatChannel = `app_alive_${randomBytes(8).toString('hex')}`;
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let reported = false;
  /** When the current connection was last proven to answer (or began connecting), performance.now() ms. */
  let provenAt = 0;
  let beatInFlight = false;

  /** Ends `c` at once: a connection that does not answer would never finish a polite end(). */
  const destroy = (c: pg.Client) => {
    (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    c.end().catch(() => undefined);
  };

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = undefined;
    listening = false;
    beatInFlight = false;
    onChange();
    if (err && !reported) { reported = true; log.warn({ error: err.message }, 'PostgreSQL change notices lost; list answers are not reused until they are back'); }
    destroy(c);
    if (!stopped) { retry = setTimeout(connect, retryMs); retry.unref(); }
  };

  async function connect() {
    if (stopped) return;
    const c = new pgLib.Client({ connectionString: url });
    client = c;
    provenAt = performance.now();
    c.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL) onChange();
      else if (n.channel === beatChannel && client === c) { provenAt = performance.now(); beatInFlight = false; }
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, new Error('connection closed')));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}; LISTEN ${beatChannel}`);
      if (client !== c) return;
      listening = true;
      provenAt = performance.now();
      if (reported) { reported = false; log.info('PostgreSQL change notices back'); }
      onChange(); // whatever changed while nobody listened
    } catch (err) {
      lost(c, err as Error);
    }
  }

  let tickAt = performance.now();
  const beat = setInterval(() => {
    const now = performance.now();
    // A tick that comes late (this process's own event loop was blocked) judges nothing: the
    // answers that came meanwhile are read first. alive() still says no until one is.
    const late = now - tickAt > heartbeatMs + deadMs / 2;
    tickAt = now;
    const c = client;
    if (!c || late) return;
    if (now - provenAt > deadMs) {
      lost(c, new Error(listening ? `no heartbeat back within ${deadMs} ms` : `no answer to connect and LISTEN within ${deadMs} ms`));
      return;
    }
    if (!listening || beatInFlight) return;
    beatInFlight = true;
    // Autocommit: delivered to this very session once committed, like any other notice.
    c.query('SELECT pg_notify($1, \'\')', [beatChannel]).catch((err: Error) => lost(c, err));
  }, heartbeatMs);
  beat.unref();
  void connect();

  return {
    alive: () => listening && performance.now() - provenAt <= deadMs,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(beat);
      const c = client;
      client = undefined;
      listening = false;
      if (c) await Promise.race([c.end().catch(() => undefined), new Promise((r) => setTimeout(r, 1_000).unref())]).then(() => destroy(c));
    },
  };
}
