import { ApiError } from '../http-error.ts';

/**
 * A small semaphore for password hashing, Argon2id and the older scrypt (DESIGN.md §3, docs/security.md "Throttle"): at most `SLOTS`
 * password hashes run at once, so a flood of sign-ins leaves libuv's thread pool (4 threads,
 * shared with file and zlib work) free for the rest of the API. Waiters are served first in,
 * first out; past `MAX_WAITING` queued hashes a new one is refused with 429 at once rather than
 * letting the queue and its memory grow without bound. Background callers (import jobs, which keep
 * at most SLOTS hashes of their own in flight, so their share of the queue is bounded already)
 * always queue: a busy sign-in queue must not fail a running import.
 */
export const SLOTS = 2;
export const MAX_WAITING = 256;

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `work` when a slot is free; throws ApiError 429 when too many are already waiting,
 * unless `background` (then it waits its turn).
 */
export async function withHashSlot<T>(work: () => Promise<T>, background = false): Promise<T> {
  if (running >= SLOTS) {
    if (waiting.length >= MAX_WAITING && !background) throw new ApiError(429, 'The server is busy. Please try again in a moment.');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter, so `running` never drops and rises again between them.
    const next = waiting.shift();
    if (next) next(); else running--;
  }
}
