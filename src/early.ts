/**
 * The early script: a classic script, deferred right after config.js, that starts the
 * admin console's first GETs while the console's modules download (lib/early-calls.ts). Built
 * apart from the console by build.mjs.
 */
import { startEarlyCalls } from './lib/early-calls.ts';

startEarlyCalls();
