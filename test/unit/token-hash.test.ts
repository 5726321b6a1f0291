import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sha256 } from '../../server/lib/auth/passwords.ts';

// Sessions are stored only as the hex SHA-256 of their token (lib/auth/passwords.ts). A change of
// how it is computed must not change its value: every session already stored would stop working.
test('a token hashes to the hex SHA-256 of its UTF-8 bytes, as sessions were always stored', () => {
  assert.is(sha256('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'); // FIPS 180-2 test vector
  assert.is(sha256(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.is(sha256('\u00e9'), '4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c', 'é as its two UTF-8 bytes C3 A9');
});

test.run();
