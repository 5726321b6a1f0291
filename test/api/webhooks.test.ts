import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, type TestOrganiser } from './organiser-fixtures.ts';

/**
 * Signed webhooks (docs/webhooks.md), on the engine the run selects. The signatures are
 * checked with the `standardwebhooks` package (the reference verifier), never with the server's
 * own signing code. A local receiver answers as each test scripts it; the server allows
 * 127.0.0.1 through WEBHOOK_ALLOW_HOSTS, and its retry schedule is divided by 1,000.
 */
let api: TestApi;
let strict: TestApi;
let A: TestOrganiser;
let B: TestOrganiser;
let receiver: Server;
let base = '';
/** What the receiver got, in order, and what it answers next (then 200). */
const got: { headers: IncomingHttpHeaders; body: string; path: string }[] = [];
const answers: { status: number; location?: string }[] = [];

test.before(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body, path: req.url ?? '' });
      const a = answers.shift() ?? { status: 200 };
      res.writeHead(a.status, a.location ? { location: a.location } : {});
      res.end(a.status === 200 ? 'thanks' : 'nope');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  api = await startTestApi({ webhookAllowHosts: '127.0.0.1', webhooks: { pollMs: 25, retryScale: 0.001 } });
  A = await makeOrganiser(api, 'Hooked', 0);
  B = await makeOrganiser(api, 'Other', 0);
});
test.after(async () => {
  await api.stop();
  await strict?.stop();
  receiver.close();
});

const create = (token: string, json: Record<string, unknown>, on = api) => on.call('POST', 'webhooks', { token, json });
/** Polls `check` every 25 ms until it answers a value, for at most `ms`. */
async function until<T>(check: () => Promise<T | undefined | false>, ms = 8_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}
const verifyAll = (secret: string, list: typeof got) => {
  const wh = new StandardWebhook(secret);
  for (const r of list) wh.verify(r.body, r.headers as Record<string, string>);
};

