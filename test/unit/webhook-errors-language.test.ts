import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { apiMessageOf } from '../../src/common/i18n/api-message-patterns.ts';
import { en } from '../../src/common/i18n/catalogs/index.ts';
import { activateLocale } from '../../src/lib/i18n.ts';
import { loadSharedTexts, sayShared } from '../../src/lib/shared-texts.ts';
import { REFUSED_WEBHOOK_ADDRESS, urlProblem } from '../../server/lib/webhooks/deliver.ts';
import type { EgressPolicy } from '../../server/lib/mail/egress.ts';

const POLICY: EgressPolicy = { denyPrivate: false, allowHosts: [] };

// A webhook's last error and each attempt's failure (lib/webhooks/deliver.ts, lib/webhooks/sender.ts)
// are the server's own sentences, stored as worded: each has a code, so the console's Webhooks
// screen and the disabled-endpoint e-mail say it in the reader's language (docs/languages.md).
const FAILURES = [
  'Redirect (301) not followed: point the webhook at the final address.',
  'The endpoint answered 500.',
  'No answer within 10 s.',
  'The endpoint refused the connection.',
  'TLS failed: the certificate was not accepted.',
  'Could not connect to the endpoint.',
  "The signing secret cannot be read with this server's key (TWO_STEP_KEY).",
  'The host name did not resolve in time.',
  'The host name does not resolve.',
  REFUSED_WEBHOOK_ADDRESS,
  urlProblem('not a url', POLICY)!,
  urlProblem('https://u:p@example.com/', POLICY)!,
  urlProblem('http://example.com/', POLICY)!,
];

test('every failure a webhook attempt records has a code', () => {
  for (const f of FAILURES) assert.ok(apiMessageOf(en, f), f);
});

test('a French and an Arabic reader see the recorded failure in their language; English stays as recorded', async () => {
  try {
    assert.is(sayShared('The endpoint answered 500.'), 'The endpoint answered 500.');
    await activateLocale('fr', false);
    await loadSharedTexts('fr');
    assert.is(sayShared('The endpoint answered 500.'), 'Le point de terminaison a répondu 500.');
    assert.is(sayShared('No answer within 10 s.'), 'Aucune réponse en 10 s.');
    assert.is(
      sayShared('Redirect (302) not followed: point the webhook at the final address.'),
      'Redirection (302) non suivie : faites pointer le webhook vers l’adresse finale.',
    );
    for (const f of FAILURES) assert.is.not(sayShared(f), f, f);
    await activateLocale('ar', false);
    await loadSharedTexts('ar');
    assert.is(sayShared('The endpoint refused the connection.'), 'رفضت نقطة النهاية الاتصال.');
  } finally {
    await activateLocale('en', false);
  }
});

test.run();
