/**
 * Cooperative yielding for long synchronous work on the event loop (better-sqlite3 calls,
 * per-row checks of a 50,000-row sheet): do WORK_SLICE items, then `await nextTurn()` (`if (i > 0 && i % WORK_SLICE === 0) await nextTurn();`), so
 * requests that arrived meanwhile are answered between slices instead of after the whole job.
 */

/** Items (rows, statements) of synchronous work between two yields: a few ms at most. */
export const WORK_SLICE = 500;

/** Resolves on a later turn of the event loop, after pending I/O callbacks (setImmediate). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
