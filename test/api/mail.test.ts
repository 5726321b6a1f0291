import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';
import { startReceiver, receiverSettings, type Receiver } from './smtp-receiver.ts';
import { claimMail, enqueueMail } from '../../server/db/queries/outbox.ts';

// E-mail through Settings → Email, against a real SMTP receiver on a loopback port.
let api: TestApi;
let admin: string;
let rx: Receiver;
test.before(async () => {
  api = await startTestApi({ mail: { pollMs: 100, retryBaseMs: 200, retryMaxMs: 400 } });
  admin = await api.login();
  rx = await startReceiver();
});
test.after(async () => {
  await api.stop();
  await rx.stop();
});

const outbox = async () => (await api.call('GET', 'settings/email/outbox', { token: admin })).body.data;
/** Polls `read` every 50 ms until `ok` holds of it (or 5 s pass) and returns the last value. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}
const company = { logo: '', name: 'Events Inc', primary_mail: '', sales_mail: '', phone: '', address: '' };

test('the sender takes every other e-mail before invitations (an invitation import does not hold up a reset)', async () => {
  for (let i = 0; i < 3; i++) await enqueueMail(api.sql, { kind: 'invite', to: `inv${i}@example.org`, subject: 'Your invitation', refId: 999 });
  await enqueueMail(api.sql, { kind: 'reset', to: 'late@example.org', subject: 'Reset your password' });
  const first = await claimMail(api.sql, 'test-owner', 60_000, 1);
  assert.equal(
    first.map((r) => r.to_address),
    ['late@example.org'],
  );
  await api.sql.run('DELETE FROM outbox');
});

test('without SMTP settings an e-mail waits in the outbox, is counted, and goes out once the settings are saved', async () => {
  await enqueueMail(api.sql, { kind: 'booking', to: 'ann@example.org', toName: 'Ann', subject: 'Waiting one', text: 'hello', html: '<p>hello</p>' });
  await new Promise((r) => setTimeout(r, 400));
  const before = await outbox();
  assert.is(before.waiting, 1);
  assert.is(before.smtp_ready, false);
  assert.is(before.recent[0].attempts, 0, 'nothing is tried without settings');
  assert.is(rx.messages.length, 0);
  const r = await api.call('PUT', 'settings', { token: admin, form: { ...company, ...receiverSettings(rx) } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const m = await rx.waitFor((x) => x.subject === 'Waiting one');
  assert.is(m.from?.value[0].address, 'noreply@events.test');
  assert.is(m.from?.value[0].name, 'Events Inc');
  assert.is(m.text?.trim(), 'hello');
  // The receiver has it before the sender records the success.
  const after = await until(outbox, (o) => o.waiting === 0);
  assert.is(after.waiting, 0);
  assert.is(after.recent[0].status, 'sent');
});

test('Send test e-mail: arrives at the signed-in user from SMTP Email, and is listed without its body', async () => {
  const r = await api.call('POST', 'settings/email/test', { token: admin, form: receiverSettings(rx) });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.message, `Test e-mail sent to ${ADMIN.email}.`);
  const m = await rx.waitFor((x) => /^Test e-mail/.test(x.subject ?? ''));
  assert.is(m.from?.value[0].address, 'noreply@events.test');
  assert.equal(m.to && !Array.isArray(m.to) ? m.to.value.map((a) => a.address) : [], [ADMIN.email]);
  assert.ok(m.html && /<p>/.test(m.html), 'simple HTML part');
  const row = (await outbox()).recent[0];
  assert.equal({ to: row.to_address, status: row.status, attempts: row.attempts }, { to: ADMIN.email, status: 'sent', attempts: 1 });
  assert.not.ok('body_text' in row || 'body_html' in row);
});

test('Send test e-mail: a wrong password, a closed port and a server refusing STARTTLS each answer in plain words', async () => {
  const authRx = await startReceiver({ user: 'mailer', pass: 'right-pass' });
  const noTls = await startReceiver({ hideSTARTTLS: true });
  const closed = await startReceiver();
  await closed.stop();
  try {
    const send = (form: Record<string, string>) => api.call('POST', 'settings/email/test', { token: admin, form });
    // Each cause is told as such; a send left to wait out the time limit would say "did not answer in time" instead.
    const wrong = await send(receiverSettings(authRx, { smtp_username: 'mailer', smtp_password: 'wrong-pass' }));
    assert.is(wrong.status, 422);
    assert.equal(wrong.body.errors, { smtp_password: ['The SMTP server refused the user name or password.'] });
    const good = await send(receiverSettings(authRx, { smtp_username: 'mailer', smtp_password: 'right-pass' }));
    assert.is(good.status, 200, JSON.stringify(good.body));
    const refused = await send(receiverSettings(closed));
    assert.is(refused.status, 422);
    assert.equal(refused.body.errors, { smtp_port: [`Nothing accepts connections on port ${closed.port} of 127.0.0.1: check the SMTP Port.`] });
    const tls = await send(receiverSettings(noTls, { smtp_type: 'tls' }));
    assert.is(tls.status, 422);
    assert.match(tls.body.errors.smtp_type[0], /^TLS failed: the SMTP server at 127\.0\.0\.1:\d+ does not accept STARTTLS\./);
    // Five test e-mails a minute per user: this one starts a new minute.
    await api.sql.run("DELETE FROM login_throttle WHERE key LIKE 'smtptest:%'");
    const ssl = await send(receiverSettings(rx, { smtp_type: 'ssl' }));
    assert.equal(ssl.body.errors, { smtp_type: [`TLS failed with the SMTP server at 127.0.0.1:${rx.port}: check the SMTP Type and port.`] });
    const listed = (await outbox()).recent.filter((x: { status: string }) => x.status === 'failed');
    assert.ok(listed.some((x: { last_error: string }) => /refused the user name or password/.test(x.last_error)));
  } finally {
    await authRx.stop();
    await noTls.stop();
  }
});

test('with the receiver down an e-mail stays in the outbox and arrives once after it comes back', async () => {
  await api.call('PUT', 'settings/email', { token: admin, form: receiverSettings(rx) });
  await rx.stop();
  const seen = rx.messages.length;
  await enqueueMail(api.sql, { kind: 'booking', to: 'bob@example.org', subject: 'Down then up', text: 'x', html: '<p>x</p>' });
  let row: { status: string; attempts: number; last_error: string } | undefined;
  for (let i = 0; i < 50 && !(row && row.attempts >= 2); i++) {
    await new Promise((r) => setTimeout(r, 100));
    row = (await outbox()).recent.find((x: { subject: string }) => x.subject === 'Down then up');
  }
  assert.is(row!.status, 'waiting');
  assert.ok(row!.attempts >= 2, 'retried');
  assert.match(row!.last_error, /^Nothing accepts connections on port \d+ of 127\.0\.0\.1: check the SMTP Port\.$/);
  await rx.start();
  await rx.waitFor((x) => x.subject === 'Down then up', 10_000, seen);
  const done = await until(outbox, (o) => o.recent.find((x: { subject: string }) => x.subject === 'Down then up').status === 'sent');
  await new Promise((r) => setTimeout(r, 1000));
  assert.is(rx.messages.slice(seen).filter((x) => x.subject === 'Down then up').length, 1, 'exactly once');
  assert.is(done.recent.find((x: { subject: string }) => x.subject === 'Down then up').status, 'sent');
});

test('Save Changes checks both tabs before writing either: a bad port leaves the company name as it was', async () => {
  await api.call('PUT', 'settings/company', { token: admin, form: { ...company, name: 'Before' } });
  const r = await api.call('PUT', 'settings', {
    token: admin,
    form: { ...company, name: 'After', primary_mail: 'nope', ...receiverSettings(rx, { smtp_port: 'abc', smtp_type: 'starttls' }) },
  });
  assert.is(r.status, 422);
  assert.equal(Object.keys(r.body.errors).sort(), ['primary_mail', 'smtp_port', 'smtp_type']);
  assert.is((await api.call('GET', 'settings/company', { token: admin })).body.data.name, 'Before');
  assert.is((await api.call('GET', 'settings/email', { token: admin })).body.data.smtp_port, String(rx.port));
});

test('names that become headers refuse line breaks (no header injection)', async () => {
  const r = await api.call('PUT', 'settings', { token: admin, form: { ...company, name: 'Evil\r\nBcc: victim@example.org' } });
  assert.is(r.status, 422);
  assert.equal(r.body.errors, { name: ['The name may not contain line breaks.'] });
});

test('settings/email/outbox and settings/email/test need the Settings screen', async () => {
  assert.is((await api.call('GET', 'settings/email/outbox')).status, 401);
  assert.is((await api.call('POST', 'settings/email/test', { form: receiverSettings(rx) })).status, 401);
});

test.run();
