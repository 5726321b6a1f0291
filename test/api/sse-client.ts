/** One Server-Sent Event as a test reads it. */
export interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

/**
 * A test's reader of `GET /api/stream` (docs/live.md): opens it with `token` (and `lastEventId`),
 * parses the events as they come, and answers them with `next(pred, ms)` (the first unseen event
 * matching `pred`, or throws after `ms`). `closed` resolves when the server ends the stream.
 */
export async function openStream(base: string, token: string, lastEventId?: string) {
  const ctl = new AbortController();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
  if (lastEventId) headers['Last-Event-ID'] = lastEventId;
  const res = await fetch(`${base}/api/stream`, { headers, signal: ctl.signal });
  const events: SseEvent[] = [];
  const raw: string[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const closed = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buf += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          raw.push(block);
          const e: SseEvent = { event: 'message', data: undefined };
          let data: string | undefined;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') e.id = value;
            else if (field === 'event') e.event = value;
            else if (field === 'data') data = (data === undefined ? '' : `${data}\n`) + value;
          }
          if (data !== undefined) {
            e.data = JSON.parse(data);
            events.push(e);
          }
          for (const w of [...waiters]) w();
        }
      }
    } catch {
      // aborted by close()
    }
    done = true;
    for (const w of [...waiters]) w();
  })();
  let seen = 0;
  /** The first event after the last one taken that matches `pred`, within `ms`. */
  const next = (pred: (e: SseEvent) => boolean, ms = 5_000): Promise<SseEvent> =>
    new Promise((resolve, reject) => {
      const check = () => {
        while (seen < events.length) {
          const e = events[seen++];
          if (pred(e)) {
            cleanup();
            resolve(e);
            return;
          }
        }
        if (done) {
          cleanup();
          reject(new Error(`stream ended; events: ${JSON.stringify(events)}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching event within ${ms} ms; events: ${JSON.stringify(events)}`));
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return { res, events, raw, next, closed, close: () => ctl.abort() };
}
