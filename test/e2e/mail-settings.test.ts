import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, ADMIN, type E2E } from './harness.ts';
import { startReceiver, type Receiver } from '../api/smtp-receiver.ts';

// Settings → Email → Send test e-mail, against a real SMTP receiver.
let e: E2E;
let rx: Receiver;
test.before(async () => {
  e = await startE2E({ mail: { pollMs: 100, retryBaseMs: 200 } });
  rx = await startReceiver();
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
  await rx.stop();
});

const shot = (name: string) =>
  process.env.SHOTS_DIR ? e.page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true }) : Promise.resolve();

test('Send test e-mail shows "Test e-mail sent to …" and the e-mail arrives; a wrong port shows the failure in plain words', async () => {
  const page = e.page;
  await page.goto(`${e.url}/admin/settings`);
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByText('No e-mails are waiting to be sent.').waitFor();
  await page.getByLabel('SMTP Server').fill('127.0.0.1');
  await page.getByLabel('SMTP Email').fill('noreply@events.test');
  await page.getByLabel('SMTP Port').fill(String(rx.port));
  await page.getByLabel('SMTP Type').selectOption({ label: 'None' });
  assert.equal(await page.getByLabel('SMTP Type').locator('option').allInnerTexts(), ['Select', 'SSL', 'STARTTLS', 'None']);
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await page.getByText(`Test e-mail sent to ${ADMIN.email}.`).waitFor();
  const m = await rx.waitFor();
  assert.is(m.from?.value[0].address, 'noreply@events.test');
  await page.getByRole('cell', { name: ADMIN.email }).first().waitFor();
  await shot('settings-email-test-sent');

  const closed = await startReceiver();
  await closed.stop();
  await page.getByLabel('SMTP Port').fill(String(closed.port));
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  const words = `Nothing accepts connections on port ${closed.port} of 127.0.0.1: check the SMTP Port.`;
  // Under the field it names.
  await page
    .locator('.field', { has: page.getByLabel('SMTP Port') })
    .locator('.field-error', { hasText: words })
    .waitFor();
  await page.getByRole('cell', { name: words }).first().waitFor();
  await shot('settings-email-test-failed');
  assert.equal(e.errors, []);
});

test('Save Changes of changed e-mail settings asks for "Your password"; with another port the stored SMTP password is said to need typing again', async () => {
  const page = e.page;
  await page.goto(`${e.url}/admin/settings`);
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByLabel('SMTP Server').fill('127.0.0.1');
  await page.getByLabel('SMTP Email').fill('noreply@events.test');
  await page.getByLabel('SMTP Username').fill('mailer');
  await page.getByLabel('SMTP Password').fill('Relay-secret-1');
  await page.getByLabel('SMTP Port').fill(String(rx.port));
  await page.getByLabel('SMTP Type').selectOption({ label: 'None' });
  await page.getByLabel('Your password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Settings updated successfully.').waitFor();
  await page.getByLabel('SMTP Password').and(page.locator('[placeholder="Stored; leave blank to keep it"]')).waitFor();
  assert.is(await page.getByLabel('Your password').count(), 0, 'asked only while the e-mail settings differ from the saved ones');
  const hint = 'The stored password is only used with the saved server, port and user name: type it again.';
  await page.getByLabel('SMTP Port').fill('2525');
  await page.getByText(hint).waitFor();
  await page.getByLabel('Your password').waitFor();
  await page.getByLabel('SMTP Port').fill(String(rx.port));
  await page.getByText(hint).waitFor({ state: 'detached' });
  await shot('settings-email-password-bound');
  assert.equal(e.errors, []);
});

test.run();
