import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { makeRole } from './admin-helpers.ts';
import { longerThan, patternRuns, type PatternRun } from '../support/pattern-inputs.ts';
import { EMAIL_MAX_LENGTH } from '../../src/common/email.ts';
import { READ_STATEMENT } from '../../server/db/sql.ts';

// No input can hold the event loop: an e-mail of 1 MB (the backtracking family that
// froze the API for half a minute: a@ + dots + @) is refused by every route that applies the
// e-mail rule without an e-mail pattern ever running on it. The API runs in this process, so the
// patterns run while a call is handled are counted (test/support/pattern-inputs.ts) rather than
// timed: what is counted does not change with the machine's load. Each pattern of src/common is
// shown linear on 1 MB inputs by test/unit/linear-patterns.test.ts; an import's parse runs on a
// parser thread, whose patterns are those.

let api: TestApi;
let admin: string;
let staff: string; // a staff role's id
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  staff = String(await makeRole(api, admin, { name: 'editor' }));
});
test.after(async () => {
  await api.stop();
});

const HUGE = `a@${'.'.repeat(1_000_000)}@`;

/** An e-mail pattern: one that matches an @ (the spec's, the rule's, or any written later). */
const isEmailPattern = (r: PatternRun) => r.pattern.source.includes('@');

/** Runs `call` while counting the patterns this process runs; its status, body and the runs. */
async function counted(call: () => Promise<{ status: number; body: any }>) {
  const { result, runs } = await patternRuns(call);
  // Our own SQL text is classified too (a background pass may run a statement meanwhile): it is never the caller's input.
  return { status: result.status, body: result.body, runs: runs.filter((r) => r.pattern !== READ_STATEMENT) };
}

const report = (what: string, x: { status: number; runs: PatternRun[] }) =>
  console.log(
    `  [${testEngine}] ${what}: ${x.status}, ${x.runs.length} pattern runs, the longest on ${Math.max(0, ...x.runs.map((r) => r.length))} characters`,
  );

test('a 1 MB e-mail at sign-in answers 413 at once: the body is not even parsed, no pattern runs on it', async () => {
  const x = await counted(() => api.call('POST', 'login', { form: { email: HUGE, password: 'Whatever-1' } }));
  report('sign-in', x);
  assert.is(x.status, 413);
  assert.is(x.body.message, 'The request is too large.');
  assert.equal(longerThan(x.runs, EMAIL_MAX_LENGTH), [], 'patterns ran on the body');
});

test('a 1 MB e-mail on user and organiser create answers 422, and no e-mail pattern runs on it', async () => {
  const user = await counted(() => api.call('POST', 'user', { token: admin, form: { name: 'Huge', email: HUGE, password: 'Passw0rd-1', role: staff } }));
  report('user create', user);
  assert.is(user.status, 422);
  assert.equal(user.body.errors.email, ['The email must be a valid email address.']);
  assert.equal(longerThan(user.runs.filter(isEmailPattern), EMAIL_MAX_LENGTH), [], 'an e-mail pattern ran on the 1 MB value');
  const org = await counted(() =>
    api.call('POST', 'organiser', { token: admin, form: { name: 'Huge', email: HUGE, phone: '555', password: 'Passw0rd-1', status: '1' } }),
  );
  report('organiser create', org);
  assert.is(org.status, 422);
  assert.equal(org.body.errors.email, ['The email must be a valid email address.']);
  assert.equal(longerThan(org.runs.filter(isEmailPattern), EMAIL_MAX_LENGTH), [], 'an e-mail pattern ran on the 1 MB value');
});

test('a users import with a 1 MB e-mail cell answers 422, quoting a cut e-mail, and the event loop runs no pattern on the cell', async () => {
  // Warm up: the first import starts the parser threads (about a second from the sources).
  await api.call('POST', 'user/import', { token: admin, form: { file: new File(['name,email,password,role\nA,b,c,d\n'], 'w.csv', { type: 'text/csv' }) } });
  const file = new File([`name,email,password,role\nHuge,${HUGE},Passw0rd-1,editor\n`], 'users.csv', { type: 'text/csv' });
  const x = await counted(() => api.call('POST', 'user/import', { token: admin, form: { file } }));
  report('users import', x);
  assert.is(x.status, 422);
  const [problem] = x.body.errors.file as string[];
  assert.match(problem, /^Row 2: The email "a@\.{38}…" is not a valid email address\./);
  assert.ok(JSON.stringify(x.body).length < 2000, 'the answer does not echo the cell');
  // The sheet is parsed on a parser thread and the rules cut the cell before their patterns run:
  // this thread never runs a pattern on the cell.
  assert.equal(longerThan(x.runs, 100_000), [], "a pattern ran on the 1 MB cell in the API's thread");
});

test('an e-mail of 254 characters is an address; 255 is refused on create and at sign-in', async () => {
  const at254 = `${'a'.repeat(64)}@${'b'.repeat(185)}.org`;
  const ok = await api.call('POST', 'user', { token: admin, form: { name: 'Long Mail', email: at254, password: 'Passw0rd-1', role: staff } });
  assert.is(ok.status, 200, JSON.stringify(ok.body));
  assert.is((await api.call('POST', 'login', { form: { email: at254, password: 'Passw0rd-1' } })).status, 200);
  const over = `a${at254}`;
  assert.is((await api.call('POST', 'user', { token: admin, form: { name: 'Longer Mail', email: over, password: 'Passw0rd-1', role: staff } })).status, 422);
  const login = await api.call('POST', 'login', { form: { email: over, password: 'Passw0rd-1' } });
  assert.is(login.status, 422);
  assert.equal(login.body.errors.email, ['The email may not be greater than 254 characters.']);
  // Under the sign-in body limit (64 KB) but far over the e-mail's: refused before any pattern runs.
  const long = await api.call('POST', 'login', { form: { email: HUGE.slice(0, 60_000), password: 'Passw0rd-1' } });
  assert.is(long.status, 422);
});

test.run();
