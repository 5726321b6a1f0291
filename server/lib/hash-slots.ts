import { ApiError } from '../http-error.ts';

/**
 * A small semaphore for scrypt (DESIGN.md §3, docs/security.md "Throttle"): at most `SLOTS`
 * password hashes run at once, so a flood of sign-ins leaves libuv's thread pool (4 threads,
 * shared with file and zlib work) free for the rest of the API. Waiters are served first in,
 * first out; past `MAX_WAITING` queued hashes a new one is refused with 429 at once rather than
 * letting the queue and its memory grow without bound.
 */
export const SLOTS = 2;
export const MAX_WAITING = 256;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a slot is free; throws ApiError 429 when too many are already waiting. */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= SLOTS) {
    if (waiting.length >= MAX_WAITING) throw new ApiError(429, 'The server is busy. Please try again in a moment.');
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
