import { readStored } from './storage.ts';
import { callUrl, sessionHeaders } from './call-basics.ts';

/**
 * The admin console's first calls, started before the console's scripts have arrived.
 *
 * On a fresh load of an admin address the shell asks `user/get` and `user/getmenu`, and the route
 * guard asks `route/check` (admin-area §2, §7); the screen's own calls wait on the guard's answer.
 * Made by the app, those three wait until React and the area's chunks are downloaded and run, and
 * the screen's calls wait one round trip more. A small classic script (src/early.ts, built apart
 * by build.mjs and deferred right after config.js) starts them while the modules still download;
 * the fetch wrapper (http.ts `request`) takes the answer when the console makes the same GET with
 * the same token within EARLY_TTL_MS, once. Anything else fetches as before: a failed early call
 * is only a call made again.
 *
 * The started calls live on `globalThis.__earlyCalls`, since the early script and the console
 * are two bundles with their own copy of this module.
 */

/** How long an early answer may be taken after its call started, in ms; later the console fetches afresh. */
export const EARLY_TTL_MS = 10_000;

/** One early GET: its full URL, the Authorization header it carried, when it started (ms since the epoch) and its answer. */
interface EarlyCall {
  url: string;
  authorization: string;
  startedAt: number;
  response: Promise<Response>;
}

const calls = (): EarlyCall[] => ((globalThis as { __earlyCalls?: EarlyCall[] }).__earlyCalls ??= []);

/**
 * The API paths (relative to the API base) the admin shell asks first at `pathname`, an address
 * of the admin area (the server puts the early script in those pages only: build.mjs AREAS,
 * server/routes/console.ts), for a user of `role`: none for an organiser (sent on to their own
 * console); else `user/get`, `user/getmenu` and, for the screen the address opens
 * (`/admin/users/…` → `users`), the route guard's `route/check`; the dashboard and My account
 * have no guard.
 */
export function earlyPaths(pathname: string, role: string | null): string[] {
  if (role === 'company') return [];
  const screen = /^\/admin\/([^/]+)/.exec(pathname)?.[1];
  const guarded = screen && screen !== 'account' ? [`route/check?route=${encodeURIComponent(screen)}`] : [];
  return ['user/get', 'user/getmenu', ...guarded];
}

/**
 * Starts the early calls of `location.pathname` for the stored session (nothing without a
 * token), with the URL and headers the wrapper would give them (call-basics.ts), credentials
 * included. Never throws; a call that fails is left for the console to make again.
 */
export function startEarlyCalls(now = Date.now()): void {
  try {
    const headers = sessionHeaders();
    const authorization = headers.Authorization;
    if (!authorization) return;
    for (const path of earlyPaths(location.pathname, readStored('user_role'))) {
      const url = callUrl(path, 'api');
      const response = fetch(url, { headers, credentials: 'include' });
      response.catch(() => undefined); // not taken: nobody waits on it
      calls().push({ url, authorization, startedAt: now, response });
    }
  } catch {
    /* storage blocked: the console makes its calls itself */
  }
}

/**
 * The answer of an early GET of `url` made with `authorization` (the header the wrapper would
 * send now, '' when signed out), started at most EARLY_TTL_MS before `now`, or undefined. Each
 * answer is given once; a stale or unmatched one is left alone.
 */
export function takeEarlyCall(url: string, authorization: string, now = Date.now()): Promise<Response> | undefined {
  const list = calls();
  const i = list.findIndex((c) => c.url === url && c.authorization === authorization && now - c.startedAt <= EARLY_TTL_MS);
  if (i < 0) return undefined;
  return list.splice(i, 1)[0].response;
}
