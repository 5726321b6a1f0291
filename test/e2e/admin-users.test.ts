import { test } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startE2E, JOB_MS, signIn, type E2E } from './harness.ts';

/** Users screen and Import Users end to end (admin-area §2, §5, §8; DESIGN.md §4). */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
let e: E2E;
let admin: string;
test.before(async () => {
  e = await startE2E();
  admin = await e.api.login();
  for (const name of ['editor', 'support']) await e.api.call('POST', 'role', { token: admin, form: { name, permissions: '[]', roles: '[]' } });
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
});

const openImport = async () => {
  await e.page.getByRole('button', { name: 'Import User' }).click();
  const dialog = e.page.getByRole('dialog', { name: 'Import Users' });
  await dialog.getByText('Upload file to import users').waitFor();
  return dialog;
};
const userCount = async () => Number((await e.api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))!.n);

test('a user is added with the Role select, edited without a password, and deleted', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users`);
  await page.getByRole('button', { name: 'ADD User' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add User' });
  assert.is(await dialog.getByLabel('Role').inputValue(), '0');
  await dialog.getByLabel('Name').fill('Nina Add');
  await dialog.getByLabel('Email').fill('nina@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('Secret123');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('.toast', { hasText: 'Please select any Role.' }).waitFor();
  await dialog.getByLabel('Role').selectOption({ label: 'editor' });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('User created successfully.').waitFor();
  const row = page.getByRole('row').filter({ hasText: 'nina@example.com' });
  await row.getByRole('cell', { name: 'editor', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Edit Nina Add' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit User' });
  await page.waitForFunction(() => (document.querySelector('.modal input[name=email]') as HTMLInputElement | null)?.value === 'nina@example.com');
  assert.is(await dialog.getByLabel('Password').inputValue(), '');
  await dialog.getByLabel('Name').fill('Nina Edited');
  await dialog.getByLabel('Role').selectOption({ label: 'support' });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('User updated successfully.').waitFor();
  await page.getByRole('row').filter({ hasText: 'Nina Edited' }).getByRole('cell', { name: 'support', exact: true }).waitFor();
  // The password was not sent, so the old one still works.
  await e.api.login('nina@example.com', 'Secret123');

  await page.getByRole('button', { name: 'Delete Nina Edited' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete User' });
  await dialog.getByText('Do you want to delete the user?').waitFor();
  await dialog.getByRole('button', { name: 'YES' }).click();
  await page.getByText('User deleted successfully.').waitFor();
  await page.getByRole('cell', { name: 'Nina Edited', exact: true }).waitFor({ state: 'detached' });
});

test('choosing several files at once says "Cannot use multiple files"', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users`);
  const dialog = await openImport();
  await page.locator('.drop-zone').evaluate((zone) => {
    const dt = new DataTransfer();
    dt.items.add(new File(['a'], 'one.csv'));
    dt.items.add(new File(['b'], 'two.csv'));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await page.locator('.toast', { hasText: 'Cannot use multiple files' }).waitFor();
  // No file is chosen, so Import says so at the file field instead of sending anything.
  await dialog.getByRole('button', { name: 'Import' }).click();
  const fileInput = dialog.locator('input[type=file]');
  assert.is(await fileInput.getAttribute('aria-invalid'), 'true');
  await dialog.getByText('Please choose a spreadsheet.').waitFor();
  await dialog.getByText('Close', { exact: true }).click();
});

test('a CSV is previewed before Import and then imported; the list shows the new users', async () => {
  const { page } = e;
  const dialog = await openImport();
  await dialog.locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'users.csv'));
  await dialog.getByText('3 users in the file:').waitFor();
  await dialog.getByRole('cell', { name: 'alice.import@example.com' }).waitFor();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await page.getByText('3 users imported successfully.').waitFor({ timeout: JOB_MS });
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('cell', { name: 'bob.import@example.com' }).waitFor();
  // The import remembers its rows: one click lists exactly the users it added.
  await page.getByRole('button', { name: 'Show the 3 imported users' }).click();
  await page.getByText('Showing the users one import added.').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row-id]').length === 3);
  const emails = await page.locator('tbody tr[data-row-id] td').allInnerTexts();
  assert.equal(emails.filter((t) => t.includes('@')).sort(), ['alice.import@example.com', 'bob.import@example.com', 'carol.import@example.com']);
  assert.match(page.url(), /import_job=\d+/);
  await page.getByRole('button', { name: 'Show all users' }).click();
  await page.getByRole('cell', { name: 'admin@example.com' }).waitFor();
});

