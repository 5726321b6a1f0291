import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { consentGivenLine, receiptCode } from '../../src/common/face-consent.ts';

test('receiptCode writes 60 bits as three groups of four Crockford base32 characters, different bits giving different codes', () => {
  const a = receiptCode(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]));
  assert.match(a, /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  assert.is.not(a, receiptCode(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 9])));
  assert.is(receiptCode(new Uint8Array(8)), '0000-0000-0000');
});

test('consentGivenLine says through whom and when, with the version when there is one', () => {
  assert.is(consentGivenLine('sheet', '2026-05-02', ''), 'The organiser recorded your agreement on 2026-05-02 (their participants list).');
  assert.is(consentGivenLine('gallery', '2026-05-02', 'v3'), 'You agreed on this page on 2026-05-02. Consent version v3.');
});

test.run();