test('an endpoint is created with a whsec_ secret answered once, listed without it, and the secret is not stored in clear', async () => {
  const r = await create(A.token, { url: `${base}/first`, events: ['event.created'], description: 'Books' });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.match(r.body.data.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  const list = await api.call('GET', 'webhooks', { token: A.token });
  assert.is(list.body.data.length, 1);
  assert.is(list.body.data[0].secret, undefined);
  assert.equal(list.body.data[0].events, ['event.created']);
  const row = await api.sql.get<{ secret: string }>('SELECT secret FROM webhooks WHERE id = ?', [r.body.data.id]);
  assert.not.ok(row!.secret.includes(r.body.data.secret.slice(6)));
  assert.ok(row!.secret.startsWith('v1.'));
  assert.is((await api.call('DELETE', `webhooks/${r.body.data.id}`, { token: A.token })).status, 200);
});

test('answers 500, 500, 200 make three attempts with one webhook-id, each verified; Redeliver makes a fourth that verifies', async () => {
  const hook = (await create(A.token, { url: `${base}/retry`, events: ['event.created', 'event.deleted'] })).body.data;
  got.length = 0;
  answers.push({ status: 500 }, { status: 500 }, { status: 200 });
  const made = await api.call('POST', 'event', {
    token: A.token,
    form: { title: 'Hooked run', description: '', start_date: '2031-03-01', end_date: '2031-03-01', organizer_id: String(A.companyId), event_logo: ' ' },
  });
  assert.is(made.status, 200);
  await until(async () => got.length >= 3 && got);
  const deliveries = await until(async () => {
    const d = (await api.call('GET', `webhooks/${hook.id}/deliveries`, { token: A.token })).body.data;
    return d.data[0]?.status === 'delivered' && d;
  });
  assert.is(got.length, 3);
  assert.is(new Set(got.map((g) => g.headers['webhook-id'])).size, 1);
  verifyAll(hook.secret, got);
  const body = JSON.parse(got[2].body);
  assert.is(body.type, 'event.created');
  assert.is(body.data.id, made.body.data.id);
  assert.is(body.data.title, 'Hooked run');
  const d = deliveries.data[0];
  assert.is(d.attempts, 3);
  const detail = (await api.call('GET', `webhooks/${hook.id}/deliveries/${d.id}`, { token: A.token })).body.data;
  assert.equal(
    detail.attempts_list.map((a: { status_code: number }) => a.status_code),
    [500, 500, 200],
  );
  assert.is(detail.attempts_list[0].response, 'nope');
  assert.ok(detail.attempts_list[0].next_at > 0);
  assert.is(detail.attempts_list[2].next_at, null);

  const replay = await api.call('POST', `webhooks/${hook.id}/deliveries/${d.id}/replay`, { token: A.token });
  assert.is(replay.status, 200);
  await until(async () => got.length >= 4);
  assert.is(got[3].headers['webhook-id'], got[0].headers['webhook-id']);
  assert.ok(Number(got[3].headers['webhook-timestamp']) >= Number(got[2].headers['webhook-timestamp']));
  verifyAll(hook.secret, [got[3]]);
  // A signature under another secret does not verify.
  assert.throws(() => verifyAll(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, [got[3]]));
});

test('a redirect is a failure, not followed', async () => {
  const hook = (await create(A.token, { url: `${base}/moved`, events: ['event.created'] })).body.data;
  got.length = 0;
  answers.push({ status: 302, location: `${base}/elsewhere` });
  const t = await api.call('POST', `webhooks/${hook.id}/test`, { token: A.token });
  assert.is(t.status, 200);
  const detail = await until(async () => {
    const d = (await api.call('GET', `webhooks/${hook.id}/deliveries/${t.body.data.id}`, { token: A.token })).body.data;
    return d.attempts_list.length >= 1 && d;
  });
  assert.is(detail.attempts_list[0].status_code, 302);
  assert.match(detail.attempts_list[0].error, /Redirect/);
  assert.ok(got.every((g) => g.path !== '/elsewhere'));
  await api.call('DELETE', `webhooks/${hook.id}`, { token: A.token });
});

test('169.254.169.254 is refused at save even with an allow-list; without WEBHOOK_ALLOW_HOSTS 127.0.0.1 is refused too, and http: to a public host', async () => {
  const meta = await create(A.token, { url: 'https://169.254.169.254/latest/meta-data', events: ['event.created'] });
  assert.is(meta.status, 422);
  assert.ok(meta.body.errors.url);
  strict = await startTestApi({ webhooks: false });
  const admin = await strict.login();
  const local = await create(admin, { url: `https://127.0.0.1:9/hook`, events: ['user.created'] }, strict);
  assert.is(local.status, 422);
  assert.match(local.body.errors.url[0], /not allowed/);
  const plain = await create(admin, { url: 'http://93.184.215.14/hook', events: ['user.created'] }, strict);
  assert.is(plain.status, 422);
  assert.match(plain.body.errors.url[0], /https/);
  const ok = await create(admin, { url: 'https://93.184.215.14/hook', events: ['user.created', 'settings.changed'] }, strict);
  assert.is(ok.status, 200, JSON.stringify(ok.body));
  assert.is(ok.body.data.company_id, null);
});

test('an organiser cannot subscribe to platform events; another organiser can neither see nor touch a webhook', async () => {
  const platform = await create(A.token, { url: `${base}/x`, events: ['user.created'] });
  assert.is(platform.status, 422);
  const hook = (await create(A.token, { url: `${base}/mine`, events: ['event.updated'] })).body.data;
  const list = await api.call('GET', 'webhooks', { token: B.token });
  assert.ok(list.body.data.every((w: { id: number }) => w.id !== hook.id));
  for (const [method, path] of [
    ['GET', `webhooks/${hook.id}`],
    ['PUT', `webhooks/${hook.id}`],
    ['DELETE', `webhooks/${hook.id}`],
    ['GET', `webhooks/${hook.id}/deliveries`],
    ['POST', `webhooks/${hook.id}/test`],
  ]) {
    const r = await api.call(method, path, { token: B.token, ...(method === 'PUT' ? { json: { description: 'taken' } } : {}) });
    assert.is(r.status, 404, `${method} ${path}`);
  }
  const still = (await api.call('GET', `webhooks/${hook.id}`, { token: A.token })).body.data;
  assert.is(still.description, '');
});

test('a rotated secret is answered once and the old one still verifies for 24 hours', async () => {
  const hook = (await create(A.token, { url: `${base}/rotate`, events: ['event.updated'] })).body.data;
  const rotated = await api.call('PUT', `webhooks/${hook.id}`, { token: A.token, json: { rotate_secret: true } });
  assert.is(rotated.status, 200);
  assert.match(rotated.body.data.secret, /^whsec_/);
  assert.is.not(rotated.body.data.secret, hook.secret);
  assert.ok(rotated.body.data.old_secret_until > Date.now() + 23 * 3600_000);
  got.length = 0;
  const t = await api.call('POST', `webhooks/${hook.id}/test`, { token: A.token });
  assert.is(t.status, 200);
  await until(async () => got.length >= 1);
  verifyAll(rotated.body.data.secret, got);
  verifyAll(hook.secret, got);
});

test('disabling keeps deliveries waiting; enabling again sends them', async () => {
  const hook = (await create(A.token, { url: `${base}/paused`, events: ['event.updated'] })).body.data;
  assert.is((await api.call('PUT', `webhooks/${hook.id}`, { token: A.token, json: { enabled: false } })).body.data.enabled, false);
  got.length = 0;
  const t = await api.call('POST', `webhooks/${hook.id}/test`, { token: A.token });
  assert.is(t.status, 200);
  await new Promise((r) => setTimeout(r, 300));
  assert.ok(got.every((g) => g.path !== '/paused'));
  assert.is((await api.call('PUT', `webhooks/${hook.id}`, { token: A.token, json: { enabled: true } })).body.data.enabled, true);
  await until(async () => got.some((g) => g.path === '/paused'));
  const body = JSON.parse(got.find((g) => g.path === '/paused')!.body);
  assert.is(body.type, 'webhook.test');
  assert.is(body.data.webhook_id, hook.id);
});

test('an endpoint failing past the configured period is disabled and its owner e-mailed, in the language the owner chose', async () => {
  const quick = await startTestApi({ webhookAllowHosts: '127.0.0.1', webhooks: { pollMs: 25, retryScale: 0.001, disableAfterMs: 1 } });
  try {
    const C = await makeOrganiser(quick, 'Failing', 0);
    assert.is((await quick.call('PUT', 'account/language', { token: C.token, form: { language: 'fr' } })).status, 200);
    const hook = (await create(C.token, { url: `${base}/down`, events: ['event.updated'] }, quick)).body.data;
    answers.push({ status: 500 }, { status: 500 }, { status: 500 });
    await quick.call('POST', `webhooks/${hook.id}/test`, { token: C.token });
    const w = await until(async () => {
      const x = (await quick.call('GET', `webhooks/${hook.id}`, { token: C.token })).body.data;
      return !x.enabled && x;
    });
    assert.is(w.disabled_reason, 'failing');
    assert.match(w.last_error, /500/);
    const mail = await quick.sql.get<{ to_address: string; subject: string; body_text: string; language: string }>(
      "SELECT to_address, subject, body_text, language FROM outbox WHERE kind = 'webhook'",
    );
    assert.is(mail?.to_address, C.email);
    assert.is(mail?.subject, 'Un point de terminaison webhook a été désactivé');
    assert.is(mail?.language, 'fr');
    assert.match(
      mail?.body_text ?? '',
      `Le point de terminaison webhook ${base}/down a échoué à chaque envoi pendant 1 jour et a été désactivé.\nDernière erreur : `,
    );
    // The recorded failure is the server's own sentence: said in French by its code too.
    assert.is(w.last_error, 'The endpoint answered 500.');
    assert.match(mail?.body_text ?? '', '\nDernière erreur : Le point de terminaison a répondu 500.\n');
  } finally {
    answers.length = 0;
    await quick.stop();
  }
});

test('events reach the endpoints of their owner: participant.created and booking.decided for the organiser (and the platform), user.created for the platform only; a refused change queues nothing', async () => {
  const admin = await api.login();
  const platform = (await create(admin, { url: `${base}/platform`, events: ['user.created', 'participant.created'] })).body.data;
  const mine = (await create(A.token, { url: `${base}/orga`, events: ['participant.created', 'booking.decided'] })).body.data;
  const theirs = (await create(B.token, { url: `${base}/orgb`, events: ['participant.created'] })).body.data;
  got.length = 0;
  const added = await api.call('POST', `event/${A.eventId}/participant`, {
    token: A.token,
    form: { bib_number: '42', name: 'Hooked runner', email: 'runner@example.com', face_consent: 'no' },
  });
  assert.is(added.status, 200, JSON.stringify(added.body));
  const twice = await api.call('POST', `event/${A.eventId}/participant`, {
    token: A.token,
    form: { bib_number: '42', name: 'Again', email: '', face_consent: 'no' },
  });
  assert.is(twice.status, 422);
  assert.is((await api.call('PUT', `organiser/booking/${A.bookingId}`, { token: A.token, form: { status: '2' } })).status, 200);
  assert.is(
    (await api.call('POST', 'user', { token: admin, form: { name: 'Hooked staff', email: 'staff-hook@example.com', password: 'Passw0rd!x', role: '1' } }))
      .status,
    200,
  );
  await until(async () => got.filter((g) => ['/platform', '/orga'].includes(g.path)).length >= 4);
  await new Promise((r) => setTimeout(r, 200));
  const types = (path: string) =>
    got
      .filter((g) => g.path === path)
      .map((g) => JSON.parse(g.body).type)
      .sort();
  assert.equal(types('/orga'), ['booking.decided', 'participant.created']);
  assert.equal(types('/platform'), ['participant.created', 'user.created']);
  assert.equal(types('/orgb'), []);
  const p = JSON.parse(got.find((g) => g.path === '/orga' && g.body.includes('participant.created'))!.body);
  assert.equal([p.data.id, p.data.bib_number, p.data.organiser_id], [added.body.data.id, '42', A.companyId]);
  const b = JSON.parse(got.find((g) => g.path === '/orga' && g.body.includes('booking.decided'))!.body);
  assert.equal([b.data.id, b.data.status], [A.bookingId, 'rejected']);
  for (const [t, h] of [
    [admin, platform],
    [A.token, mine],
    [B.token, theirs],
  ])
    await api.call('DELETE', `webhooks/${h.id}`, { token: t });
});

test.run();