test('an .xlsx written by LibreOffice is previewed and imported', async () => {
  const { page } = e;
  const dialog = await openImport();
  await dialog.locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'users.xlsx'));
  await dialog.getByRole('cell', { name: 'xlsx.one@example.com' }).waitFor();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await page.getByText('2 users imported successfully.').waitFor({ timeout: JOB_MS });
  await e.api.login('xlsx.two@example.com', 'Secret123!');
});

test('a sheet with one bad e-mail shows the row and why before sending, and Import stays off', async () => {
  const before = await userCount();
  const dialog = await openImport();
  await dialog.locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'users-bad.csv'));
  await dialog.getByText('Row 3: The email "not-an-email" is not a valid email address.').waitFor();
  assert.ok(await dialog.getByRole('button', { name: 'Import' }).isDisabled());
  assert.is(await userCount(), before);
  await dialog.getByText('Close', { exact: true }).click();
});

test('a sheet with an unknown role, a repeated e-mail and a stored e-mail names each row in the preview and sends nothing', async () => {
  const { page } = e;
  const before = await userCount();
  const sent: string[] = [];
  const listen = (r: { method(): string; url(): string }) => {
    if (r.method() === 'POST') sent.push(new URL(r.url()).pathname);
  };
  page.on('request', listen);
  const dialog = await openImport();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'roles.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'name,email,password,role\nFine Row,fine.row@example.com,Secret123!,editor\nOdd Row,odd.row@example.com,Secret123!,janitor\n' +
        'Twice,fine.row@example.com,Secret123!,editor\nKnown,Alice.Import@example.com,Secret123!,support\n',
    ),
  });
  await dialog.getByText('4 users in the file:').waitFor();
  await dialog.getByText('Row 3: The role "janitor" does not exist.').waitFor();
  await dialog.getByText('Row 4: The email fine.row@example.com is already used in row 2.').waitFor();
  await dialog.getByText('Row 5: The email Alice.Import@example.com has already been taken.').waitFor();
  assert.ok(await dialog.getByRole('button', { name: 'Import' }).isDisabled());
  await dialog.locator('form').evaluate((f) => (f as HTMLFormElement).requestSubmit()); // Enter cannot send it either
  await page.waitForTimeout(300);
  page.off('request', listen);
  assert.equal(sent, ['/api/user/import/check'], 'only the one e-mail check was sent');
  assert.is(await userCount(), before);
  await dialog.getByText('Close', { exact: true }).click();
});

test('when the preview cannot check stored e-mails, the server refuses the sheet and the modal lists the row and why', async () => {
  const { page } = e;
  const before = await userCount();
  await page.route('**/api/user/import/check', (r) => r.abort());
  const dialog = await openImport();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'taken.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name,email,password,role\nFine Row,fine.row@example.com,Secret123!,editor\nKnown,bob.import@example.com,Secret123!,editor\n'),
  });
  await dialog.getByText('2 users in the file:').waitFor();
  await page.waitForFunction(() => !document.querySelector('.modal .spinner'));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await dialog.getByText('Nothing was imported:').waitFor({ timeout: JOB_MS });
  await dialog.getByText('Row 3: The email bob.import@example.com has already been taken.').waitFor();
  await page.unroute('**/api/user/import/check');
  assert.is(await userCount(), before);
  assert.equal(
    e.errors.filter((m) => !/import\/check|Failed to fetch|ERR_FAILED/.test(m)),
    [],
  );
});

test.run();
