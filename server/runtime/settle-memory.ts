/**
 * Gives back the memory a start leaves behind. Loading the bundle, checking the migrations and
 * seeding allocate about 45 MB that is garbage once the API answers (15 MB stays live), in heap
 * pages V8 keeps committed: the process sat at 150 MB idle where a bare Hono server sits at 66 MB.
 * One memory-reducing full collection (V8's "last resort" flavour, which also releases the freed
 * pages) takes it to about 90 MB. It needs `--expose-gc`, which `npm run serve` and the
 * Dockerfile pass; without it (tests, `npm run dev`) nothing happens. The collection pauses the
 * process once for some 20-50 ms, `delayMs` after the call (ms), off the start's critical path.
 */
export function settleMemoryAfterStart(delayMs = 500): void {
  const gc = (globalThis as { gc?: (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void }).gc;
  if (typeof gc !== 'function') return;
  setTimeout(() => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }), delayMs).unref();
}
