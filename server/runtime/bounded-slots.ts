/**
 * A semaphore with a bounded, first-in-first-out waiting list: the one shape of every "at most N
 * at once, at most M waiting" bound of the API (password hashes, lib/auth/hash-slots.ts; spreadsheet
 * parser threads, lib/spreadsheets/spreadsheet-runner.ts). Waiting past `maxWaiting` is refused at once with
 * the error `refuse()` makes, so neither the queue nor the memory it holds grows without bound.
 */
export interface BoundedSlots {
  /**
   * Runs `work` when one of the slots is free. Throws `refuse()` at once when `maxWaiting` calls
   * already wait, unless `alwaysWait` (a caller whose own share of the queue is bounded already).
   */
  run<T>(work: () => Promise<T>, alwaysWait?: boolean): Promise<T>;
  /** Calls running now (at most `slots`) and waiting for a slot. */
  readonly running: number;
  readonly waiting: number;
}

/** Makes a BoundedSlots of `slots` concurrent calls and `maxWaiting` queued ones. */
export function boundedSlots(slots: number, maxWaiting: number, refuse: () => Error): BoundedSlots {
  let running = 0;
  const queue: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>, alwaysWait = false): Promise<T> {
      if (running >= slots) {
        if (queue.length >= maxWaiting && !alwaysWait) throw refuse();
        await new Promise<void>((resolve) => queue.push(resolve));
      } else running++;
      try {
        return await work();
      } finally {
        // Hand the slot straight to the next waiter, so `running` never drops and rises again between them.
        const next = queue.shift();
        if (next) next();
        else running--;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
