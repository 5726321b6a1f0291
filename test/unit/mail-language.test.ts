import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bookingAcceptedMail, bookingRejectedMail, testMail, webhookDisabledMail } from '../../server/lib/mail/templates.ts';

// The booking, webhook-disabled and test e-mails in the recipient's language (docs/languages.md
// "E-mails"): English word for word as the product always wrote them, French, Spanish and Arabic
// from the api area's mail.* messages, a booking's day written the reader's way.

test('English stays word for word', () => {
  const yes = bookingAcceptedMail('Events Inc', { name: 'Pat', date: '2031-06-02', organiser: 'Run Club', token: 'T0K' });
  assert.is(yes.subject, 'Your booking for 2031-06-02 is confirmed');
  assert.is(yes.text, 'Hello Pat,\nRun Club accepted your booking for 2031-06-02.\nYour booking token is: T0K\nShow it when you arrive.\n\n— Events Inc');
  const no = bookingRejectedMail('', { name: 'Pat', date: '2031-06-02', organiser: null });
  assert.is(no.subject, 'Your booking for 2031-06-02 was not accepted');
  assert.is(
    no.text,
    'Hello Pat,\nThe organiser could not accept your booking for 2031-06-02.\nYou are welcome to ask for another date.\n\n— Events Back-office',
  );
  const hook = webhookDisabledMail('Events Inc', 'https://h.example/x', 1, '', 'https://console.example');
  assert.is(hook.subject, 'A webhook endpoint was disabled');
  assert.is(
    hook.text,
    'The webhook endpoint https://h.example/x failed every delivery for 1 day and was disabled.\nLast error: none recorded\n' +
      'Its waiting deliveries are kept: enable it again under Webhooks once it answers, and they resume.\n\nOpen the console: https://console.example\n\n— Events Inc',
  );
  assert.match(webhookDisabledMail('', 'u', 3, 'HTTP 500', 'c').text, 'failed every delivery for 3 days and was disabled.\nLast error: HTTP 500\n');
  const t = testMail('Events Inc', 'ann@example.org');
  assert.is(t.subject, 'Test e-mail from Events Inc');
  assert.is(t.text, 'This is a test e-mail sent to ann@example.org.\nYour SMTP settings work.\n\n— Events Inc');
});

test('French, Spanish and Arabic: every line translated, the day and plural in the reader’s form', () => {
  const yes = bookingAcceptedMail('Events Inc', { name: 'Claire', date: '2031-06-02', organiser: null, token: 'T0K' }, 'fr');
  assert.is(yes.subject, 'Votre réservation du 2 juin 2031 est confirmée');
  assert.is(
    yes.text,
    'Bonjour Claire,\nL’organisateur a accepté votre réservation du 2 juin 2031.\nVotre code de réservation : T0K\nPrésentez-le à votre arrivée.\n\n— Events Inc',
  );
  assert.is(bookingRejectedMail('', { name: 'Ana', date: '2031-06-02', organiser: 'Club' }, 'es').subject, 'Su reserva del 2 de junio de 2031 no fue aceptada');
  const hook = webhookDisabledMail('', 'https://h.example/x', 3, '', 'https://c.example', 'fr');
  assert.is(hook.subject, 'Un point de terminaison webhook a été désactivé');
  assert.match(hook.text, 'a échoué à chaque envoi pendant 3 jours et a été désactivé.\nDernière erreur : aucune enregistrée\n');
  assert.match(hook.text, 'Ouvrir la console: https://c.example');
  assert.match(webhookDisabledMail('', 'u', 2, 'x', 'c', 'ar').text, 'طوال يومين');
  assert.is(testMail('', 'ann@example.org', 'es').subject, 'Correo de prueba de Events Back-office');
  assert.is(testMail('', 'ann@example.org', 'ar').text.split('\n')[1], 'إعدادات SMTP لديك تعمل.');
  // A day the client app stored in another form is left as it is.
  assert.match(bookingRejectedMail('', { name: 'A', date: 'soon', organiser: 'C' }, 'fr').text, 'votre réservation du soon.');
});

test.run();
