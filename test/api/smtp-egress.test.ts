import { test } from 'uvu';
import * as assert from 'uvu/assert';
import net from 'node:net';
import { startTestApi, type TestApi } from './harness.ts';
import { startReceiver, receiverSettings, type Receiver } from './smtp-receiver.ts';
import { tokenFor } from './admin-helpers.ts';
import { REFUSED_ADDRESS_MESSAGE } from '../../server/lib/mail/smtp.ts';
import { TEST_FAILURE_FLOOR_MS } from '../../server/services/settings.ts';

// Outgoing SMTP connections (docs/security.md "Outgoing connections"): the address policy, fixed
// failure messages that never repeat the remote side, the answer-time floor and the test throttle.
let api: TestApi;
let admin: string;
let rx: Receiver;
test.before(async () => {
  api = await startTestApi({ mail: false });
  admin = await api.login();
  rx = await startReceiver();
});
test.after(async () => {
  await api.stop();
  await rx.stop();
});
test.before.each(async () => {
  await api.sql.run("DELETE FROM login_throttle WHERE key LIKE 'smtptest:%'");
});

const sendTest = (form: Record<string, string>, token = admin) => api.call('POST', 'settings/email/test', { token, form });

/** A plain TCP server on a loopback port that writes `banner` to each connection (nothing when ''), and counts them. */
async function fakeServer(banner: string) {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((s) => {
    connections++;
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
    if (banner) s.write(banner);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    get connections() {
      return connections;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

test('169.254.169.254 (the metadata address) is refused on save and test with a fixed message, no connection tried', async () => {
  for (const server of ['169.254.169.254', '::ffff:169.254.169.254', 'fd00:ec2::254', '0.0.0.0']) {
    const t = await sendTest(receiverSettings(rx, { smtp_server: server, smtp_port: '80' }));
    assert.is(t.status, 422, server);
    assert.equal(t.body.errors, { smtp_server: [REFUSED_ADDRESS_MESSAGE] }, server);
    const s = await api.call('PUT', 'settings/email', { token: admin, form: receiverSettings(rx, { smtp_server: server, smtp_port: '80' }) });
    assert.is(s.status, 422, server);
    assert.equal(s.body.errors, { smtp_server: [REFUSED_ADDRESS_MESSAGE] }, server);
  }
  assert.is((await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM email_settings WHERE smtp_server LIKE '169.254%'"))?.n ?? 0, 0);
  const listed = (await api.call('GET', 'settings/email/outbox', { token: admin })).body.data.recent[0];
  assert.is(listed.last_error, REFUSED_ADDRESS_MESSAGE);
});

test('with SMTP_DENY_PRIVATE a loopback receiver is refused without a connection; SMTP_ALLOW_HOSTS lets it through again', async () => {
  const strict = await startTestApi({ mail: false, smtpDenyPrivate: true });
  const allowed = await startTestApi({ mail: false, smtpDenyPrivate: true, smtpAllowHosts: 'relay.example.org, 127.0.0.0/8' });
  try {
    const before = rx.connections;
    for (const server of ['127.0.0.1', 'localhost']) {
      const r = await strict.call('POST', 'settings/email/test', { token: await strict.login(), form: receiverSettings(rx, { smtp_server: server }) });
      assert.is(r.status, 422, server);
      assert.equal(r.body.errors, { smtp_server: [REFUSED_ADDRESS_MESSAGE] });
    }
    assert.is(rx.connections, before, 'no connection was made');
    const ok = await allowed.call('POST', 'settings/email/test', { token: await allowed.login(), form: receiverSettings(rx) });
    assert.is(ok.status, 200, JSON.stringify(ok.body));
    assert.is(rx.connections, before + 1);
  } finally {
    await strict.stop();
    await allowed.stop();
  }
});

test("a server that answers with another protocol's banner is reported with a fixed message that does not repeat the banner", async () => {
  const ssh = await fakeServer('SSH-2.0-OpenSSH_9.6 secret-banner\r\n');
  try {
    const r = await sendTest(receiverSettings(ssh));
    assert.is(r.status, 422);
    assert.equal(r.body.errors, { smtp_port: [`The server at 127.0.0.1:${ssh.port} did not answer as an SMTP server: check the server and port.`] });
    assert.not.match(JSON.stringify(r.body), /secret-banner|SSH|OpenSSH/);
    assert.ok(ssh.connections >= 1);
    const recent = (await api.call('GET', 'settings/email/outbox', { token: admin })).body.data.recent;
    assert.not.match(JSON.stringify(recent), /secret-banner|SSH/);
  } finally {
    await ssh.stop();
  }
});

test('a closed port answers no earlier than the failure floor; a silent open port says it timed out', async () => {
  const silent = await fakeServer('');
  const closed = await fakeServer('');
  await closed.stop();
  try {
    const began = performance.now();
    const c = await sendTest(receiverSettings(closed));
    assert.ok(performance.now() - began >= TEST_FAILURE_FLOOR_MS, 'not before the floor');
    assert.equal(c.body.errors, { smtp_port: [`Nothing accepts connections on port ${closed.port} of 127.0.0.1: check the SMTP Port.`] });
    const s = await sendTest(receiverSettings(silent));
    assert.equal(s.body.errors, { smtp_server: [`The SMTP server at 127.0.0.1:${silent.port} did not answer in time.`] });
  } finally {
    await silent.stop();
  }
});

test('test e-mails are throttled to 5 a minute per user: the sixth answers 429 with Retry-After', async () => {
  const me = await tokenFor(api, admin, ['settings'], [], ['settings.view', 'settings.edit']);
  for (let i = 0; i < 5; i++) assert.is((await sendTest(receiverSettings(rx), me.token)).status, 200, `send ${i + 1}`);
  const sixth = await sendTest(receiverSettings(rx), me.token);
  assert.is(sixth.status, 429);
  assert.match(sixth.body.message, /^Too many test e-mails: at most 5 a minute\. Please try again in \d+ seconds?\.$/);
  assert.ok(Number(sixth.headers.get('retry-after')) >= 1);
  // Another user's allowance is its own.
  assert.is((await sendTest(receiverSettings(rx))).status, 200);
});

test.run();
