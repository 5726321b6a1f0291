import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { participantRow, participantRowProblem } from '../../src/common/participant-sheet.ts';
import { ParticipantInput } from '../../src/common/contract/participants.ts';

const row = (patch: Partial<Record<'bib_number' | 'name' | 'email' | 'face_consent' | 'consent_date' | 'language', string>> = {}) => ({
  bib_number: '101',
  name: 'Ada',
  email: 'ada@example.com',
  face_consent: 'yes',
  consent_date: '2026-05-01',
  language: '',
  ...patch,
});

test('a good row passes; face_consent is read case-insensitively and blank means no', () => {
  assert.is(participantRowProblem(row()), null);
  assert.is(participantRowProblem(row({ face_consent: 'YES' })), null);
  assert.is(participantRow(row({ face_consent: '' })).face_consent, 'no');
  assert.is(participantRowProblem(row({ email: '', consent_date: '' })), null);
});

test("language is a shipped locale in any case, or blank for the event's default", () => {
  for (const language of ['', 'fr', 'ES', ' ar ', 'en']) assert.is(participantRowProblem(row({ language })), null, language);
  assert.is(participantRow(row({ language: ' FR ' })).language, 'fr');
  assert.is(participantRowProblem(row({ language: 'de' })), 'The selected language is invalid.');
  assert.is(participantRowProblem(row({ language: 'fr-CA' })), 'The selected language is invalid.');
});

test("a bad row names its column in the form's words", () => {
  assert.is(participantRowProblem(row({ bib_number: ' ' })), 'The bib number field is required.');
  assert.is(participantRowProblem(row({ face_consent: 'maybe' })), 'The selected face consent is invalid.');
  assert.is(participantRowProblem(row({ email: 'nope' })), 'The email must be a valid email address.');
  assert.is(participantRowProblem(row({ consent_date: '1/5/2026' })), 'The consent date is not a valid date.');
});

test('Add participant (POST event/{id}/participant) refuses what a sheet row refuses, in the same words', () => {
  const rows = [
    row(),
    row({ bib_number: '' }),
    row({ bib_number: 'x'.repeat(51) }),
    row({ name: ' ' }),
    row({ name: 'n'.repeat(256) }),
    row({ email: 'nope' }),
    row({ email: `${'a'.repeat(250)}@example.com` }),
    row({ face_consent: 'maybe' }),
    row({ face_consent: '' }),
    row({ consent_date: '2026-02-30' }),
    row({ bib_number: '', name: '' }),
    row({ language: 'de' }),
    row({ language: 'french'.repeat(3) }),
  ];
  for (const r of rows) {
    const body = ParticipantInput.safeParse(participantRow(r));
    const first = body.success ? null : body.error.issues[0];
    const words = first ? first.message.replaceAll(':attribute', String(first.path[0]).replaceAll('_', ' ')) : null;
    assert.is(participantRowProblem(r), words, JSON.stringify(r));
  }
});

test.run();
