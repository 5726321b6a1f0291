import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeRole } from './admin-helpers.ts';
import { awaitJob } from './import-job.ts';
import { MAX_PARSERS, MAX_WAITING_PARSES, withParserSlot } from '../../server/lib/spreadsheets/spreadsheet-runner.ts';
import { RETRY_AFTER_S } from '../../server/http/error-envelope.ts';

// The spreadsheet parser threads have a bounded waiting list. An upload that
// finds it full is answered 503 with Retry-After at once (nothing read, nothing written); one
// that finds room waits its turn and is imported.

let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  await makeRole(api, admin, { name: 'editor' });
});
test.after(async () => {
  await api.stop();
});

const sheet = (n: number) => new File([`name,email,password,role\nQueue ${n},queue${n}@example.com,Secret123!,editor\n`], 'users.csv', { type: 'text/csv' });
const upload = (n: number) => api.call('POST', 'user/import', { token: admin, form: { file: sheet(n) } });
const count = async (table: string) => Number((await api.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);
const tick = () => new Promise((r) => setTimeout(r, 20));

/** Holds `n` parser places (running first, then waiting) until `release()`. */
function hold(n: number) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const held = Array.from({ length: n }, () => withParserSlot(() => gate));
  return {
    release: async () => {
      release();
      await Promise.all(held);
    },
  };
}

test('an upload finding every parser busy and the waiting list full gets 503 with Retry-After, and nothing is written', async () => {
  const users = await count('users'),
    jobs = await count('import_jobs');
  const h = hold(MAX_PARSERS + MAX_WAITING_PARSES);
  try {
    // Without the bound the upload would wait for the held parsers: give up on it after 5 s.
    const r = await Promise.race([
      upload(1),
      new Promise<never>((_, no) => setTimeout(() => no(new Error('still waiting after 5 s: not refused at once')), 5_000)),
    ]);
    assert.is(r.status, 503, JSON.stringify(r.body));
    assert.is(r.headers.get('retry-after'), String(RETRY_AFTER_S));
    assert.equal(r.body, { status: 'server_error', message: 'The server is busy. Please try again in a moment.', code: 'error.busy', data: null });
  } finally {
    await h.release();
  }
  assert.is(await count('users'), users);
  assert.is(await count('import_jobs'), jobs);
  // Sent again once the parsers are free, the same upload is imported.
  const job = await awaitJob(api.call, admin, await upload(1));
  assert.is(job.state, 'done');
  await api.login('queue1@example.com', 'Secret123!');
});

test('an upload finding room in the waiting list waits for a parser and is imported', async () => {
  const h = hold(MAX_PARSERS + MAX_WAITING_PARSES - 1);
  const pending = upload(2);
  let answered = false;
  void pending.then(() => (answered = true));
  for (let i = 0; i < 10; i++) await tick();
  assert.not.ok(answered, 'it waits while the parsers are busy');
  await h.release();
  const job = await awaitJob(api.call, admin, await pending);
  assert.is(job.state, 'done');
  await api.login('queue2@example.com', 'Secret123!');
});

test.run();
