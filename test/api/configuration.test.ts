import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A bad setting stops the start with one JSON line naming the variable (docs/configuration.md), never a raw stack.
const ROOT = path.resolve(import.meta.dirname, '../..');

function start(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'config-'));
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DEMO_DATA: '0', LOG_REQUESTS: '0', TEST_DATABASE_URL: '', DATABASE_URL: '', ...env },
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, lines: out.split('\n').filter((l) => l.trim() !== '') });
    });
  });
}

const BAD: Record<string, string>[] = [
  { PORT: 'abc' },
  { DEMO_DATA: 'maybe' },
  { DATABASE_URL: 'mysql://db/events' },
  { FILE_STORE: 's3' },
  { ADMIN_PASSWORD: '1' },
  { SHUTDOWN_GRACE_MS: '30s' },
];

for (const env of BAD) {
  const [name, value] = Object.entries(env)[0];
  test(`${name}=${value} stops the start with one JSON fatal line naming ${name}`, async () => {
    const r = await start(env);
    assert.is(r.code, 1);
    assert.is(r.lines.length, 1, r.lines.join('\n'));
    const line = JSON.parse(r.lines[0]);
    assert.is(line.level, 'fatal');
    assert.is(line.variable, name);
    assert.ok(line.expected, 'the expected form is named');
    assert.not.ok('stack' in line, 'no stack for a bad setting');
    if (name === 'ADMIN_PASSWORD') assert.not.ok(r.lines[0].includes(`"${value}"`), 'the password is not echoed');
  });
}

test('a port already in use stops the start with one JSON line saying so', async () => {
  const net = await import('node:net');
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', () => resolve()));
  const port = (holder.address() as { port: number }).port;
  const r = await start({ PORT: String(port) });
  holder.close();
  assert.is(r.code, 1);
  const fatal = r.lines.map((l) => JSON.parse(l)).find((l) => l.level === 'fatal');
  assert.ok(fatal, r.lines.join('\n'));
  assert.match(fatal.msg, `Port ${port} is already in use.`);
  for (const l of r.lines) JSON.parse(l); // every line is JSON
});

test.run();
