import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';
import { receiverFor, receiverSettings, type Receiver } from './smtp-receiver.ts';
import { makeUser, roleId } from './admin-helpers.ts';

// E-mails in the recipient's language (docs/languages.md): a password reset for a user whose
// language is French arrives in French with Content-Language: fr; without a choice, in English.
// The test e-mail of Settings → Email goes to its caller in the caller's language.
let api: TestApi;
let rx: Receiver;
test.before(async () => {
  api = await startTestApi({ mail: { pollMs: 50, retryBaseMs: 200 }, linkLimits: { perAccount: 1000, perAddress: 10_000, windowMs: 60_000 } });
  rx = await receiverFor(api);
});
test.after(async () => {
  await api.stop();
  await rx.stop();
});

async function resetMailFor(email: string, subject: RegExp) {
  const seen = rx.messages.length;
  assert.is((await api.call('POST', 'password/forgot', { form: { email } })).status, 200);
  return rx.waitFor((m) => subject.test(m.subject ?? ''), 30_000, seen);
}

test('a reset for a user who chose no language is English', async () => {
  const m = await resetMailFor(ADMIN.email, /^Reset your password/);
  assert.match(m.text ?? '', /Choose a new password: http/);
  assert.is(m.headers.get('content-language'), 'en');
});

test('a reset for a user whose language is French arrives in French, with Content-Language: fr', async () => {
  const token = await api.login();
  assert.is((await api.call('PUT', 'account/language', { token, form: { language: 'fr' } })).status, 200);
  const m = await resetMailFor(ADMIN.email, /^Réinitialisez votre mot de passe/);
  assert.match(m.text ?? '', /^Bonjour Administrator,/);
  assert.match(m.text ?? '', /Choisir un nouveau mot de passe: http/);
  assert.match(m.html || '', /Le lien ci-dessous fonctionne une fois/);
  assert.is(m.headers.get('content-language'), 'fr');
});

test("Send test e-mail comes in the caller's language: the one chosen, else Accept-Language", async () => {
  const admin = await api.login();
  let seen = rx.messages.length;
  // The administrator chose French above: that wins over the browser's Spanish.
  const fr = await api.call('POST', 'settings/email/test', { token: admin, form: receiverSettings(rx), headers: { 'accept-language': 'es' } });
  assert.is(fr.status, 200, JSON.stringify(fr.body));
  const m = await rx.waitFor((x) => /^E-mail de test de /.test(x.subject ?? ''), 30_000, seen);
  assert.match(m.text ?? '', `Ceci est un e-mail de test envoyé à ${ADMIN.email}.\nVos réglages SMTP fonctionnent.`);
  assert.is(m.headers.get('content-language'), 'fr');
  const other = await makeUser(api, admin, await roleId(api, admin, 'admin'));
  const token = await api.login(other.email, other.password);
  seen = rx.messages.length;
  assert.is(
    (await api.call('POST', 'settings/email/test', { token, form: receiverSettings(rx), headers: { 'accept-language': 'es-ES,en;q=0.5' } })).status,
    200,
  );
  const es = await rx.waitFor((x) => /^Correo de prueba de /.test(x.subject ?? ''), 30_000, seen);
  assert.match(es.text ?? '', `Este es un correo de prueba enviado a ${other.email}.`);
  assert.is(es.headers.get('content-language'), 'es');
  seen = rx.messages.length;
  assert.is((await api.call('POST', 'settings/email/test', { token, form: receiverSettings(rx) })).status, 200);
  const en = await rx.waitFor((x) => (x.subject ?? '').startsWith('Test e-mail from '), 30_000, seen);
  assert.match(en.text ?? '', `This is a test e-mail sent to ${other.email}.\nYour SMTP settings work.`);
  assert.is(en.headers.get('content-language'), 'en');
});

test.run();
