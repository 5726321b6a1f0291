import { printBundleSizes } from './bundle-size.ts';
import { permissionListBench } from './permission-list.ts';
import { photoImportBench } from './photo-import.ts';
import { main as loadBench } from './load.ts';
import { importLatencyBench } from './import-latency.ts';
import { listsBench } from './lists.ts';
import { passwordHashBench } from './password-hash.ts';
import { transparentAreaBench } from './transparent-area.ts';
import { signInThrottleBench } from './sign-in-throttle.ts';
import { requestPathBench } from './request-path.ts';
import { activityCostBench } from './activity-cost.ts';
import { invitationImportBench } from './invitation-import.ts';
import { lighthouseBench } from './lighthouse.ts';
import { funnelBench } from './funnel.ts';
import { insightsBench } from './insights.ts';
import { mixedLoadBench } from './mixed-load.ts';

/**
 * `npm run bench`: prints figures, asserts nothing (speed targets are read, not tested, because
 * these machines are shared and noisy). Each part is also runnable alone:
 * (a) bundle sizes and each screen's JavaScript on the wire (alone with `npm run bench -- bundle`), (b) permission list vs a trivial endpoint, (c) a 50,000-row photo import,
 * (d) p99 of user/get idle and while spreadsheets import, (e) the load run on SQLite and, with
 * DATABASE_URL or TEST_DATABASE_URL, PostgreSQL, (f) sign-in cost with scrypt (before) and
 * Argon2id (after), (g) the template editor's transparent-area finder on a 4,000 × 4,000
 * image (target 300 ms), (h) sign-in p99 with the throttle per account and per address against
 * the one before it (bench/sign-in-throttle.ts; target at most 10 % slower), (i) the product vs a bare
 * Hono server sending the same bytes: list, ping, cold start (bench/request-path.ts), (k) a 50,000-row
 * invitation import (blank passwords; bench/invitation-import.ts; target: written in under 60 s). `npm run bench -- lists`
 * runs only the lists at a million rows (bench/lists.ts; long); `npm run bench -- passwords` only
 * (f); `npm run bench -- throttle` only (h); `npm run bench -- request-path` only (i); (j) the
 * activity log's cost on a user update, with the log on and off (bench/activity-cost.ts), alone
 * with `npm run bench -- activity`; `npm run bench -- invitations` only (k); (l) Lighthouse on
 * /login and the signed-in users list, mobile and desktop (bench/lighthouse.ts), alone
 * with `npm run bench -- lighthouse`; (m) the participant funnel of an event with 100,000 participants and
 * 1,000,000 photos, p99 of GET event/{id}/funnel on both engines (bench/funnel.ts; target < 200 ms),
 * alone with `npm run bench -- funnel`; the insights of the same size of event, p99 of GET
 * event/{id}/insights for 30 days and a year (bench/insights.ts; target < 300 ms), alone with
 * `npm run bench -- insights`; (n) mixed load, the product vs a reference server doing only what any
 * server must (the token's hash, one session statement, the product's own SQL captured from it, JSON): 20
 * connections as administrator, editor and organiser reading their screens' lists and writing at 0, 1, 5 and
 * 20 %, CPU per request and req/s as medians of per-round ratios, on both engines, and idle memory vs bare
 * Hono (bench/mixed-load.ts), alone with `npm run bench -- mixed`. The import latency
 * part runs alone with `npm run bench -- import-latency`.
 */
console.log(`# Bench — ${new Date().toISOString()} — node ${process.version}`);
/** The benches that run alone when named (`npm run bench -- lists`), in the order they are looked for. */
const ALONE: Record<string, () => Promise<unknown>> = {
  bundle: async () => printBundleSizes(),
  lists: listsBench,
  passwords: passwordHashBench,
  'request-path': requestPathBench,
  activity: activityCostBench,
  invitations: invitationImportBench,
  lighthouse: lighthouseBench,
  throttle: signInThrottleBench,
  funnel: funnelBench,
  insights: insightsBench,
  mixed: mixedLoadBench,
  'import-latency': importLatencyBench,
};
const alone = Object.keys(ALONE).find((name) => process.argv.includes(name));
if (alone) {
  await ALONE[alone]();
  process.exit(0);
}
printBundleSizes();
transparentAreaBench();
await permissionListBench();
await photoImportBench();
await invitationImportBench();
console.log('\n## Import latency');
await importLatencyBench();
console.log('\n## Load run');
await loadBench();
await passwordHashBench();
await signInThrottleBench();
await requestPathBench();
await mixedLoadBench();
await activityCostBench();
await funnelBench();
await insightsBench();
await lighthouseBench();
