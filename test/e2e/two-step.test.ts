import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Secret, TOTP } from 'otpauth';
import { startE2E, signIn, ADMIN, type E2E } from './harness.ts';
import { TWO_STEP_LOCKED, UNLOCKED_MESSAGE } from '../../src/common/two-step.ts';
import { unlockMessage } from '../../server/lib/mail/unlock-mail.ts';
import type { OutboxRow } from '../../server/db/queries/outbox.ts';

// Two-step sign-in through the screens (docs/security.md "Two-step sign-in"): the code is made
// here from the secret the page shows, as an authenticator app would.
let e: E2E;
test.before(async () => {
  e = await startE2E();
  // The passkey test's user, made while the administrator still signs in with a password alone.
  const token = await e.api.login();
  const user = await e.api.call('POST', 'user', { token, form: { name: 'Pat Passkey', email: 'pat@example.com', password: 'Passkey-pass-1', role: '1' } });
  if (user.status !== 200) throw new Error(JSON.stringify(user.body));
  const locked = await e.api.call('POST', 'user', { token, form: { name: 'Lee Locked', email: 'lee@example.com', password: 'Locked-pass-1', role: '1' } });
  if (locked.status !== 200) throw new Error(JSON.stringify(locked.body));
});
test.after(async () => {
  await e.stop();
});

test('turn on two-step sign-in in My account from the secret on the page, sign out, sign in again with a code', async () => {
  const page = e.page;
  await signIn(page, e.url);
  await page.goto(`${e.url}/admin/account`);
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const qr = page.getByRole('img', { name: 'QR code of your two-step secret' });
  await qr.waitFor();
  assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/svg\+xml;base64,/);
  assert.ok(
    await qr.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    'the QR code is drawn (CSP allows data: images)',
  );
  const secret = ((await page.getByTestId('two-step-secret').textContent()) ?? '').replace(/\s+/g, '');
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  await page.getByLabel('Authentication code').fill(totp.generate());
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await page.getByRole('button', { name: 'Download recovery codes' }).waitFor();
  assert.is(await codes.count(), 10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download recovery codes' }).click();
  assert.is((await download).suggestedFilename(), 'recovery-codes.txt');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByText('Recovery codes left: 10.').waitFor();

  await page.locator('.user-toggle').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === '/login');

  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const code = page.getByLabel('Authentication code');
  await code.waitFor();
  assert.is(await code.getAttribute('autocomplete'), 'one-time-code');
  assert.ok(await page.getByRole('button', { name: 'Use a recovery code' }).isVisible());
  // A wrong code is told under the form; the right one (the next step: the enrolment spent this one) signs in.
  await code.fill('000000' === totp.generate() ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('The code is not right.').waitFor();
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/admin');
  await page.goto(`${e.url}/admin/account`);
  await page.locator('.account-sessions tbody tr', { hasText: 'This browser' }).filter({ hasText: 'Password + code' }).waitFor();
  assert.equal(e.errors, []);
});

