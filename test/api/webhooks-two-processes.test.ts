import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { ADMIN, TEST_DATABASE_URL, TEST_TWO_STEP_KEY } from './harness.ts';
import { twoNodesOnOnePostgres } from './two-nodes.ts';
import { apiCall, apiLogin } from './child-server.ts';

// Two API processes on one PostgreSQL database send the same deliveries (docs/webhooks.md
// "Delivery and retries"): each delivery is attempted by one process at a time (the receiver
// counts a request for an event id that arrives while another for the same id is still open),
// and after kill -9 of one process every event is still delivered, by the other once the dead
// one's lease ran out. Every request verifies with the standardwebhooks package.

const EVENTS = 40;

if (!TEST_DATABASE_URL) {
  console.log('webhooks-two-processes: skipped — TEST_DATABASE_URL is not set (PostgreSQL only).');
  test.skip('needs TEST_DATABASE_URL (PostgreSQL)');
  test.run();
} else {
  const nodes = twoNodesOnOnePostgres({
    TWO_STEP_KEY: TEST_TWO_STEP_KEY,
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    WEBHOOK_POLL_MS: '50',
    WEBHOOK_LEASE_MS: '3000',
    WEBHOOK_RETRY_DIVISOR: '1000',
  });
  let receiver: Server;
  let base = '';
  const open = new Map<string, number>();
  const received = new Set<string>();
  let overlapping = 0;
  let requests = 0;
  const bodies: { headers: Record<string, string>; body: string }[] = [];

  test.before(async () => {
    receiver = createServer((req, res) => {
      const id = String(req.headers['webhook-id']);
      if ((open.get(id) ?? 0) > 0) overlapping++;
      open.set(id, (open.get(id) ?? 0) + 1);
      requests++;
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () =>
        setTimeout(() => {
          open.set(id, open.get(id)! - 1);
          received.add(id);
          bodies.push({ headers: req.headers as Record<string, string>, body });
          res.end('ok');
        }, 100),
      );
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  test.after(() => {
    receiver.close();
  });

  test('after kill -9 of one process every event is delivered, none twice at the same time', async () => {
    const token = await apiLogin(nodes.a.url, ADMIN.email, ADMIN.password);
    const made = await apiCall(nodes.a.url, 'POST', 'webhooks', { token, json: { url: `${base}/two`, events: ['user.created'] } });
    assert.is(made.status, 200, JSON.stringify(made.body));
    const hook = made.body.data;
    for (let i = 0; i < EVENTS; i++) {
      const r = await apiCall(i % 2 ? nodes.a.url : nodes.b.url, 'POST', `webhooks/${hook.id}/test`, { token });
      assert.is(r.status, 200, JSON.stringify(r.body));
    }
    for (let i = 0; received.size < 5 && i < 200; i++) await new Promise((r) => setTimeout(r, 25));
    await nodes.a.kill();
    // Every event reaches the receiver, and the database says delivered (a request the dead process sent but
    // could not mark is sent again by the other once its lease ends: at least once, never at once).
    const deliveredTotal = async () =>
      (await apiCall(nodes.b.url, 'GET', `webhooks/${hook.id}/deliveries?status=delivered`, { token })).body.data.total as number;
    for (let i = 0; (received.size < EVENTS || (await deliveredTotal()) < EVENTS) && i < 600; i++) await new Promise((r) => setTimeout(r, 100));
    if (received.size < EVENTS || (await deliveredTotal()) < EVENTS) {
      const left = await apiCall(nodes.b.url, 'GET', `webhooks/${hook.id}/deliveries?status=pending`, { token });
      const d = left.body.data.data[0];
      const detail = d ? (await apiCall(nodes.b.url, 'GET', `webhooks/${hook.id}/deliveries/${d.id}`, { token })).body.data : null;
      (await import('node:fs')).writeFileSync('/tmp/wh2-diag.json', JSON.stringify({ received: received.size, left: left.body.data, detail }, null, 1));
    }
    assert.is(received.size, EVENTS, `${received.size} of ${EVENTS} event ids received (${requests} requests)`);
    assert.is(overlapping, 0, 'a delivery was attempted by two processes at once');
    const wh = new StandardWebhook(hook.secret);
    for (const b of bodies) wh.verify(b.body, b.headers);
    assert.is(await deliveredTotal(), EVENTS);
  });

  test.run();
}
