import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, isEmail } from '../../src/common/email.ts';
import { LINK_PATTERN } from '../../src/common/sheet-rules.ts';
import { OLD_LINK_PATTERN, SPEC_EMAIL_PATTERN } from '../support/backtracking-canary.ts';
import { email as consoleEmail } from '../../src/lib/validators.ts';
import { email as serverEmail } from '../../server/http/validate.ts';

// The linear-time rewrites accept exactly what the patterns they replace accepted.

/** Every string of up to `max` characters over `alphabet`. */
function* allStrings(alphabet: string[], max: number): Generator<string> {
  let level = [''];
  yield '';
  for (let len = 1; len <= max; len++) {
    const next: string[] = [];
    for (const s of level)
      for (const c of alphabet) {
        next.push(s + c);
      }
    yield* next;
    level = next;
  }
}

test('the e-mail pattern accepts exactly what the spec pattern accepts, on every string of up to 8 characters', () => {
  let n = 0;
  for (const s of allStrings(['a', '.', '@', ' '], 8)) {
    assert.is(EMAIL_PATTERN.test(s), SPEC_EMAIL_PATTERN.test(s), JSON.stringify(s));
    n++;
  }
  assert.is(n, 87_381);
});

test('the e-mail pattern agrees with the spec pattern on random longer strings, other spaces and non-ASCII', () => {
  const alphabet = ['a', 'b', '.', '.', '@', ' ', '\t', '\u00a0', 'é', '-', '+'];
  let seed = 17;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  let accepted = 0;
  for (let i = 0; i < 50_000; i++) {
    const len = 1 + Math.floor(rnd() * 24);
    let s = '';
    for (let k = 0; k < len; k++) s += alphabet[Math.floor(rnd() * alphabet.length)];
    if (rnd() < 0.5) s = `ann${s.replace(/@/g, '')}@x${s.replace(/@/g, '')}`;
    const spec = SPEC_EMAIL_PATTERN.test(s);
    assert.is(EMAIL_PATTERN.test(s), spec, JSON.stringify(s));
    if (spec) accepted++;
  }
  assert.ok(accepted > 200 && accepted < 49_800, `${accepted} accepted`);
});

test('an e-mail address is at most 254 characters, counted after trimming', () => {
  const at254 = `${'a'.repeat(64)}@${'b'.repeat(185)}.org`;
  assert.is(at254.length, EMAIL_MAX_LENGTH);
  assert.ok(isEmail(at254));
  assert.ok(isEmail(`  ${at254}  `));
  assert.not.ok(isEmail(`a${at254}`));
  for (const e of [`a${at254}`, 'ann@example']) {
    assert.is(consoleEmail(e), 'Please enter a valid email address.');
    assert.is(serverEmail(e, 'email'), 'The email must be a valid email address.');
  }
});

test('the image-link pattern accepts exactly what the pattern it replaces accepted', () => {
  for (const s of allStrings(['h', 't', 'p', 's', ':', '/', 'a', ' '], 5)) {
    for (const link of [`http://${s}`, `https://${s}`, `HTTP://${s}`, s]) assert.is(LINK_PATTERN.test(link), OLD_LINK_PATTERN.test(link), JSON.stringify(link));
  }
});

test.run();
