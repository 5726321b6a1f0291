import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { participantRow, participantRowProblem } from '../../src/common/participant-sheet.ts';

const row = (patch: Partial<Record<'bib_number' | 'name' | 'email' | 'face_consent' | 'consent_date', string>> = {}) =>
  ({ bib_number: '101', name: 'Ada', email: 'ada@example.com', face_consent: 'yes', consent_date: '2026-05-01', ...patch });

test('a good row passes; face_consent is read case-insensitively and blank means no', () => {
  assert.is(participantRowProblem(row()), null);
  assert.is(participantRowProblem(row({ face_consent: 'YES' })), null);
  assert.is(participantRow(row({ face_consent: '' })).face_consent, 'no');
  assert.is(participantRowProblem(row({ email: '', consent_date: '' })), null);
});

test('a bad row names its column in the form\'s words', () => {
  assert.is(participantRowProblem(row({ bib_number: ' ' })), 'The bib number field is required.');
  assert.is(participantRowProblem(row({ face_consent: 'maybe' })), 'The selected face consent is invalid.');
  assert.is(participantRowProblem(row({ email: 'nope' })), 'The email must be a valid email address.');
  assert.is(participantRowProblem(row({ consent_date: '1/5/2026' })), 'The consent date is not a valid date.');
});

test.run();
