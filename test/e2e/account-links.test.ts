import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, ADMIN, type E2E } from './harness.ts';
import { receiverFor, type Receiver } from '../api/smtp-receiver.ts';

// Links e-mailed through a real SMTP receiver, followed in Chromium.
let e: E2E;
let rx: Receiver;
test.before(async () => {
  e = await startE2E({ mail: { pollMs: 100, retryBaseMs: 200 } });
  rx = await receiverFor(e.api);
});
test.after(async () => {
  await e.stop();
  await rx.stop();
});

const shot = (name: string) =>
  process.env.SHOTS_DIR ? e.page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true }) : Promise.resolve();
/** The first link to `page` in an e-mail's text part. */
const linkIn = (text: string | undefined, page: string) => {
  const m = new RegExp(`http://\\S+/${page}#\\S+`).exec(text ?? '');
  assert.ok(m, `a ${page} link in: ${text}`);
  return m![0];
};

test('Forgot password? → the e-mail arrives → its link → new password → signed in; the old password no longer works; the link works once', async () => {
  const page = e.page;
  await page.goto(`${e.url}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL((u) => u.pathname === '/forgot-password');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await page.getByText('If that address has an account, we sent a link.').waitFor();
  await shot('forgot-password-sent');
  const mail = await rx.waitFor((m) => /Reset your password/.test(m.subject ?? ''));
  const link = linkIn(mail.text, 'reset-password');

  // A changed link says so and offers to ask again.
  await page.goto(`${link.slice(0, -2)}xx`);
  await page.getByText('This link is not valid: it may be incomplete or changed. Ask for a new one below.').waitFor();
  await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

  await page.goto('about:blank');
  await page.goto(link);
  await page.getByText(`For ${ADMIN.email}.`).waitFor();
  assert.is(new URL(page.url()).hash, '', 'the token leaves the address bar');
  await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-9');
  await page.getByLabel('Retype new password').fill('Brand-new-pass-8');
  await page.getByRole('button', { name: 'Change password and sign in' }).click();
  await page.getByText('The password confirmation does not match.').first().waitFor();
  await page.getByLabel('Retype new password').fill('Brand-new-pass-9');
  await shot('reset-password-form');
  await page.getByRole('button', { name: 'Change password and sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/admin');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

  assert.is((await e.api.call('POST', 'login', { form: { email: ADMIN.email, password: ADMIN.password } })).status, 401, 'old password refused');
  assert.is((await e.api.call('POST', 'login', { form: { email: ADMIN.email, password: 'Brand-new-pass-9' } })).status, 200);

  const other = await e.browser.newPage();
  try {
    await other.goto(link);
    await other.getByText('This link has already been used. Ask for a new one below if you still need it.').waitFor();
  } finally {
    await other.close();
  }
  assert.equal(e.errors, []);
});

test('an admin adds an organiser without a password; the invitation arrives; the organiser chooses a password and lands on its console', async () => {
  const admin = await e.browser.newContext();
  const page = await admin.newPage();
  try {
    await signIn(page, e.url, ADMIN.email, 'Brand-new-pass-9');
    await page.goto(`${e.url}/admin/organizers`);
    await page.getByRole('button', { name: 'Add Organizer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Organizer' });
    await dialog.locator('[name="name"]').fill('Harbour Games');
    await dialog.locator('[name="email"]').fill('harbour@example.org');
    await dialog.locator('[name="status"]').selectOption('1');
    assert.is(await dialog.locator('[name="password"]').getAttribute('placeholder'), 'Leave blank to e-mail an invitation');
    const seen = rx.messages.length;
    await dialog.getByRole('button', { name: 'Save changes', exact: true }).click();
    await page.getByText('Organizer created successfully. An invitation will be e-mailed to harbour@example.org.').first().waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Harbour Games' });
    await row.getByText('Invited', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Resend invitation to Harbour Games' }).waitFor();
    const mail = await rx.waitFor((m) => /Harbour Games/.test(m.subject ?? ''), 10_000, seen);
    assert.match(mail.text ?? '', /Harbour Games/);
    assert.match(mail.text ?? '', new RegExp(`${e.url}/login`));
    const link = linkIn(mail.text, 'invitation');

    const invited = await e.browser.newContext();
    const org = await invited.newPage();
    try {
      await org.goto(link);
      await org.getByRole('heading', { name: 'Choose your password' }).waitFor();
      await org.getByText('For harbour@example.org.').waitFor();
      await org.getByLabel('New password', { exact: true }).fill('Harbour-pass-1');
      await org.getByLabel('Retype new password').fill('Harbour-pass-1');
      await org.getByRole('button', { name: 'Set password and sign in' }).click();
      await org.waitForURL((u) => /^\/admin\/organizer\/\d+$/.test(u.pathname));
      await org.locator('.user-name', { hasText: 'Harbour Games' }).waitFor();
    } finally {
      await invited.close();
    }
  } finally {
    await admin.close();
  }
  assert.equal(e.errors, []);
});

test.run();
