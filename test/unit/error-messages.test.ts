import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpError } from '../../src/lib/http.ts';
import { errorMessages, fieldMessages, genericError, saveFailureToasts } from '../../src/lib/error-catalogue.ts';

const envelope = (status: string, message: string, errors?: Record<string, string[]>) => ({ status, message, data: null, errors });
const invalid = new HttpError(
  422,
  envelope('validation_error', 'The given data was invalid.', { name: ['The name field is required.', 'x'], email: ['The email has already been taken.'] }),
);

test("a validation error reads as each field's first message, in the server's order", () => {
  assert.equal(errorMessages(invalid), ['The name field is required.', 'The email has already been taken.']);
  assert.equal(
    saveFailureToasts(invalid).map((t) => t.message),
    ['The name field is required.', 'The email has already been taken.'],
  );
});

test("forbidden, conflict, too large, throttled, unavailable and unreachable say the server's own words", () => {
  for (const status of [403, 409, 413, 429, 503]) {
    assert.equal(errorMessages(new HttpError(status, envelope('x', `because ${status}`))), [`because ${status}`]);
  }
  assert.equal(errorMessages(new HttpError(0, null, 'The server could not be reached. Check your connection and try again.')), [
    'The server could not be reached. Check your connection and try again.',
  ]);
});

test('anything else falls back to the generic toast, or the words the caller chose', () => {
  const boom = new HttpError(500, envelope('server_error', 'SQLITE_BUSY'));
  assert.equal(errorMessages(boom), []);
  assert.equal(saveFailureToasts(boom), [{ kind: 'error', message: 'Please check the details you entered and try again.' }]);
  assert.equal(saveFailureToasts(new TypeError('x is undefined'), genericError()), [
    { kind: 'error', message: 'Something went wrong. Please try again or contact customer care for help.' },
  ]);
});

test('fieldMessages lists every message of one field of a validation error, and nothing otherwise', () => {
  const rows = new HttpError(
    422,
    envelope('validation_error', 'Invalid.', { excel: ['Row 2: bid_number is empty.', 'Row 3: orientation must be portrait or landscape.'] }),
  );
  assert.equal(fieldMessages(rows, 'excel'), ['Row 2: bid_number is empty.', 'Row 3: orientation must be portrait or landscape.']);
  assert.equal(fieldMessages(rows, 'file'), []);
  assert.equal(fieldMessages(new HttpError(403, envelope('forbidden', 'No.')), 'excel'), []);
});

test('a validation_error is one error toast per failing field with its first message (admin-area §8)', () => {
  const err = new HttpError(422, envelope('validation_error', 'x', { name: ['Name needed.', 'Too short.'], email: ['Email taken.'] }));
  assert.equal(saveFailureToasts(err), [
    { kind: 'error', message: 'Name needed.' },
    { kind: 'error', message: 'Email taken.' },
  ]);
});
test.run();
