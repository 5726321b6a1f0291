import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// The deployment files keep what the README promises of them (README "Container and service").
const ROOT = new URL('../../', import.meta.url);
const UNIT = new URL('deploy/events-backoffice.service', ROOT);

/** The `ENV` settings of the Dockerfile's runtime stage, by name. */
function runtimeEnv(): Record<string, string> {
  const stage = readFileSync(new URL('Dockerfile', ROOT), 'utf8').split(/^FROM .* AS runtime$/m)[1] ?? '';
  const env = /^ENV ((?:.*\\\n)*.*)$/m.exec(stage)?.[1].replace(/\\\n/g, ' ') ?? '';
  return Object.fromEntries(
    env
      .trim()
      .split(/\s+/)
      .map((kv) => kv.split('=') as [string, string]),
  );
}

test('the container seeds no demo data unless asked, and listens on every address of the container', () => {
  const env = runtimeEnv();
  assert.is(env.DEMO_DATA, 'no');
  assert.is(env.HOST, '0.0.0.0');
});

/** The directives of the unit's [Service] section, each name with its values in order. */
function directives(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of readFileSync(UNIT, 'utf8').split('\n')) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (m) out.set(m[1], [...(out.get(m[1]) ?? []), m[2]]);
  }
  return out;
}

test('the systemd unit is sandboxed: read-only system but its data folder, no privileges, no namespaces, native system calls only', () => {
  const d = directives();
  for (const [name, value] of Object.entries({
    ProtectSystem: 'strict',
    ProtectHome: 'true',
    PrivateTmp: 'true',
    PrivateDevices: 'true',
    NoNewPrivileges: 'true',
    ProtectKernelTunables: 'true',
    ProtectKernelModules: 'true',
    ProtectKernelLogs: 'true',
    ProtectControlGroups: 'true',
    RestrictAddressFamilies: 'AF_INET AF_INET6 AF_UNIX',
    RestrictNamespaces: 'true',
    LockPersonality: 'true',
    RestrictRealtime: 'true',
    RestrictSUIDSGID: 'true',
    SystemCallArchitectures: 'native',
    CapabilityBoundingSet: '',
    UMask: '0077',
    ReadWritePaths: '/var/lib/events-backoffice',
  }))
    assert.equal(d.get(name), [value], name);
  assert.equal(d.get('SystemCallFilter'), ['@system-service', '~@privileged']);
  assert.not.ok(d.has('MemoryDenyWriteExecute'), "V8's JIT needs writable executable memory");
  assert.match(d.get('Environment')?.[0] ?? '', /DATA_DIR=\/var\/lib\/events-backoffice\b/, 'the writable path is the data folder');
});

const analyze = (() => {
  try {
    execFileSync('systemd-analyze', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
(analyze ? test : test.skip)('systemd-analyze security rates the unit OK or better', () => {
  const out = execFileSync('systemd-analyze', ['security', '--offline=yes', '--no-pager', UNIT.pathname], { encoding: 'utf8' });
  const m = /Overall exposure level for \S+: ([\d.]+) (\w+)/.exec(out);
  assert.ok(m, out.slice(-500));
  assert.ok(['PERFECT', 'SAFE', 'OK'].includes(m![2]), `${m![1]} ${m![2]}`);
});

test.run();
