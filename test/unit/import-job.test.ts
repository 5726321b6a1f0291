import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jobPhase, jobProgress, jobFinished, type ImportJob } from '../../src/common/import-job.ts';

const job = (o: Partial<ImportJob>): ImportJob => ({
  id: 1, kind: 'users', state: 'running', rows_total: 2000, rows_checked: 2000, rows_written: 0,
  passwords_total: 2000, passwords_hashed: 0, message: '', created_at: 0, finished_at: null, ...o,
});

test('a users import moves through checking, hashing and writing as one bar', () => {
  assert.is(jobProgress(job({ passwords_hashed: 0 })), 1 / 3);
  assert.is(jobProgress(job({ passwords_hashed: 1000 })), 0.5);
  assert.is(jobProgress(job({ passwords_hashed: 2000, rows_written: 1000 })), 5 / 6);
  assert.is(jobProgress(job({ state: 'done', passwords_hashed: 2000, rows_written: 2000 })), 1);
});

test('a photo import has no hashing step; a failed one never shows full', () => {
  const photos = { kind: 'photos' as const, passwords_total: 0, rows_total: 50_000, rows_checked: 50_000 };
  assert.is(jobProgress(job({ ...photos, rows_written: 25_000 })), 0.75);
  assert.is(jobPhase(job({ ...photos, rows_written: 25_000 })), 'Saving rows: 25,000 of 50,000');
  assert.is(jobProgress(job({ ...photos, state: 'failed', rows_written: 0 })), 0.5);
});

test('the phase line names what the job is doing, and the message once it ended', () => {
  assert.is(jobPhase(job({ state: 'queued' })), 'Waiting to start…');
  assert.is(jobPhase(job({ passwords_hashed: 1200 })), 'Hashing passwords: 1,200 of 2,000');
  assert.is(jobPhase(job({ passwords_hashed: 2000, rows_written: 10 })), 'Saving rows: 10 of 2,000');
  assert.is(jobPhase(job({ state: 'failed', message: 'Nothing was imported.' })), 'Nothing was imported.');
  assert.ok(jobFinished(job({ state: 'done' })) && jobFinished(job({ state: 'failed' })) && !jobFinished(job({ state: 'running' })));
});

test.run();
