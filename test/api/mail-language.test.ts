import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, ADMIN, type TestApi } from './harness.ts';
import { receiverFor, type Receiver } from './smtp-receiver.ts';

// E-mails in the recipient's language (docs/languages.md): a password reset for a user whose
// language is French arrives in French with Content-Language: fr; without a choice, in English.
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

test.run();
