import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { apiMessageOf } from '../../src/common/i18n/api-message-patterns.ts';
import { localiseApiMessage } from '../../src/common/i18n/api-messages.ts';
import { CATALOGS, en } from '../../src/common/i18n/catalogs/index.ts';
import { smtpFailure, REFUSED_ADDRESS_MESSAGE } from '../../server/lib/mail/smtp.ts';
import { UNREADABLE_MESSAGE } from '../../server/lib/mail/smtp-password.ts';
import { HELD_NOTE } from '../../server/lib/mail/sender.ts';
import type { EmailSettings } from '../../server/db/queries/settings.ts';

// What Settings → Email shows about a failed send (Send test e-mail's field message, the outbox's
// Last error) is the server's own sentence (lib/mail/smtp.ts smtpFailure); each has a code, so the
// API says it in the caller's language and the console in the reader's (docs/languages.md).
const settings = { smtp_server: 'smtp.example.com', smtp_port: '587' } as EmailSettings;
const ERRORS = [
  { code: 'ESECRET' },
  { code: 'EEGRESS' },
  { code: 'EAUTH', message: 'Missing credentials for "PLAIN"' },
  { code: 'EAUTH' },
  { responseCode: 530 },
  { code: 'ETLS', message: 'STARTTLS not offered' },
  { code: 'ETLS' },
  { code: 'ETIMEDOUT' },
  { code: 'EPROTOCOL' },
  { code: 'ECONNREFUSED' },
  { code: 'ECONNECTION' },
  { code: 'EHEADER' },
  { code: 'EENVELOPE', responseCode: 550 },
  { code: 'EWHATEVER' },
];

test('every failure a send records or answers has a code', () => {
  for (const e of ERRORS) assert.ok(apiMessageOf(en, smtpFailure(e, settings).message), JSON.stringify(e));
  for (const m of [UNREADABLE_MESSAGE, REFUSED_ADDRESS_MESSAGE, HELD_NOTE, 'Not sent yet: the sender stopped before this e-mail.'])
    assert.ok(apiMessageOf(en, m), m);
});

test('a French reader reads them in French, the server and port as typed', () => {
  const fr = (m: string) => localiseApiMessage(en, 'fr', CATALOGS.fr, m).text;
  assert.is(fr(smtpFailure({ code: 'ETIMEDOUT' }, settings).message), 'Le serveur SMTP smtp.example.com:587 n’a pas répondu à temps.');
  assert.is(
    fr(smtpFailure({ code: 'ECONNREFUSED' }, settings).message),
    'Rien n’accepte de connexion sur le port 587 de smtp.example.com : vérifiez le port SMTP.',
  );
  assert.is(fr(smtpFailure({ code: 'EWHATEVER' }, settings).message), 'Le serveur SMTP a refusé l’e-mail.');
  assert.is(smtpFailure({ code: 'EWHATEVER' }, settings).message, 'The SMTP server refused the e-mail.', 'English as worded');
});

test.run();