test('a passkey registered in My account (a virtual authenticator) signs in without a password via "Use a passkey"', async () => {
  // Passkeys need a domain: the console is opened at localhost, which the relying party names.
  const url = e.url.replace('127.0.0.1', 'localhost');
  e.api.config.webauthnRpId = 'localhost';
  e.api.config.webauthnOrigin = url;
  const context = await e.browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await signIn(page, url, 'pat@example.com', 'Passkey-pass-1');
    await page.goto(`${url}/admin/account`);
    await page.getByLabel('Passkey name').fill('Virtual key');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const row = page.locator('.passkeys tbody tr', { hasText: 'Virtual key' });
    await row.waitFor();
    assert.is(await row.locator('td').nth(2).textContent(), '—', 'not used yet');

    await page.locator('.user-toggle').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.goto(`${url}/admin/account`);
    await page.locator('.account-sessions tbody tr', { hasText: 'This browser' }).filter({ hasText: 'Passkey' }).waitFor();
    const used = page.locator('.passkeys tbody tr', { hasText: 'Virtual key' }).locator('td').nth(2);
    await used.waitFor();
    assert.is.not(await used.textContent(), '—', 'its last use is shown');

    // With a passkey, the password alone no longer signs in: the second step offers the passkey, and the recovery codes it came with.
    const answer = await e.api.call('POST', 'login', { form: { email: 'pat@example.com', password: 'Passkey-pass-1' } });
    assert.equal(answer.body.data.methods, ['recovery', 'passkey']);
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

/** A code that is not Lee's in the minutes of this run (set by the test that turns Lee's app on). */
let leeWrong = '';

test('after 10 wrong codes the second step says the codes are locked; the e-mailed link unlocks them with one press', async () => {
  // Lee turns the app on and 10 wrong codes are typed at the second step (through the API).
  const token = await e.api.login('lee@example.com', 'Locked-pass-1');
  const secret = (await e.api.call('POST', 'account/two-step/totp', { token })).body.data.secret as string;
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  assert.is((await e.api.call('POST', 'account/two-step/totp/confirm', { token, form: { code: totp.generate() } })).status, 200);
  const near = new Set([-1, 0, 1, 2].map((s) => totp.generate({ timestamp: Date.now() + s * 30_000 })));
  const wrong = ['000000', '111111', '222222', '333333', '444444'].find((c) => !near.has(c))!;
  leeWrong = wrong;
  for (let round = 0; round < 2; round++) {
    const { challenge } = (await e.api.call('POST', 'login', { form: { email: 'lee@example.com', password: 'Locked-pass-1' } })).body.data;
    for (let i = 0; i < 5; i++) assert.is((await e.api.call('POST', 'login/mfa', { form: { challenge, code: wrong } })).status, 401);
  }
  const context = await e.browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  try {
    await page.goto(`${e.url}/login`);
    await page.getByLabel('Email').fill('lee@example.com');
    await page.getByLabel('Password').fill('Locked-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: TWO_STEP_LOCKED }).waitFor();
    assert.is(await page.getByLabel('Authentication code').count(), 0, 'no code field while locked');

    const row = (await e.api.sql.get<OutboxRow>("SELECT * FROM outbox WHERE kind = 'unlock' AND to_address = 'lee@example.com'"))!;
    const mail = await unlockMessage(e.api.sql, row, '', e.url);
    const link = 'text' in mail ? /(http\S+\/unlock-two-step#\S+)/.exec(mail.text)?.[1] : undefined;
    assert.ok(link, JSON.stringify(mail));
    await page.goto(link!);
    const press = page.getByRole('button', { name: 'Unlock sign-in codes' });
    await press.waitFor();
    assert.is(new URL(page.url()).hash, '', 'the token left the address bar');
    await press.press('Enter');
    await page.getByText(UNLOCKED_MESSAGE).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill('lee@example.com');
    await page.getByLabel('Password').fill('Locked-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByLabel('Authentication code').waitFor();
  } finally {
    await context.close();
  }
});

test('in French, a wrong code keeps the second step and says so in French; locked codes are said in French', async () => {
  // Lee's codes work again (the previous test); a browser whose language is French.
  const context = await e.browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const secondStep = async () => {
    await page.goto(`${e.url}/login`);
    await page.getByLabel('E-mail').fill('lee@example.com');
    await page.getByLabel('Mot de passe').fill('Locked-pass-1');
    await page.getByRole('button', { name: 'Se connecter' }).click();
  };
  try {
    await secondStep();
    const code = page.getByLabel('Code d’authentification');
    await code.fill(leeWrong);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('alert').filter({ hasText: 'Le code n’est pas correct.' }).waitFor();
    assert.ok(await code.isVisible(), 'still the second step: the code field stays');

    // Ten wrong codes in a row (through the API) lock them; the notice is French.
    const { challenge } = (await e.api.call('POST', 'login', { form: { email: 'lee@example.com', password: 'Locked-pass-1' } })).body.data;
    for (let i = 0; i < 5; i++) await e.api.call('POST', 'login/mfa', { form: { challenge, code: leeWrong } });
    const again = (await e.api.call('POST', 'login', { form: { email: 'lee@example.com', password: 'Locked-pass-1' } })).body.data;
    for (let i = 0; i < 5 && !again.codes_locked; i++) await e.api.call('POST', 'login/mfa', { form: { challenge: again.challenge, code: leeWrong } });
    await secondStep();
    await page.getByRole('alert').filter({ hasText: 'Les codes de connexion de ce compte sont bloqués après 10 codes erronés d’affilée.' }).waitFor();
  } finally {
    await context.close();
  }
});

test.run();
