import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { printBundleSizes } from './bundle-size.ts';
import { permissionListBench } from './permission-list.ts';

/**
 * `npm run bench`: prints figures, asserts nothing (speed targets are read, not tested, because
 * these machines are shared and noisy). Each part is also runnable alone.
 */
console.log(`# Bench — ${new Date().toISOString()} — node ${process.version}`);
printBundleSizes();
await permissionListBench();
for (const script of ['bench/photo-import.ts', 'bench/load.ts']) {
  if (!existsSync(script)) continue;
  console.log(`\n## ${script}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  if (r.status !== 0) console.log(`${script} exited with ${r.status}`);
}
