import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, startCommand } from './child-server.ts';

// `npm run build && npm prune --omit=dev && npm run serve` (README "Build once, serve many"; the
// Dockerfile's runtime stage): the built server starts with the production dependencies alone.
// The release is laid out in a folder outside the repository holding package.json, the bundle
// and only the packages `npm ls --omit=dev` names, so nothing can come from a dev dependency.
const release = mkdtempSync(path.join(tmpdir(), 'release-'));
test.after(() => rmSync(release, { recursive: true, force: true }));

test('the built server answers /api/health with production dependencies only', async () => {
  execFileSync(process.execPath, ['build-server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, SERVER_OUT_DIR: path.join(release, 'server-dist') },
    stdio: 'pipe',
  });
  cpSync(path.join(ROOT, 'package.json'), path.join(release, 'package.json'));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const listed = execFileSync(npm, ['ls', '--omit=dev', '--all', '--parseable'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith(path.join(ROOT, 'node_modules') + path.sep));
  assert.ok(listed.length > 5, 'npm ls names the production packages');
  for (const dir of listed)
    cpSync(dir, path.join(release, path.relative(ROOT, dir)), {
      recursive: true,
      dereference: true,
      filter: (f) => !f.slice(dir.length).includes(`${path.sep}node_modules${path.sep}`) || listed.includes(f),
    });
  for (const dev of ['esbuild', 'tsx', 'typescript', 'react'])
    assert.not.ok(existsSync(path.join(release, 'node_modules', dev)), `${dev} is not in the release`);
  mkdirSync(path.join(release, 'data'));

  const { env, nodeArgs } = startCommand();
  const proc = spawn(process.execPath, [...nodeArgs, 'server-dist/index.mjs'], {
    cwd: release,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...env,
      NODE_PATH: '',
      PORT: '0',
      DATA_DIR: path.join(release, 'data'),
      DEMO_DATA: 'no',
      LOG_REQUESTS: 'no',
      SHUTDOWN_DELAY_MS: '0',
      DATABASE_URL: '',
      TEST_DATABASE_URL: '',
    },
  });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line:\n${out}`)), 30_000);
      proc.stdout.on('data', () => {
        const m = /listening on (http:\/\/[^\s"]+)/.exec(out);
        if (m && out.includes('"ready":true')) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited ${code}:\n${out}`));
      });
    });
    const health = await fetch(`${url}/api/health`);
    assert.is(health.status, 200, await health.text());
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  }
});

test.run();
