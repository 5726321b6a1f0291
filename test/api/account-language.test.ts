import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';

// The user's language (docs/languages.md "Choosing the language"): saved with the user, so a
// sign-in from any browser reads it; only the shipped locales; the change is in the activity log.
let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after(async () => {
  await api.stop();
});

test('a new user has no language: the browser decides', async () => {
  const token = await api.login();
  const r = await api.call('GET', 'account/language', { token });
  assert.is(r.status, 200);
  assert.equal(r.body.data, { language: null });
  assert.is((await api.call('GET', 'account/language')).status, 401);
  assert.is((await api.call('POST', 'login', { form: { email: ADMIN.email, password: ADMIN.password } })).body.data.language, null);
});

test('the chosen language is kept with the user and read by a later session (another browser)', async () => {
  const first = await api.login();
  const saved = await api.call('PUT', 'account/language', { token: first, form: { language: 'fr' } });
  assert.is(saved.status, 200);
  assert.equal(saved.body.data, { language: 'fr' });
  const signIn = await api.call('POST', 'login', { form: { email: ADMIN.email, password: ADMIN.password } });
  assert.is(signIn.body.data.language, 'fr', 'the sign-in answer carries the saved language');
  const second = signIn.body.data.token as string;
  assert.equal((await api.call('GET', 'account/language', { token: second })).body.data, { language: 'fr' });
  const rows = await api.sql.all<{ changes: string }>("SELECT changes FROM activity WHERE resource = 'users' AND action = 'update' ORDER BY id DESC");
  assert.ok(rows[0]?.changes.includes('"language"'), `the change is in the activity log: ${rows[0]?.changes}`);
  // '' forgets the choice.
  assert.equal((await api.call('PUT', 'account/language', { token: second, form: { language: '' } })).body.data, { language: null });
  assert.equal((await api.call('GET', 'account/language', { token: first })).body.data, { language: null });
});

test('only a shipped language is accepted; nothing is stored otherwise', async () => {
  const token = await api.login();
  await api.call('PUT', 'account/language', { token, form: { language: 'es' } });
  for (const language of ['de', 'EN', 'fr-FR', 'x'.repeat(5000)]) {
    const r = await api.call('PUT', 'account/language', { token, form: { language } });
    assert.is(r.status, 422, language);
    assert.ok(r.body.errors.language, JSON.stringify(r.body));
  }
  assert.equal((await api.call('GET', 'account/language', { token })).body.data, { language: 'es' });
});

test.run();
