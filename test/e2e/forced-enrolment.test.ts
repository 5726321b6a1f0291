import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Secret, TOTP } from 'otpauth';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeRole, makeUser } from '../api/admin-helpers.ts';

// A role that requires two-step sign-in, from both sides (docs/security.md "Two-step sign-in"):
// its member's first step is the enrolment, full width with their name in the header, and the
// menu works at once after it; the administrator sees who has it on and which roles require it.
let e: E2E;
let admin: string;
const ROLE = 'field-staff';
/** The requirement line at the top of the first step (src/app/shell/enrol-first.tsx). */
const ENROL_REQUIRED = 'Your role requires two-step sign-in: turn it on to use the console.';
const MEMBER = { name: 'Mia Member', email: 'mia@example.com', password: 'Member-pass-1' };
const OTHER = { name: 'Ola Other', email: 'ola@example.com', password: 'Other-pass-1' };
const PHONE = { name: 'Pia Phone', email: 'pia@example.com', password: 'Phone-pass-1' };
const KEY = { name: 'Kai Key', email: 'kai@example.com', password: 'Passkey-pass-1' };
let memberId = 0;
test.before(async () => {
  e = await startE2E();
  // Several browsers share the machine's two cores: a wait may take longer than the default 10 s.
  e.page.setDefaultTimeout(20_000);
  admin = await e.api.login();
  const role = await makeRole(e.api, admin, { name: ROLE, screens: ['pages'] });
  const { permissions } = (await e.api.call('GET', `role/${role}`, { token: admin })).body.data;
  const put = await e.api.call('PUT', `role/${role}`, {
    token: admin,
    form: { name: ROLE, permissions: JSON.stringify(permissions.map((p: { id: number }) => p.id)), roles: '[]', require_two_step: '1' },
  });
  if (put.status !== 200) throw new Error(JSON.stringify(put.body));
  for (const u of [MEMBER, OTHER]) {
    const r = await e.api.call('POST', 'user', { token: admin, form: { name: u.name, email: u.email, password: u.password, role: String(role) } });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    if (u === MEMBER) memberId = r.body.data.id;
  }
  for (const u of [PHONE, KEY]) {
    const r = await e.api.call('POST', 'user', { token: admin, form: { ...u, role: String(role) } });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  }
  // A user of another role, with nothing set up: no badge, no reset.
  await makeUser(e.api, admin, await makeRole(e.api, admin, { screens: ['pages'] }), 'plain@example.com');
});
test.after(async () => {
  await e.stop();
});

