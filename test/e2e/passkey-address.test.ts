import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';

// Passkeys on the address the server prints (docs/security.md "Where passkeys work"): started as
// `npm start` starts it (start.ts localhostDefault), the console at http://localhost:PORT adds a
// passkey with Chromium's virtual authenticator; at http://127.0.0.1:PORT the Passkeys card and the
// sign-in page say why passkeys cannot work there and link the printed address instead.
let e: E2E;
let printed = '';
let ip = '';
const USER = { email: 'pia@example.com', password: 'Passkey-address-1' };
/** A user who signs in with a passkey only (no authenticator app). */
const SIGNER = { email: 'pio@example.com', password: 'Passkey-address-2' };

test.before(async () => {
  e = await startE2E({ localhostDefault: true });
  printed = e.api.consoleUrl;
  ip = e.api.url;
  const token = await e.api.login();
  for (const [name, u] of [
    ['Pia Passkey', USER],
    ['Pio Passkey', SIGNER],
  ] as const) {
    const user = await e.api.call('POST', 'user', { token, form: { name, email: u.email, password: u.password, role: '1' } });
    if (user.status !== 200) throw new Error(JSON.stringify(user.body));
  }
});
test.after(async () => {
  await e.stop();
});

/** A browser with one virtual platform authenticator (CDP WebAuthn) that answers at once. */
async function withAuthenticator(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await e.browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
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
  return { context, page, errors };
}

test('the printed address is http://localhost:PORT, and a passkey is added there; a second on the same device is refused by name', async () => {
  assert.match(printed, /^http:\/\/localhost:\d+$/);
  const { context, page, errors } = await withAuthenticator();
  try {
    await signIn(page, printed, USER.email, USER.password);
    await page.goto(`${printed}/admin/account`);
    await page.getByLabel('Passkey name').fill('Laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.locator('.passkeys tbody tr', { hasText: 'Laptop' }).waitFor();
    assert.is(await page.getByRole('note', { name: 'Passkeys on this address' }).count(), 0);

    // The authenticator already holds this account's passkey: the browser's refusal, by its name.
    await page.getByLabel('Passkey name').fill('Laptop again');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The passkey was not added: the browser answered InvalidStateError (this device already holds a passkey of this account).' })
      .waitFor();
    assert.is(await page.locator('.passkeys tbody tr').count(), 1);
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('at 127.0.0.1 the Passkeys card says why and links the printed address instead of "Add a passkey"', async () => {
  const page = e.page;
  await signIn(page, ip);
  await page.goto(`${ip}/admin/account`);
  const note = page.getByRole('note', { name: 'Passkeys on this address' });
  await note.getByText('Passkeys do not work at 127.0.0.1: browsers refuse passkeys on an IP address.').waitFor();
  await note.getByText(`Open the console at ${printed} to add or use a passkey.`).waitFor();
  assert.is(await note.getByRole('link', { name: printed }).getAttribute('href'), `${printed}/admin/account`);
  assert.is(await page.getByRole('button', { name: 'Add a passkey' }).count(), 0, 'no button that would fail');
  assert.is(await page.getByLabel('Passkey name').count(), 0);
  assert.equal(e.errors, []);
});

test('a passkey user signing in at 127.0.0.1 is told why and led to the printed address, where the passkey signs in', async () => {
  const { context, page, errors } = await withAuthenticator();
  try {
    // The passkey of this test's own authenticator, added at the printed address.
    await signIn(page, printed, SIGNER.email, SIGNER.password);
    await page.goto(`${printed}/admin/account`);
    await page.getByLabel('Passkey name').fill('Phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.locator('.passkeys tbody tr', { hasText: 'Phone' }).waitFor();
    await page.locator('.user-toggle').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');

    await page.goto(`${ip}/login`);
    await page.getByLabel('Email').fill(SIGNER.email);
    await page.getByLabel('Password').fill(SIGNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    const note = page.getByRole('note', { name: 'Passkeys on this address' });
    await note.getByText('Passkeys do not work at 127.0.0.1: browsers refuse passkeys on an IP address.').waitFor();
    assert.is(await page.getByText('Confirm with your passkey.').count(), 0, 'not asked for what cannot work here');
    assert.is(await page.getByRole('button', { name: 'Use a passkey' }).count(), 0);
    // The codes the account has are still offered here.
    const methods: string[] = (await e.api.call('POST', 'login', { form: SIGNER })).body.data.methods;
    assert.is(await page.getByLabel('Recovery code').isVisible(), methods.includes('recovery'), methods.join());
    if (!methods.includes('recovery')) await page.getByText('Your passkey cannot be used on this address.').waitFor();

    await note.getByRole('link', { name: printed }).click();
    await page.waitForURL(`${printed}/login`);
    await page.getByLabel('Email').fill(SIGNER.email);
    await page.getByLabel('Password').fill(SIGNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test.run();
