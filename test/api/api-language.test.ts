import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';

// API refusals in the caller's language with stable codes (docs/languages.md "API messages"):
// the same refusal in English and in Spanish, French or Arabic carries the same codes.
let api: TestApi;
let token = '';
test.before(async () => {
  api = await startTestApi();
  token = await api.login();
});
test.after(async () => {
  await api.stop();
});

const blankName = (lang?: string) => api.call('PUT', 'account', { token, form: { name: ' ' }, headers: lang ? { 'accept-language': lang } : {} });

test('a 422 with Accept-Language: es answers Spanish text with the same codes as in English', async () => {
  const english = await blankName();
  const spanish = await blankName('es-ES,es;q=0.9,en;q=0.5');
  assert.is(english.status, 422);
  assert.is(spanish.status, 422);
  assert.is(english.body.message, 'The name field is required.');
  assert.is(spanish.body.message, 'El campo name es obligatorio.');
  assert.equal(english.body.errors, { name: ['The name field is required.'] });
  assert.equal(spanish.body.errors, { name: ['El campo name es obligatorio.'] });
  assert.is(english.body.code, 'validation.required');
  assert.is(spanish.body.code, english.body.code);
  assert.equal(spanish.body.error_codes, english.body.error_codes);
  assert.equal(english.body.error_codes, { name: ['validation.required'] });
});

test('a 404 in French and Arabic, the same code; an unknown language reads English', async () => {
  const fr = await api.call('GET', 'user/999999', { token, headers: { 'accept-language': 'fr' } });
  const ar = await api.call('GET', 'user/999999', { token, headers: { 'accept-language': 'ar' } });
  const de = await api.call('GET', 'user/999999', { token, headers: { 'accept-language': 'de-DE' } });
  assert.is(fr.status, 404);
  assert.is(de.body.message, 'User not found.');
  assert.is(fr.body.message, 'User introuvable.');
  assert.is(ar.body.message, 'User غير موجود.');
  for (const r of [fr, ar, de]) assert.is(r.body.code, 'error.notFound');
});

test('a message without a code keeps its English text and carries no code; a hostile header is ignored', async () => {
  const r = await api.call('PUT', 'account/language', { token, form: { language: 'xx' }, headers: { 'accept-language': `fr;q=1,${'x'.repeat(5000)}` } });
  assert.is(r.status, 422);
  assert.ok(Array.isArray(r.body.error_codes.language), JSON.stringify(r.body));
  const long = await api.call('PUT', 'account', { token, form: { name: ' ' }, headers: { 'accept-language': '*;q=0.1, ;;;, q=x' } });
  assert.is(long.body.message, 'The name field is required.');
});

test("no session and a wrong sign-in are refused in the caller's language, each with its code", async () => {
  const none = await api.call('GET', 'account', { headers: { 'accept-language': 'es' } });
  assert.is(none.status, 401);
  assert.is(none.body.message, 'No autenticado.');
  assert.is(none.body.code, 'error.unauthenticated');
  const wrong = await api.call('POST', 'login', { form: { email: 'nobody@example.com', password: 'Wrong-pass-1' }, headers: { 'accept-language': 'fr' } });
  assert.is(wrong.body.code, 'error.credentials', JSON.stringify(wrong.body));
  assert.match(JSON.stringify(wrong.body), 'Ces identifiants ne correspondent à aucun compte.');
});

test.run();