test('the Roles list says which roles require two-step sign-in; the Role form says how many members have no second step yet', async () => {
  const { page, url } = e;
  await signIn(page, url);
  await page.goto(`${url}/admin/roles`);
  const row = page.locator('tbody tr', { hasText: ROLE });
  await row.getByText('Required').waitFor();
  assert.is(
    await page
      .locator('tbody tr', { has: page.getByRole('button', { name: 'Edit admin', exact: true }) })
      .getByText('Required')
      .count(),
    0,
    'the admin role does not require it',
  );
  await page.getByRole('button', { name: `Edit ${ROLE}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Role' });
  const box = dialog.getByLabel('Require two-step sign-in');
  await dialog.getByText('4 members have no second step yet.').waitFor();
  assert.ok(await box.isChecked());
  assert.match((await box.getAttribute('aria-describedby')) ?? '', /role-two-step-members/);
  await page.keyboard.press('Escape');
});

test('a member whose role requires two-step sign-in lands on a full-width first step with their name, enrols the app and has a working menu at once', async () => {
  const context = await e.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  try {
    await signIn(page, e.url, MEMBER.email, MEMBER.password);
    await page.getByRole('heading', { name: 'Turn on two-step sign-in' }).waitFor();
    const lead = page.getByRole('alert').filter({ hasText: ENROL_REQUIRED });
    await lead.waitFor();
    assert.is(await page.getByText(ENROL_REQUIRED).count(), 1, 'the requirement is said once');
    // Their name in the header, not "?".
    await page.locator('.user-toggle .user-name', { hasText: MEMBER.name }).waitFor();
    assert.is(await page.locator('.user-toggle .avatar').textContent(), 'MM');
    // Full width: no menu, the content starts at the window's left edge.
    assert.is(await page.locator('#sidebar').count(), 0, 'no menu before enrolling');
    const content = (await page.locator('main#content').boundingBox())!;
    assert.ok(content.x < 5, `the content starts at the left edge (x = ${content.x})`);
    // The requirement line at the top, the button above the fold.
    const turnOn = page.getByRole('button', { name: 'Turn on two-step sign-in' });
    const leadBox = (await lead.boundingBox())!;
    const buttonBox = (await turnOn.boundingBox())!;
    assert.ok(leadBox.y < buttonBox.y, 'the requirement comes first');
    assert.ok(buttonBox.y + buttonBox.height <= 720, `the button is above the fold (bottom ${buttonBox.y + buttonBox.height})`);
    // The other way, beside it: a passkey.
    await page.getByRole('heading', { name: 'Passkeys', exact: true }).waitFor();

    await turnOn.click();
    const secret = ((await page.getByTestId('two-step-secret').textContent()) ?? '').replace(/\s+/g, '');
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
    await page.getByLabel('Authentication code').fill(totp.generate());
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    // The menu is there at once, beside the recovery codes (nothing to reload, nowhere to bounce).
    const menuLink = page.locator('#sidebar').getByRole('link', { name: `${ROLE} pages` });
    await menuLink.waitFor();
    await page.getByRole('heading', { name: 'Two-step sign-in is on' }).waitFor();
    assert.is(await page.locator('.user-toggle .user-name').textContent(), MEMBER.name);
    await page.getByRole('button', { name: 'Done' }).click();
    await menuLink.click();
    await page.waitForURL((u) => u.pathname === '/admin/pages');
    await page.getByRole('heading', { name: 'Pages', exact: true }).waitFor();
    assert.is(new URL(page.url()).pathname, '/admin/pages', 'no bounce back');
    assert.is(await page.getByRole('heading', { name: 'Turn on two-step sign-in' }).count(), 0);
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('a member enrols with a passkey instead (a virtual authenticator at localhost): its recovery codes and the menu show at once', async () => {
  // Passkeys need a domain: the console is opened at localhost, which the relying party names.
  const url = e.url.replace('127.0.0.1', 'localhost');
  e.api.config.webauthnRpId = 'localhost';
  e.api.config.webauthnOrigin = url;
  const context = await e.browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
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
    await signIn(page, url, KEY.email, KEY.password);
    await page.getByRole('alert').filter({ hasText: ENROL_REQUIRED }).waitFor();
    await page.getByLabel('Passkey name').fill('Laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    assert.is(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count(), 10);
    const menuLink = page.locator('#sidebar').getByRole('link', { name: `${ROLE} pages` });
    await menuLink.waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await menuLink.click();
    await page.waitForURL((u) => u.pathname === '/admin/pages');
    await page.getByRole('heading', { name: 'Pages', exact: true }).waitFor();
  } finally {
    await context.close();
  }
});

test('on a 390 px phone the first step puts the requirement first and the button in view, without a menu toggle', async () => {
  const context = await e.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  try {
    await signIn(page, e.url, PHONE.email, PHONE.password);
    const lead = page.getByRole('alert').filter({ hasText: ENROL_REQUIRED });
    await lead.waitFor();
    const turnOn = page.getByRole('button', { name: 'Turn on two-step sign-in' });
    const buttonBox = (await turnOn.boundingBox())!;
    assert.ok((await lead.boundingBox())!.y < buttonBox.y, 'the requirement comes first');
    assert.ok(buttonBox.y + buttonBox.height <= 844, `the button is above the fold (bottom ${buttonBox.y + buttonBox.height})`);
    assert.is(await page.getByRole('button', { name: 'Toggle menu' }).isVisible(), false, 'no menu to open');
    // The name hides on a phone; its initials stay.
    await page.locator('.user-toggle .avatar', { hasText: 'PP' }).waitFor();
  } finally {
    await context.close();
  }
});

test('an administrator sees the badge in Users and the state in Edit User, with only the actions that apply', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users`);
  const member = page.locator('tbody tr', { hasText: MEMBER.email });
  await member.getByText('Two-step', { exact: true }).waitFor();
  assert.is(await page.locator('tbody tr', { hasText: 'plain@example.com' }).getByText('Two-step', { exact: true }).count(), 0, 'no badge without a factor');
  assert.is(await page.locator('tbody tr', { hasText: OTHER.email }).getByText('Two-step', { exact: true }).count(), 0);

  await page.getByRole('button', { name: `Edit ${MEMBER.name}`, exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByTestId('user-two-step-state').filter({ hasText: 'On: authenticator app.' }).waitFor();
  assert.ok(await dialog.getByRole('button', { name: 'Reset two-step sign-in' }).isVisible());
  assert.is(await dialog.getByRole('button', { name: 'Unlock sign-in codes' }).count(), 0, 'not locked: no unlock');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // Locked (as 10 wrong codes leave it): the unlock shows, and pressing it clears the lock.
  await e.api.sql.run(
    'INSERT INTO two_step_guard (user_id, wrong, locked_at) VALUES (?, 10, ?) ON CONFLICT (user_id) DO UPDATE SET wrong = 10, locked_at = excluded.locked_at',
    [memberId, Date.now()],
  );
  await page.getByRole('button', { name: `Edit ${MEMBER.name}`, exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByText('Their sign-in codes are locked after too many wrong codes in a row.').waitFor();
  await dialog.getByRole('button', { name: 'Unlock sign-in codes' }).click();
  await dialog.getByText('Their sign-in codes are locked after too many wrong codes in a row.').waitFor({ state: 'hidden' });
  assert.is(await dialog.getByRole('button', { name: 'Unlock sign-in codes' }).count(), 0);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  await page
    .locator('tbody tr', { hasText: 'plain@example.com' })
    .getByRole('button', { name: /^Edit / })
    .click();
  dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByTestId('user-two-step-state').filter({ hasText: 'Off: no authenticator app, no passkey.' }).waitFor();
  assert.is(await dialog.getByRole('button', { name: 'Reset two-step sign-in' }).count(), 0, 'nothing to reset');
  await page.keyboard.press('Escape');

  // The Role form's count follows: Mia and Kai have a second step now, Ola and Pia none.
  await page.goto(`${url}/admin/roles`);
  await page.getByRole('button', { name: `Edit ${ROLE}`, exact: true }).click();
  await page.getByRole('dialog', { name: 'Edit Role' }).getByText('2 members have no second step yet.').waitFor();
  assert.equal(e.errors, []);
});

test.run();
