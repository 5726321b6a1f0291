import { callUrl, sessionHeaders } from './call-basics.ts';
import { currentLocale, t } from './i18n.ts';
import './messages/live.ts';
import type { LiveChange } from '../common/contract/live.ts';

export type { LiveChange };

/**
 * The change stream in the console (docs/live.md): one `GET /api/stream`
 * per browser, shared by its tabs. The tab holding the Web Lock LOCK is the leader: it reads the
 * stream (fetch, so the bearer token goes in its header) and posts every change on the
 * BroadcastChannel CHANNEL; the other tabs listen there. When the leader tab closes, its lock is
 * released and a waiting tab takes over, resuming from the last event id the tabs share. A tab
 * takes part only while something in it listens (an open list); a browser without Web Locks or
 * BroadcastChannel reads its own stream per tab.
 *
 * The leader reconnects after the server's `retry:` with `Last-Event-ID`; `reload` and a
 * reconnect after a gap are passed on as RELOAD (lists offer to reload); `end` signed-out stops
 * (the session is gone), access-changed and stopping reconnect.
 */

/** A change, or RELOAD: what was missed cannot be told change by change. */
export type LiveSignal = LiveChange | typeof RELOAD;
export const RELOAD = 'reload' as const;

const LOCK = 'events-backoffice-live-stream';
const CHANNEL = 'events-backoffice-live';

const listeners = new Set<(s: LiveSignal) => void>();
let channel: BroadcastChannel | null = null;
let stopLeading: (() => void) | null = null;
let lastId = '';

const deliver = (s: LiveSignal) => {
  for (const l of [...listeners]) l(s);
};

/** Parses `text/event-stream` blocks from a fetch body and calls `onEvent(name, data, id)`; resolves when the body ends. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (name: string, data: string, id: string | undefined) => void,
  onRetry: (ms: number) => void,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      let name = 'message',
        data: string | undefined,
        id: string | undefined;
      for (const line of block.split('\n')) {
        if (line.startsWith(':') || !line) continue;
        const i = line.indexOf(':');
        const field = i < 0 ? line : line.slice(0, i);
        const v = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
        if (field === 'event') name = v;
        else if (field === 'data') data = data === undefined ? v : `${data}\n${v}`;
        else if (field === 'id') id = v;
        else if (field === 'retry' && /^\d+$/.test(v)) onRetry(Number(v));
      }
      if (id !== undefined) lastId = id;
      if (data !== undefined) onEvent(name, data, id);
    }
  }
}

/** Reads the stream until `signal` aborts or the session ends; shares what it reads. */
async function lead(signal: AbortSignal) {
  let retry = 3000;
  while (!signal.aborted) {
    let stop = false;
    try {
      const headers: Record<string, string> = { ...sessionHeaders(), Accept: 'text/event-stream', 'Accept-Language': currentLocale() };
      if (!headers.Authorization) return;
      if (lastId) headers['Last-Event-ID'] = lastId;
      const res = await fetch(callUrl('stream', 'api'), { headers, credentials: 'include', signal });
      if (res.status === 401 || res.status === 403) return;
      if (res.ok && res.body)
        await readEvents(
          res.body,
          (name, data) => {
            let s: LiveSignal | null = null;
            if (name === 'change') s = JSON.parse(data) as LiveChange;
            else if (name === 'reload') s = RELOAD;
            else if (name === 'end') stop = (JSON.parse(data) as { reason?: string }).reason === 'signed-out';
            if (s) {
              deliver(s);
              channel?.postMessage({ signal: s, lastId });
            }
          },
          (ms) => (retry = ms),
        );
    } catch {
      // The network dropped or the tab stops leading: try again after `retry` unless aborted.
    }
    if (stop || signal.aborted) return;
    await new Promise((r) => setTimeout(r, retry));
  }
}

function start() {
  const ctl = new AbortController();
  stopLeading = () => ctl.abort();
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (typeof BroadcastChannel === 'undefined' || !locks) {
    void lead(ctl.signal);
    return;
  }
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<{ signal: LiveSignal; lastId: string }>) => {
    if (e.data.lastId) lastId = e.data.lastId;
    deliver(e.data.signal);
  };
  // Held while this tab leads: until it closes, stops listening, or the stream's session ends.
  locks.request(LOCK, { signal: ctl.signal }, () => lead(ctl.signal)).catch(() => undefined);
}

function stop() {
  stopLeading?.();
  stopLeading = null;
  channel?.close();
  channel = null;
}

/**
 * Calls `listener` with every change the signed-in user may read (and RELOAD), from the one
 * stream this browser shares, until the returned function is called. The first listener of a tab
 * joins the sharing; the last one leaves it.
 */
export function onLiveChange(listener: (s: LiveSignal) => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

/** The lists' live texts (catalogs/live), here so they load with the stream's chunk, not before a list's first paint. */
export const liveTexts = {
  updated: (count: number) => t('live.list.updated', { count }),
  show: () => t('live.list.show'),
  deletedBy: (name: string) => t('live.list.deletedBy', { name }),
};
