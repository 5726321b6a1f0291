import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { receiptCode } from '../../src/common/face-consent.ts';
import { CATALOGS } from '../../src/common/i18n/catalogs/index.ts';
import { formatMessage } from '../../src/common/i18n/message-format.ts';

const say = (locale: 'en' | 'fr' | 'ar', key: keyof (typeof CATALOGS)['en'], values: Record<string, string>) =>
  formatMessage(locale, CATALOGS[locale][key], values);

test('receiptCode writes 60 bits as three groups of four Crockford base32 characters, different bits giving different codes', () => {
  const a = receiptCode(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]));
  assert.match(a, /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  assert.is.not(a, receiptCode(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 9])));
  assert.is(receiptCode(new Uint8Array(8)), '0000-0000-0000');
});

test('the gallery card says through whom and when consent was given, and the receipt, in the page language', () => {
  assert.is(say('en', 'access.face.givenBySheet', { day: '2026-05-02' }), 'The organiser recorded your agreement on 2026-05-02 (their participants list).');
  assert.is(
    `${say('en', 'access.face.givenHere', { day: '2026-05-02' })} ${say('en', 'access.face.consentVersion', { version: 'v3' })}`,
    'You agreed on this page on 2026-05-02. Consent version v3.',
  );
  assert.is(say('en', 'access.face.receipt', { code: 'K7QM-4XPD-9TRE' }), 'Your receipt: K7QM-4XPD-9TRE. Keep it: it proves what you asked and when.');
  assert.is(
    say('fr', 'access.face.receipt', { code: 'K7QM-4XPD-9TRE' }),
    'Votre reçu : K7QM-4XPD-9TRE. Conservez-le : il prouve ce que vous avez demandé et quand.',
  );
  assert.is(say('ar', 'access.face.withdrawnOn', { day: '2 مايو 2026' }), 'سحبت موافقتك في 2 مايو 2026. البحث بالوجه متوقف لك.');
});

test.run();
