import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, ADMIN, type E2E, waitForQuiet } from './harness.ts';
import { RESET_SENT_MESSAGE } from '../../src/common/mail-rules.ts';

/**
 * E-mail trouble where it happens: "Forgot password" keeps its neutral sentence; administrators see a notice leading to
 * Settings → Email, for real mail only, which clears when mail goes out again and stays dismissed until a newer failure.
 */
let e: E2E;
test.before(async () => {
  e = await startE2E();
});
test.after(async () => {
  await e.stop();
});

test('a reset asked while e-mail is stuck still answers the neutral sentence', async () => {
  const { page, url } = e;
  await page.goto(`${url}/forgot-password`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await page.getByText(RESET_SENT_MESSAGE).waitFor();
});

for (const width of [1366, 390]) {
  test(`at ${width} px the administrator sees the notice while an e-mail waits over 5 minutes, and it leads to Settings → Email`, async () => {
    const { page, url, api } = e;
    await page.setViewportSize({ width, height: 860 });
    // No SMTP settings: the reset e-mail waits. Make it older than 5 minutes.
    await api.sql.run("UPDATE outbox SET created_at = ? WHERE status = 'waiting'", [Date.now() - 6 * 60_000]);
    await signIn(page, url);
    const notice = page.getByRole('status').filter({ hasText: 'E-mails are not going out' });
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', /1 waiting for more than 5 minutes/);
    const box = await notice.boundingBox();
    assert.ok(box && box.x + box.width <= width);
    await notice.getByRole('link', { name: 'Open Settings → Email' }).click();
    await page.waitForURL(/\/admin\/settings\?tab=email/);
    assert.is(await page.getByRole('tab', { name: 'Email' }).getAttribute('aria-selected'), 'true');
    await page.getByLabel('SMTP Server').waitFor();
    assert.equal(e.errors, []);
    await page.context().clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  });
}

test('without trouble there is no notice', async () => {
  const { page, url, api } = e;
  await page.setViewportSize({ width: 1366, height: 860 });
  await api.sql.run('DELETE FROM outbox');
  await signIn(page, url);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await waitForQuiet(page);
  assert.is(await page.getByText('E-mails are not going out').count(), 0);
});

test('a failed test e-mail raises no notice; a real failure does, Dismiss hides it across pages and reloads until a newer one, and mail that goes out clears it', async () => {
  const { page, url, api } = e;
  await page.setViewportSize({ width: 1366, height: 860 });
  await api.sql.run('DELETE FROM outbox');
  const mail = (kind: string, status: string) =>
    api.sql.run('INSERT INTO outbox (kind, to_address, subject, status, next_at, created_at, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      kind,
      'x@example.com',
      's',
      status,
      Date.now(),
      Date.now(),
      status === 'sent' ? Date.now() + 1 : null,
    ]);
  const notice = page.getByRole('status').filter({ hasText: 'E-mails are not going out' });
  /** Opens `path` and waits until the notice has been read for it. */
  const open = async (path: string) => {
    const read = page.waitForResponse((r) => r.url().endsWith('/api/settings/email/health'));
    await page.goto(`${url}${path}`);
    await read;
    await page.getByRole('heading').first().waitFor();
  };
  await mail('test', 'failed');
  await mail('settings', 'failed');
  // Signed in by the test before.
  await open('/admin/users');
  assert.is(await notice.count(), 0, 'a failed test e-mail and a notice through the old settings say nothing about real mail');

  await mail('reset', 'failed');
  await open('/admin/pages');
  await notice.waitFor();
  assert.match((await notice.textContent()) ?? '', /1 failed/);
  await notice.getByRole('button', { name: 'Dismiss the e-mail notice' }).click();
  await notice.waitFor({ state: 'detached' });
  await open('/admin/users');
  const reread = page.waitForResponse((r) => r.url().endsWith('/api/settings/email/health'));
  await page.reload();
  await reread;
  assert.is(await notice.count(), 0, 'dismissed stays dismissed across pages and a reload');

  await mail('invite', 'failed');
  await open('/admin/pages');
  await notice.waitFor();
  assert.match((await notice.textContent()) ?? '', /2 failed/, 'a newer failure brings it back');

  await mail('booking', 'sent');
  await open('/admin/users');
  assert.is(await notice.count(), 0, 'a real e-mail went out after the failures: mail flows again');
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
});

test.run();
