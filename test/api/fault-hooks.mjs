// Test-only faults for a child API process, loaded with NODE_OPTIONS=--import (job-leases.test.ts);
// never part of `npm start`. Plain JavaScript so it loads before tsx.
//   FAULT_CLOCK_OFFSET_MS=N  the process's clock (Date.now) runs N ms ahead (negative: behind).
//   FAULT_STALL_MS=N         on SIGUSR2 the main thread blocks for N ms (a handler that never
//                            yields: no timer, no I/O, no lease renewal meanwhile).
const offset = Number(process.env.FAULT_CLOCK_OFFSET_MS || 0);
if (offset) {
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + offset;
}
const stallMs = Number(process.env.FAULT_STALL_MS || 0);
if (stallMs) {
  process.on('SIGUSR2', () => {
    process.stdout.write(`{"fault":"stall","ms":${stallMs}}\n`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, stallMs);
  });
}
