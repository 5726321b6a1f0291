import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { startE2E, signIn, type E2E } from './harness.ts';

/**
 * Webhooks end to end (docs/webhooks.md): an administrator adds a platform endpoint under
 * Settings, copies its secret from the copy-once dialog, sends a test event, opens the endpoint's
 * deliveries and redelivers one; the local receiver verifies both requests with the
 * `standardwebhooks` package and sees one webhook-id twice.
 */
let e: E2E;
let receiver: Server;
let base = '';
const got: { headers: Record<string, string>; body: string }[] = [];
test.before(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers as Record<string, string>, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  e = await startE2E({ webhookAllowHosts: '127.0.0.1', webhooks: { pollMs: 50 } });
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
  receiver.close();
});

test('an administrator creates a webhook under Settings, sends a test event and redelivers it; both verify', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/settings`);
  const panel = page.locator('section.webhooks');
  await panel.getByText('No endpoints yet.').waitFor();
  await panel.getByLabel('Endpoint URL').fill(`${base}/hook`);
  await panel.getByLabel('Description').fill('Accounting');
  await panel.getByLabel('user.created').check();
  await panel.getByRole('button', { name: 'Create endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signing secret' });
  const secret = await dialog.locator('input.webhook-secret').inputValue();
  assert.match(secret, /^whsec_/);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  const row = panel.getByRole('row').filter({ hasText: `${base}/hook` });
  await row.getByText('Enabled').waitFor();

  await row.getByRole('button', { name: 'Send test event' }).click();
  await page.getByText('Test event queued.').waitFor();
  for (let i = 0; got.length < 1 && i < 100; i++) await page.waitForTimeout(50);
  assert.is(got.length, 1);

  await row.getByRole('button', { name: 'Deliveries' }).click();
  const deliveries = page.getByRole('dialog', { name: `Deliveries of ${base}/hook` });
  const delivery = deliveries.getByRole('row').filter({ hasText: 'webhook.test' });
  await delivery.getByText('Delivered').waitFor();
  await delivery.getByRole('button', { name: 'Redeliver' }).click();
  await page.getByText('The delivery will be sent again.').waitFor();
  for (let i = 0; got.length < 2 && i < 100; i++) await page.waitForTimeout(50);
  assert.is(got.length, 2);
  assert.is(got[1].headers['webhook-id'], got[0].headers['webhook-id']);
  const wh = new StandardWebhook(secret);
  for (const g of got) wh.verify(g.body, g.headers);

  await delivery.getByRole('button', { name: 'View' }).click();
  const detail = page.getByRole('dialog', { name: /^Delivery \d+$/ });
  await detail.getByText('Attempt 2').waitFor();
  assert.match((await detail.textContent()) ?? '', /webhook-signature/);
  assert.equal(e.errors, []);
});

test.run();
