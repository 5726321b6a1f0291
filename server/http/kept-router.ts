import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** Most (method, path) matches kept at once; the whole store is emptied when it is full. */
export const KEPT_MATCHES = 1024;
/** Longest path whose match is kept, in characters: a longer one is matched afresh each time. */
export const KEPT_PATH_LENGTH = 256;

/**
 * The app's router: Hono's TrieRouter, with each (method, path)'s
 * match kept and given again to the next request with the same method and path.
 *
 * Why not Hono's default SmartRouter: it tries RegExpRouter first, and RegExpRouter (hono 4.13)
 * refuses any route set where one method's static path and a parametric path part at the same
 * segment (`GET /api/event/export` beside `GET /api/event/:id`, in either order, `:id{[0-9]+}`
 * too; an `app.use` counts for every method). The API has dozens of such pairs, so SmartRouter
 * always settled on TrieRouter, whose match walks the tree anew on every request (about 2 µs
 * for this route table, against 0.15 µs for a kept match).
 *
 * A match is a pure function of (method, path) once every route is registered, and Hono only
 * reads it (handlers, routes, params), so a kept match answers exactly as a fresh one: same
 * handlers in the same order, same params. Bounds: at most KEPT_MATCHES matches (the store is
 * emptied when full, so paths nobody repeats cost one clear per KEPT_MATCHES requests), only paths
 * of at most KEPT_PATH_LENGTH characters. Registering a route after the first match throws (as
 * Hono's own routers do).
 */
export class KeptMatchRouter<T> implements Router<T> {
  readonly name = 'KeptMatchRouter + TrieRouter';
  readonly #trie = new TrieRouter<T>();
  /** Kept matches by method, then path. */
  readonly #kept = new Map<string, Map<string, Result<T>>>();
  #count = 0;
  #matched = false;

  add(method: string, path: string, handler: T): void {
    if (this.#matched) throw new Error(`${method} ${path}: a route is registered after the first request was routed.`);
    this.#trie.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    this.#matched = true;
    let byPath = this.#kept.get(method);
    const kept = byPath?.get(path);
    if (kept) return kept;
    const result = this.#trie.match(method, path);
    if (path.length > KEPT_PATH_LENGTH) return result;
    if (this.#count >= KEPT_MATCHES) {
      this.#kept.clear();
      this.#count = 0;
      byPath = undefined;
    }
    if (!byPath) this.#kept.set(method, (byPath = new Map()));
    byPath.set(path, result);
    this.#count++;
    return result;
  }

  /** How many matches are kept now (tests). */
  get size(): number {
    return this.#count;
  }
}
