import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, startTestApi, type TestApi } from './harness.ts';
import { receiverFor, receiverSettings, startReceiver, type Receiver } from './smtp-receiver.ts';
import { enrol, freshUser, KEY, mfa, password, wrongCode } from './two-step-helpers.ts';

// The two-step e-mails to an account's owner in the owner's language (docs/languages.md
// "E-mails"): a factor turned on, wrong codes, codes locked and an administrator's reset, with
// Content-Language; an owner who chose no language reads the English as before. The notice that
// the e-mail settings changed reaches each administrator in theirs too.
let api: TestApi;
let rx: Receiver;
let admin = '';
test.before(async () => {
  api = await startTestApi({ twoStepKey: KEY, mail: { pollMs: 50, retryBaseMs: 200 } });
  rx = await receiverFor(api);
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
  await rx.stop();
});

/** The next e-mail to `to` whose subject matches `subject`, after the `seen` first ones. */
const mailTo = (to: string, subject: RegExp, seen: number) =>
  rx.waitFor((m) => (m.to as { value: { address?: string }[] } | undefined)?.value[0]?.address === to && subject.test(m.subject ?? ''), 30_000, seen);

test('an owner who chose French reads the app, wrong-codes, locked and reset e-mails in French, with Content-Language: fr', async () => {
  const u = await freshUser(api, admin);
  assert.is((await api.call('PUT', 'account/language', { token: u.token, form: { language: 'fr' } })).status, 200);
  let seen = rx.messages.length;
  const { totp } = await enrol(api, u.token);
  const on = await mailTo(u.email, /^Une application d’authentification a été activée pour votre compte$/, seen);
  assert.is(on.headers.get('content-language'), 'fr');
  assert.match(on.text ?? '', /^Bonjour /);
  assert.match(on.text ?? '', /Une application d’authentification a été activée pour votre compte, depuis .+\./);
  seen = rx.messages.length;
  let challenge = '';
  for (let i = 0; i < 10; i++) {
    if (i % 5 === 0) challenge = (await password(api, u.email, u.password)).body.data.challenge;
    assert.is((await mfa(api, challenge, wrongCode(totp))).status, 401);
  }
  const wrong = await mailTo(u.email, /^Codes de connexion erronés pour votre compte$/, seen);
  assert.match(wrong.text ?? '', /puis 5 codes de connexion en deux étapes erronés d’affilée/);
  assert.is(wrong.headers.get('content-language'), 'fr');
  const locked = await mailTo(u.email, /^Les codes de connexion de votre compte sont bloqués$/, seen);
  assert.match(locked.text ?? '', /pendant 7 jours/);
  assert.match(locked.text ?? '', /Débloquer les codes de connexion: http/);
  assert.is(locked.headers.get('content-language'), 'fr');
  seen = rx.messages.length;
  assert.is((await api.call('POST', `user/${u.id}/two-step/reset`, { token: admin })).status, 200);
  const reset = await mailTo(u.email, /^Votre connexion en deux étapes a été réinitialisée$/, seen);
  assert.match(reset.text ?? '', /Administrator a réinitialisé la connexion en deux étapes de votre compte/);
  assert.is(reset.headers.get('content-language'), 'fr');
});

test('an owner who chose no language reads them in English, word for word as before', async () => {
  const u = await freshUser(api, admin);
  const seen = rx.messages.length;
  await enrol(api, u.token);
  const on = await mailTo(u.email, /^An authenticator app was turned on for your account$/, seen);
  assert.match(on.text ?? '', /^Hello .+,\nAn authenticator app was turned on for your account, from .+\.\nIf this was you, there is nothing more to do\./);
  assert.is(on.headers.get('content-language'), 'en');
  assert.is((await api.call('POST', `user/${u.id}/two-step/reset`, { token: admin })).status, 200);
  const reset = await mailTo(u.email, /^Your two-step sign-in was reset$/, seen);
  assert.match(reset.text ?? '', /Administrator reset the two-step sign-in of your account: your authenticator app, recovery codes and passkeys were removed/);
});

test('the settings-changed notice reaches an administrator who chose French in French, through the previous settings', async () => {
  const next = await startReceiver();
  try {
    assert.is((await api.call('PUT', 'account/language', { token: admin, form: { language: 'fr' } })).status, 200);
    const seen = rx.messages.length;
    const r = await api.call('PUT', 'settings/email', { token: admin, form: { ...receiverSettings(next), current_password: ADMIN.password } });
    assert.is(r.status, 200, JSON.stringify(r.body));
    const notice = await mailTo(ADMIN.email, /^Les réglages d’envoi des e-mails ont été modifiés par Administrator \(admin@example\.com\) depuis /, seen);
    assert.match(notice.text ?? '', /Si vous ne vous y attendiez pas, vérifiez maintenant Paramètres → E-mail/);
    assert.is(notice.headers.get('content-language'), 'fr');
  } finally {
    await next.stop();
  }
});

test.run();
