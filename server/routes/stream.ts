import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { requireUser, sessionHashOf } from '../http/middleware/auth.ts';
import { Busy } from '../runtime/domain-errors.ts';
import { errorEnvelope } from '../http/error-envelope.ts';
import { changeFeed, type FeedChange } from '../lib/live/changes.ts';
import { currentReader, mayRead, readerOf, type Reader } from '../lib/live/readers.ts';

/** A heartbeat (a comment carrying the newest safe event id) at least this often, ms (at most 25 s). */
export const HEARTBEAT_MS = 20_000;
/** How often a stream checks that its session still stands and its access is unchanged, ms. */
export const CHECK_MS = 3_000;
/** What a client waits before reconnecting, ms (the `retry:` field). */
export const RETRY_MS = 3_000;
/** Open streams at most per process and per session: a stream more answers 429. */
export const MAX_STREAMS = 2_000;
export const MAX_STREAMS_PER_SESSION = 8;

let open = 0;
const perSession = new Map<string, number>();

/** `text/event-stream` lines of one event. */
const event = (name: string, data: unknown, id?: number) => `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * `GET /api/stream` (docs/live.md "The change stream"): Server-Sent Events of
 * what changed in the records the signed-in user may read (lib/live/readers.ts), each
 * `event: change` with `id: <event id>` and data `{ resource, id, action, version, by, organiser }`
 * (`id` null for a change of many records, `version` the record's version now, null once deleted;
 * `organiser` the organiser the record belongs to, null for the platform's; `parent` the row of
 * the record's parent table, a participant's event, else null).
 * It starts with `retry: 3000`; a comment every HEARTBEAT_MS carries the newest event id that is
 * safe to resume from. `Last-Event-ID` (header, or `last_event_id` in the query) replays what was
 * missed (lib/live/changes.ts since) or sends `event: reload` when that is too much or too old.
 * Every CHECK_MS the session is looked up again: once it has ended the stream sends
 * `event: end` `{ reason: 'signed-out' }` and closes; when the user's access changed (a role,
 * its screens or abilities), `{ reason: 'access-changed' }`, and the reconnect reads the new rules.
 * The server stopping ends every stream (`{ reason: 'stopping' }`). Bounds: MAX_STREAMS per
 * process, MAX_STREAMS_PER_SESSION per session (429 beyond). A request whose Accept does not
 * name text/event-stream answers 406.
 */
export const streamRoutes = new Hono<AppEnv>().get('/stream', requireUser, async (c) => {
  // Only a client that reads events gets a stream (EventSource sends this Accept): any other GET
  // (a crawler, a route walker) gets an answer that ends.
  if (!/text\/event-stream/i.test(c.req.header('accept') ?? ''))
    return errorEnvelope(c, 406, 'This address answers Server-Sent Events only (Accept: text/event-stream).');
  const sql = c.get('sql'),
    sessions = c.get('sessions'),
    hash = sessionHashOf(c);
  const feed = changeFeed(sql);
  if (feed.stopped) throw new Busy('The server is stopping. Try again in a moment.');
  if (open >= MAX_STREAMS || (perSession.get(hash) ?? 0) >= MAX_STREAMS_PER_SESSION) throw new Busy('Too many open streams.', 'throttled');
  let reader: Reader = await readerOf(sql, c.get('user'));
  const lastText = c.req.header('last-event-id') ?? c.req.query('last_event_id');
  const last = lastText !== undefined && /^\d{1,15}$/.test(lastText.trim()) ? Number(lastText.trim()) : undefined;

  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let sent = last ?? 0;
  let queued: FeedChange[] | null = []; // changes read while the replay is under way
  const timers: ReturnType<typeof setInterval>[] = [];
  const write = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      end();
    }
  };
  const deliver = (changes: FeedChange[]) => {
    for (const ch of changes) {
      if (ch.id <= sent) continue;
      sent = ch.id;
      if (mayRead(reader, ch))
        write(
          event(
            'change',
            { resource: ch.resource, id: ch.record, action: ch.action, version: ch.version, by: ch.by, organiser: ch.organiserId, parent: ch.parent },
            ch.id,
          ),
        );
    }
  };
  const unsubscribe = feed.subscribe(
    (changes) => (queued ? queued.push(...changes) : deliver(changes)),
    () => end('stopping'),
  );
  open++;
  perSession.set(hash, (perSession.get(hash) ?? 0) + 1);
  function end(reason?: string) {
    if (closed) return;
    if (reason) write(event('end', { reason }));
    closed = true;
    for (const t of timers) clearInterval(t);
    unsubscribe();
    open--;
    const n = (perSession.get(hash) ?? 1) - 1;
    if (n > 0) perSession.set(hash, n);
    else perSession.delete(hash);
    try {
      controller.close();
    } catch {
      // already closed by the client
    }
  }
  c.req.raw.signal?.addEventListener('abort', () => end());

  const body = new ReadableStream<Uint8Array>({
    start(ctl) {
      controller = ctl;
    },
    cancel() {
      end();
    },
  });
  write(`retry: ${RETRY_MS}\n\n`);
  void (async () => {
    try {
      await feed.primed();
      if (last !== undefined) {
        const missed = await feed.since(last);
        if (missed === 'reload') write(event('reload', {}));
        else deliver(missed);
      }
    } catch {
      write(event('reload', {}));
    }
    const held = queued ?? [];
    queued = null;
    deliver(held);
  })();
  timers.push(
    setInterval(() => {
      const safe = Math.max(sent, feed.safeId() ?? 0);
      write(`${safe ? `id: ${safe}\n` : ''}: ping\n\n`);
    }, HEARTBEAT_MS),
    setInterval(() => {
      void currentReader(sql, sessions, hash).then(
        (now) => {
          if (!now) end('signed-out');
          else if (now.fingerprint !== reader.fingerprint) end('access-changed');
          else reader = now;
        },
        () => undefined, // the database is unreachable for a moment: check again next time
      );
    }, CHECK_MS),
  );
  for (const t of timers) t.unref?.();
  return new Response(body, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
  });
});
