import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Secret, TOTP, URI } from 'otpauth';
import { startE2E, signIn, type E2E } from './harness.ts';
import { CODE_JUST_USED } from '../../src/common/two-step.ts';
import type { Page } from 'playwright-core';

// Two-step sign-in from a user's side (docs/security.md "Two-step sign-in"): the code just used,
// recovery to a new phone after a recovery-code sign-in, and the first passkey's warning and
// recovery codes. Codes are made here from the secret the page shows, as an authenticator app would.
let e: E2E;
const SAM = { email: 'sam@example.com', password: 'Sam-pass-12' };
const RIA = { email: 'ria@example.com', password: 'Ria-pass-12' };
const KIM = { email: 'kim@example.com', password: 'Kim-pass-12' };
let riaRecovery: string[] = [];
test.before(async () => {
  e = await startE2E();
  const token = await e.api.login();
  for (const [name, u] of [
    ['Sam Scanner', SAM],
    ['Ria Recovery', RIA],
    ['Kim Key', KIM],
  ] as const) {
    const made = await e.api.call('POST', 'user', { token, form: { name, email: u.email, password: u.password, role: '1' } });
    if (made.status !== 200) throw new Error(JSON.stringify(made.body));
  }
  // Ria's authenticator app is on (through the API); the phone it was on is then lost.
  const ria = await e.api.login(RIA.email, RIA.password);
  const setup = await e.api.call('POST', 'account/two-step/totp', { token: ria });
  const app = URI.parse(setup.body.data.uri) as TOTP;
  const on = await e.api.call('POST', 'account/two-step/totp/confirm', { token: ria, form: { code: app.generate() } });
  if (on.status !== 200) throw new Error(JSON.stringify(on.body));
  riaRecovery = on.body.data.recovery_codes;
});
test.after(async () => {
  await e.stop();
});

/** The app of the secret the page shows. */
async function appOnPage(page: Page) {
  const secret = ((await page.getByTestId('two-step-secret').textContent()) ?? '').replace(/\s+/g, '');
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

async function signOut(page: Page) {
  await page.locator('.user-toggle').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
}

test('the code the enrolment just used says "That code was just used: wait for the next one." at sign-in; the next code signs in', async () => {
  const context = await e.browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  try {
    await signIn(page, e.url, SAM.email, SAM.password);
    await page.goto(`${e.url}/admin/account`);
    const card = page.locator('section.sign-in-methods');
    await card.getByRole('heading', { name: 'Sign-in methods' }).waitFor();
    await card.getByText('Two-step sign-in is off: your password alone signs you in.').waitFor();
    await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const app = await appOnPage(page);
    const used = app.generate();
    await page.getByLabel('Authentication code').fill(used);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await card.getByText('Two-step sign-in is on: authenticator app. Recovery codes left: 10.').waitFor();
    await signOut(page);

    await page.getByLabel('Email').fill(SAM.email);
    await page.getByLabel('Password').fill(SAM.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const field = page.getByLabel('Authentication code');
    await field.fill(used);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: CODE_JUST_USED }).waitFor();
    assert.is(await page.getByText('The code is not right.').count(), 0, 'not called wrong');
    // Still the same second step: the next code signs in.
    await field.fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
  } finally {
    await context.close();
  }
});

test('recovery to a new phone: a recovery code signs in, My account says 9 are left, "Set up your new phone" replaces the app and gives new recovery codes', async () => {
  const context = await e.browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  try {
    await page.goto(`${e.url}/login`);
    await page.getByLabel('Email').fill(RIA.email);
    await page.getByLabel('Password').fill(RIA.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(riaRecovery[0]);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Straight to My account, where the notice says how many are left.
    await page.waitForURL((u) => u.pathname === '/admin/account');
    const notice = page.locator('.recovery-notice');
    await notice.getByText('You used a recovery code (9 left).').waitFor();
    await page.locator('.account-sessions tbody tr', { hasText: 'This browser' }).filter({ hasText: 'Password + recovery code' }).waitFor();

    await notice.getByRole('button', { name: 'Set up your new phone' }).click();
    await page.getByText('Scan this QR code with the authenticator app on your new phone').waitFor();
    const phone = await appOnPage(page);
    await page.getByLabel('Authentication code').fill(phone.generate());
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    await page.getByText('Your new phone is set up').waitFor();
    assert.is(await codes.getByRole('listitem').count(), 10);
    const fresh = await codes.getByRole('listitem').allInnerTexts();
    assert.not.ok(fresh.includes(riaRecovery[1]), 'new codes, not the old ones');
    await page.getByRole('button', { name: 'Done' }).click();
    const card = page.locator('section.sign-in-methods');
    await card.getByText('Two-step sign-in is on: authenticator app. Recovery codes left: 10.').waitFor();
    assert.is(await page.locator('.recovery-notice').count(), 0, 'the notice is gone once the new phone is set up');
    assert.ok(await card.getByRole('button', { name: 'Replace authenticator' }).isVisible());
    assert.ok(await card.getByRole('button', { name: 'New recovery codes' }).isVisible());

    // The new phone signs in; the old recovery codes do not.
    const step = (await e.api.call('POST', 'login', { form: { email: RIA.email, password: RIA.password } })).body.data.challenge;
    assert.is((await e.api.call('POST', 'login/mfa', { form: { challenge: step, code: riaRecovery[1] } })).status, 401);
    assert.is((await e.api.call('POST', 'login/mfa', { form: { challenge: step, code: phone.generate({ timestamp: Date.now() + 30_000 }) } })).status, 200);
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('before the first passkey a warning says the password alone will no longer do; the passkey comes with recovery codes, shown once', async () => {
  // Passkeys need a domain: the console is opened at localhost, which the relying party names.
  const url = e.url.replace('127.0.0.1', 'localhost');
  e.api.config.webauthnRpId = 'localhost';
  e.api.config.webauthnOrigin = url;
  const context = await e.browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
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
    await signIn(page, url, KIM.email, KIM.password);
    await page.goto(`${url}/admin/account`);
    const card = page.locator('section.sign-in-methods');
    const warning = card
      .getByRole('note')
      .filter({ hasText: 'Adding a passkey turns two-step sign-in on: after that, your password alone no longer signs you in.' });
    await warning.waitFor();
    const warningBox = (await warning.boundingBox())!;
    const addBox = (await card.getByRole('button', { name: 'Add a passkey' }).boundingBox())!;
    assert.ok(warningBox.y < addBox.y, 'the warning comes before the button');

    await page.getByLabel('Passkey name').fill('Laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const codes = card.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    assert.is(await codes.getByRole('listitem').count(), 10);
    await card.getByText('Two-step sign-in is on: 1 passkey. Recovery codes left: 10.').waitFor();
    assert.is(await warning.count(), 0, 'no warning once two-step sign-in is on');
    await card.getByRole('button', { name: 'Done' }).click();
    await codes.waitFor({ state: 'detached' });
  } finally {
    await context.close();
  }
});

test.run();
