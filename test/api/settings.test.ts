import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { tokenFor } from './admin-helpers.ts';
import { openPassword } from '../../server/lib/mail/smtp-password.ts';

let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const PATHS = ['settings/company', 'companysettings', 'settings/email', 'emailsettings'];
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const company = {
  logo: '',
  name: 'Events Inc',
  primary_mail: 'info@events.example',
  sales_mail: 'sales@events.example',
  phone: '555 0100',
  address: '1 Main St\nTown',
};
const smtp = {
  smtp_server: 'smtp.example.com',
  smtp_email: 'noreply@example.com',
  smtp_username: 'mailer',
  smtp_password: 'S3cret!',
  smtp_port: '587',
  smtp_type: 'tls',
};

test('every settings path is 401 without a token and 403 for a role without the Settings menu', async () => {
  const { token } = await tokenFor(api, admin, ['users']);
  for (const p of PATHS)
    for (const m of ['GET', 'PUT']) {
      assert.is((await api.call(m, p)).status, 401, `${m} ${p}`);
      assert.is((await api.call(m, p, { token, form: m === 'PUT' ? { name: 'x' } : undefined })).status, 403, `${m} ${p}`);
    }
});

test('company settings are saved on one reading and read the same on both', async () => {
  const r = await api.call('PUT', 'settings/company', { token: admin, form: company });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.message, 'Company settings updated successfully.');
  assert.equal((await api.call('GET', 'companysettings', { token: admin })).body.data, company);
  await api.call('PUT', 'companysettings', { token: admin, form: { ...company, name: 'Other' } });
  assert.is((await api.call('GET', 'settings/company', { token: admin })).body.data.name, 'Other');
});

test('the SMTP password is write-only: reads answer it empty; a blank save keeps it only with the same server, port and user name', async () => {
  const r = await api.call('PUT', 'emailsettings', { token: admin, form: smtp });
  assert.is(r.body.message, 'Email settings updated successfully.');
  assert.is(r.body.data.smtp_password, '');
  for (const p of ['settings/email', 'emailsettings']) {
    const got = (await api.call('GET', p, { token: admin })).body.data;
    assert.equal({ ...got, smtp_password_set: undefined }, { ...smtp, smtp_password: '', smtp_password_set: undefined });
    assert.is(got.smtp_password_set, true);
  }
  // Stored sealed (smtp-at-rest.test.ts); read here through the server's key.
  const stored = async () => {
    const row = (await api.sql.get<{ smtp_password: string; smtp_port: string }>('SELECT smtp_password, smtp_port FROM email_settings'))!;
    return { smtp_password: openPassword(api.config.twoStepKey, row.smtp_password), smtp_port: row.smtp_port };
  };
  assert.is((await api.call('PUT', 'settings/email', { token: admin, form: { ...smtp, smtp_password: '' } })).status, 200);
  assert.equal(await stored(), { smtp_password: 'S3cret!', smtp_port: '587' });
  assert.is((await api.call('PUT', 'settings/email', { token: admin, form: { ...smtp, smtp_port: '465', smtp_password: '' } })).status, 200);
  assert.equal(await stored(), { smtp_password: '', smtp_port: '465' });
  assert.is((await api.call('GET', 'settings/email', { token: admin })).body.data.smtp_password_set, false);
});

test('settings validation: e-mails must be valid, the port a number 1-65535', async () => {
  const c = await api.call('PUT', 'settings/company', { token: admin, form: { ...company, primary_mail: 'nope' } });
  assert.is(c.status, 422);
  assert.equal(c.body.errors, { primary_mail: ['The primary mail must be a valid email address.'] });
  const e = await api.call('PUT', 'settings/email', { token: admin, form: { ...smtp, smtp_email: 'x', smtp_port: '70000' } });
  assert.equal(Object.keys(e.body.errors).sort(), ['smtp_email', 'smtp_port']);
});

test('a logo sent as a data URL is stored under uploads and read back by URL; other content is refused', async () => {
  const r = await api.call('PUT', 'settings/company', { token: admin, form: { ...company, logo: PNG } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const url = (await api.call('GET', 'settings/company', { token: admin })).body.data.logo as string;
  assert.match(url, /^\/uploads\/settings\/.+\.png$/);
  assert.is((await fetch(`${api.url}${url}`)).status, 200);
  // Saving again with the same URL keeps it.
  await api.call('PUT', 'settings/company', { token: admin, form: { ...company, logo: url } });
  assert.is((await api.call('GET', 'settings/company', { token: admin })).body.data.logo, url);
  const bad = await api.call('PUT', 'settings/company', { token: admin, form: { ...company, logo: 'data:image/png;base64,aGVsbG8=' } });
  assert.is(bad.status, 422);
  assert.ok(bad.body.errors.logo);
});

test.run();
