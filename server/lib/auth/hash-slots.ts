import { Busy } from '../../runtime/domain-errors.ts';
import { boundedSlots } from '../../runtime/bounded-slots.ts';

/**
 * A small semaphore for password hashing, Argon2id and the older scrypt (DESIGN.md §3,
 * docs/security.md "Throttle"): at most `SLOTS` password hashes run at once, so a flood of
 * sign-ins leaves libuv's thread pool (4 threads, shared with file and zlib work) free for the
 * rest of the API. Waiters are served first in, first out; past `MAX_WAITING` queued hashes a new
 * one is refused with 429 at once rather than letting the queue and its memory grow without
 * bound. Background callers (import jobs, which keep at most SLOTS hashes of their own in flight,
 * so their share of the queue is bounded already) always queue: a busy sign-in queue must not
 * fail a running import.
 */
export const SLOTS = 2;
export const MAX_WAITING = 256;

const slots = boundedSlots(SLOTS, MAX_WAITING, () => new Busy('The server is busy. Please try again in a moment.', 'throttled'));

/**
 * Runs `work` when a slot is free; throws Busy 'throttled' (429) when too many are already waiting,
 * unless `background` (then it waits its turn).
 */
export const withHashSlot = <T>(work: () => Promise<T>, background = false): Promise<T> => slots.run(work, background);
