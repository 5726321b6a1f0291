import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jobFigure, jobFinished, percentOf, type ImportJob } from '../../src/common/import-job.ts';

const job = (o: Partial<ImportJob>): ImportJob => ({
  id: 1,
  kind: 'users',
  state: 'running',
  rows_total: 2000,
  rows_checked: 2000,
  rows_written: 0,
  passwords_total: 2000,
  passwords_hashed: 0,
  message: '',
  created_at: 0,
  finished_at: null,
  ...o,
});

test('a users import shows hashing, then saving, each with its own counts and the percentage made from them', () => {
  assert.equal(jobFigure(job({ passwords_hashed: 1200 })), { text: 'Hashing passwords 1,200 of 2,000 (60 %)', done: 1200, total: 2000 });
  assert.equal(jobFigure(job({ passwords_hashed: 2000, rows_written: 10 })), { text: 'Saving 10 of 2,000 (0 %)', done: 10, total: 2000 });
});

test('a photo import has no hashing step; the percentage agrees with the counts shown', () => {
  const photos = { kind: 'photos' as const, passwords_total: 0, rows_total: 30_000, rows_checked: 30_000 };
  assert.is(jobFigure(job({ ...photos, rows_written: 11_450 })).text, 'Saving 11,450 of 30,000 (38 %)');
  assert.is(jobFigure(job({ ...photos, rows_written: 300 })).text, 'Saving 300 of 30,000 (1 %)');
  assert.is(jobFigure(job({ ...photos, rows_written: 29_999 })).text, 'Saving 29,999 of 30,000 (99 %)');
});

test('percentOf rounds down, so 100 % only shows when every row is in', () => {
  assert.is(percentOf(999, 1000), 99);
  assert.is(percentOf(1000, 1000), 100);
  assert.is(percentOf(0, 0), 0);
  assert.is(percentOf(5, 3), 100);
});

test('the figure names what the job is doing, and the message once it ended', () => {
  assert.is(jobFigure(job({ state: 'queued' })).text, 'Waiting to start…');
  assert.equal(jobFigure(job({ state: 'failed', message: 'Nothing was imported.' })), { text: 'Nothing was imported.', done: 0, total: 1 });
  assert.equal(jobFigure(job({ state: 'done', message: '2000 users imported successfully.' })).done, 1);
  assert.ok(jobFinished(job({ state: 'done' })) && jobFinished(job({ state: 'failed' })) && !jobFinished(job({ state: 'running' })));
});

test.run();
