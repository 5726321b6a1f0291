import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { email as consoleEmail, dateSelected } from '../../src/lib/validators.ts';
import { email as serverEmail, date as serverDate } from '../../server/http/validate.ts';
import { appLink, isSubdomain } from '../../src/common/campaign-links.ts';
import { photoRowProblem, tooManyRows } from '../../src/common/sheet-rules.ts';
import { groupDigits } from '../../src/common/numbers.ts';
import { QUOTA_MESSAGE } from '../../src/common/storage.ts';
import { longerThan, patternRuns } from '../support/pattern-inputs.ts';
import { PAYMENT_BIB_REQUIRED, PAYMENT_BIB_WHOLE, PAYMENT_EMAIL, PAYMENT_SLAB, participantPaymentProblems } from '../../src/common/participant-payment.ts';

const EMAILS = ['ann@example.org', 'a.b+c@mail.example.co', 'ann@example', 'ann@@example.org', 'ann example@x.org', 'ann@x.o'];

test('the console and the API accept and refuse the same e-mail addresses', () => {
  for (const e of EMAILS) assert.is(consoleEmail(e) === null, serverEmail(e, 'email') === null, e);
  assert.is(consoleEmail('ann@example.org'), null);
  assert.is(serverEmail('ann@example', 'email'), 'The email must be a valid email address.');
});

test('the console and the API agree on dates: a real day written YYYY-MM-DD', () => {
  for (const d of ['2024-02-29', '2023-02-29', '2024-13-01', '1/2/2024', '2024-1-01']) {
    assert.is(dateSelected(d, 'date') === null, serverDate(d, 'date') === null, d);
  }
  assert.is(serverDate('2023-02-29', 'start date'), 'The start date is not a valid date.');
});

test('a subdomain is letters, digits and dashes, not starting or ending with a dash', () => {
  assert.ok(isSubdomain('city-marathon-2030'));
  assert.not.ok(isSubdomain('-city'));
  assert.not.ok(isSubdomain('city.run'));
  assert.not.ok(isSubdomain(''));
});

test('the app link is the base URL, /login and the encoded event and campaign names', () => {
  assert.is(appLink('https://app.example/', 'City Run', 'Photos & more'), 'https://app.example/login?event_name=City%20Run&campaign_name=Photos%20%26%20more');
});

test('a photo row names each bad cell in column order', () => {
  assert.is(
    photoRowProblem({ bid_number: '7', low_res_image: 'https://x.example/a.jpg', high_res_image: 'https://x.example/b.jpg', orientation: 'Portrait' }),
    null,
  );
  assert.is(
    photoRowProblem({ bid_number: 'x'.repeat(51), low_res_image: '', high_res_image: 'ftp://x', orientation: 'up' }),
    'bid_number is longer than 50 characters; low_res_image is empty; high_res_image is not an http(s) link; orientation must be portrait or landscape.',
  );
});

test('a participant payment needs a whole BIB number and an offered slab; the e-mail may be empty but not wrong', async () => {
  const ok = { bib_number: '1042', email: 'runner@example.com', payment_slab: '2' };
  assert.equal(participantPaymentProblems(ok), {});
  assert.equal(participantPaymentProblems({ ...ok, email: '' }), {});
  assert.equal(participantPaymentProblems({ ...ok, bib_number: ' 7 ' }), {});
  assert.equal(participantPaymentProblems({}), { bib_number: PAYMENT_BIB_REQUIRED, payment_slab: PAYMENT_SLAB });
  assert.equal(participantPaymentProblems({ bib_number: '12x', email: 'not-mail', payment_slab: '0' }), {
    bib_number: PAYMENT_BIB_WHOLE,
    email: PAYMENT_EMAIL,
    payment_slab: PAYMENT_SLAB,
  });
  assert.equal(participantPaymentProblems({ ...ok, bib_number: '9'.repeat(21) }), { bib_number: PAYMENT_BIB_WHOLE });
  assert.equal(participantPaymentProblems({ ...ok, payment_slab: '4' }, ['1', '2', '3']), { payment_slab: PAYMENT_SLAB }, 'only the slabs offered');
  assert.equal(participantPaymentProblems({ ...ok, email: `${'a'.repeat(300)}@example.com` }), { email: PAYMENT_EMAIL });
  // A 1 MB value is cut to its field's length before any pattern runs on it.
  const { runs } = await patternRuns(() =>
    participantPaymentProblems({ bib_number: '1'.repeat(1_000_000), email: `${'a@'.repeat(500_000)}`, payment_slab: '1'.repeat(1_000_000) }),
  );
  assert.ok(runs.length > 0, 'the patterns are seen');
  assert.equal(longerThan(runs, 1_000), [], 'a pattern ran on the 1 MB value');
});

test('groupDigits writes whole numbers as toLocaleString("en-US") does, without loading ICU', () => {
  for (const n of [0, 7, 999, 1000, 10_000, 50_000, 1_048_576, -2500, 123_456_789]) assert.is(groupDigits(n), n.toLocaleString('en-US'));
  assert.is(groupDigits(1234.9), '1,234');
  assert.is(QUOTA_MESSAGE, 'The storage quota must be a whole number of MB from 1 to 1,048,576.');
  assert.is(tooManyRows(50_000), 'The file may not have more than 50,000 rows.');
});

test.run();
