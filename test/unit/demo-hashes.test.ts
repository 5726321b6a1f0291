import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_HASHES } from '../../server/seed/demo-hashes.ts';
import { verifyPassword } from '../../server/lib/auth/passwords.ts';

// The demo seed uses precomputed hashes; each must still sign its password in
// (and only its password) with today's scrypt parameters.
test('every precomputed demo hash verifies its password and refuses another', async () => {
  assert.ok(Object.keys(DEMO_HASHES).length >= 5);
  for (const [password, hash] of Object.entries(DEMO_HASHES)) {
    assert.ok(await verifyPassword(password, hash), password);
    assert.not.ok(await verifyPassword(`${password}x`, hash), `${password}x`);
  }
});

test.run();
