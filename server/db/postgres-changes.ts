import type pg from 'pg';
import { log } from '../lib/runtime/log.ts';
import { CHANGES_CHANNEL } from './migrations/022-change-notices.ts';

/** A connection listening for the database's change notices (see `watchChanges`). */
export interface ChangeWatch { listening(): boolean; stop(): Promise<void> }

/**
 * Listens on CHANGES_CHANNEL (migration 022: every table announces each committed change) on a
 * connection of its own, outside the pool, and calls `onChange` on each notice, so this process
 * knows within milliseconds that another one changed the data (issue 19 item 2).
 * `listening()` is true only while LISTEN is in place: a lost connection (restart, network cut)
 * may have missed notices, so `onChange` is called when it is lost and again once it listens
 * again; it reconnects every `retryMs` ms (1 s) until `stop()`. Never throws; a failure is logged
 * once per outage.
 */
export function watchChanges(pgLib: typeof pg, url: string, onChange: () => void, retryMs = 1_000): ChangeWatch {
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let reported = false;

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = undefined;
    listening = false;
    onChange();
    if (err && !reported) { reported = true; log.warn({ error: err.message }, 'PostgreSQL change notices lost; list answers are not reused until they are back'); }
    c.end().catch(() => undefined);
    if (!stopped) { timer = setTimeout(connect, retryMs); timer.unref(); }
  };

  async function connect() {
    if (stopped) return;
    const c = new pgLib.Client({ connectionString: url });
    client = c;
    c.on('notification', (n) => { if (n.channel === CHANGES_CHANNEL) onChange(); });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (client !== c) return;
      listening = true;
      reported = false;
      onChange(); // whatever changed while nobody listened
    } catch (err) {
      lost(c, err as Error);
    }
  }
  void connect();

  return {
    listening: () => listening,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      listening = false;
      await c?.end().catch(() => undefined);
    },
  };
}
