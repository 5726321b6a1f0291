import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCall, spawnServer } from './child-server.ts';
import { startTestApi } from './harness.ts';

// Where passkeys work (docs/security.md "Where passkeys work"): `npm start` prints and uses
// http://localhost:PORT, the console can ask the relying party without a session, and a setting
// no browser accepts is warned of at start.
const start = async (env: Record<string, string>) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'passkey-site-'));
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', TEST_DATABASE_URL: '', ADMIN_PASSWORD: 'Passkey-site-1', ...env });
  const done = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, done };
};

test('npm start prints http://localhost:PORT, and the passkeys belong to it', async () => {
  const { server, done } = await start({});
  try {
    assert.match(server.url, /^http:\/\/localhost:\d+$/);
    const site = await apiCall(server.url, 'GET', 'login/passkey/site');
    assert.is(site.status, 200);
    assert.equal(site.body.data, { id: 'localhost', origin: server.url });
    assert.not.match(server.output(), /Passkeys cannot work/);
  } finally {
    await done();
  }
});

test('a PUBLIC_URL at an IP address starts, with a warning naming the fix', async () => {
  const { server, done } = await start({ PUBLIC_URL: 'http://127.0.0.1:8080' });
  try {
    const line = server
      .output()
      .split('\n')
      .map((l) => (l.startsWith('{') ? JSON.parse(l) : {}))
      .find((l) => l.problem === 'site-ip');
    assert.ok(line, server.output());
    assert.is(
      line.msg,
      'Passkeys cannot work on this server: its passkey site is the IP address 127.0.0.1, which browsers refuse. Whoever runs this server sets PUBLIC_URL (or WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN) to the host name people open the console at (https, or http on localhost).',
    );
    assert.equal(line.passkey_site, { id: '127.0.0.1', origin: 'http://127.0.0.1:8080' });
  } finally {
    await done();
  }
});

test('GET login/passkey/site answers WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN without a session', async () => {
  const api = await startTestApi({ webauthnRpId: 'events.example.com', webauthnOrigin: 'https://console.events.example.com/' });
  try {
    const r = await api.call('GET', 'login/passkey/site');
    assert.is(r.status, 200);
    assert.equal(r.body.data, { id: 'events.example.com', origin: 'https://console.events.example.com' });
  } finally {
    await api.stop();
  }
});

test.run();
