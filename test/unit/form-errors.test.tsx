import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ToastProvider } from '../../src/providers/toasts.tsx';
import { useFormErrors } from '../../src/components/use-form-errors.ts';
import { FormField } from '../../src/components/form-field.tsx';
import { collectErrors, serverErrors } from '../../src/components/form-errors.ts';
import { HttpError } from '../../src/lib/http.ts';
import { email, required } from '../../src/lib/validators.ts';
import {
  BIB_END_BELOW_START,
  BIB_END_WHOLE,
  BIB_LENGTH_MAX,
  BIB_LENGTH_RANGE,
  BIB_START_WHOLE,
  bibRangeProblems,
  bibTooLong,
} from '../../src/common/bib-range.ts';
import { campaignDatesOutsideEvent, outsideEventDates } from '../../src/common/dates.ts';
import { isSubdomain } from '../../src/common/campaign-links.ts';

test.before.each(() => resetDom());

const invalid422 = (errors: Record<string, string[]>) => new HttpError(422, { status: 'validation_error', message: 'invalid', data: null, errors });

function UserForm({ serverError }: { serverError?: unknown }) {
  const fe = useFormErrors();
  const [name, setName] = useState('');
  const [mail, setMail] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!fe.check({ name: required(name, 'Name'), email: email(mail) }) && serverError) fe.fromServer(serverError);
      }}
    >
      <FormField bind={fe.field('name')} label="Name" required>
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <FormField bind={fe.field('email')} label="Email" required>
        <input value={mail} onChange={(e) => setMail(e.target.value)} />
      </FormField>
      <button type="submit">Save</button>
    </form>
  );
}

const submit = async () => act(async () => screen.getByText('Save').click());

test('submitting an empty form marks each field with its message, focuses the first and says Whoops', async () => {
  render(
    <ToastProvider>
      <UserForm />
    </ToastProvider>,
  );
  const name = screen.getByLabelText(/Name/) as HTMLInputElement;
  const mail = screen.getByLabelText(/Email/) as HTMLInputElement;
  assert.is(name.getAttribute('aria-required'), 'true');
  assert.is(name.getAttribute('aria-invalid'), null);
  await submit();
  assert.is(name.getAttribute('aria-invalid'), 'true');
  assert.is(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent, 'Please fill Name.');
  assert.is(document.getElementById(mail.getAttribute('aria-describedby')!)!.textContent, 'Please enter a valid email address.');
  assert.is(document.activeElement, name);
  assert.ok(screen.getByText('Whoops..!!!'));
});

test('typing in a marked field clears its message only; a later pass focuses the field still wrong', async () => {
  render(
    <ToastProvider>
      <UserForm />
    </ToastProvider>,
  );
  await submit();
  const name = screen.getByLabelText(/Name/) as HTMLInputElement;
  await act(async () => {
    fireEvent.change(name, { target: { value: 'Nora' } });
  });
  assert.is(name.getAttribute('aria-invalid'), null);
  const mail = screen.getByLabelText(/Email/) as HTMLInputElement;
  assert.is(mail.getAttribute('aria-invalid'), 'true');
  await submit();
  assert.is(document.activeElement, mail);
});

test('a server validation_error is placed under its field and that field is focused', async () => {
  render(
    <ToastProvider>
      <UserForm serverError={invalid422({ email: ['The email has already been taken.'] })} />
    </ToastProvider>,
  );
  const name = screen.getByLabelText(/Name/) as HTMLInputElement;
  const mail = screen.getByLabelText(/Email/) as HTMLInputElement;
  await act(async () => {
    fireEvent.change(name, { target: { value: 'Nora' } });
  });
  await act(async () => {
    fireEvent.change(mail, { target: { value: 'nora@example.com' } });
  });
  await submit();
  assert.is(mail.getAttribute('aria-invalid'), 'true');
  assert.is(document.getElementById(mail.getAttribute('aria-describedby')!)!.textContent, 'The email has already been taken.');
  assert.is(document.activeElement, mail);
  assert.is(name.getAttribute('aria-invalid'), null);
});

test('collectErrors keeps the failing fields in screen order; serverErrors takes the first message of each field only from a validation_error', () => {
  assert.equal(Object.keys(collectErrors({ b: 'x', a: null, c: 'y' })), ['b', 'c']);
  assert.equal(serverErrors(invalid422({ title: ['short', 'other'], subdomain: ['taken'] })), { title: 'short', subdomain: 'taken' });
  assert.equal(serverErrors(new HttpError(500, null)), {});
  assert.equal(serverErrors(new Error('x')), {});
});

test('BIB ranges are whole numbers with the end not below the start; empty bounds pass', () => {
  assert.equal(bibRangeProblems('100', '900'), {});
  assert.equal(bibRangeProblems('', ''), {});
  assert.equal(bibRangeProblems(' 7 ', '7'), {});
  assert.equal(bibRangeProblems('abc', '10'), { bib_start_range: BIB_START_WHOLE });
  assert.equal(bibRangeProblems('1', '2.5'), { bib_end_range: BIB_END_WHOLE });
  assert.equal(bibRangeProblems('-1', ''), { bib_start_range: BIB_START_WHOLE });
  assert.equal(bibRangeProblems('10', '9'), { bib_end_range: BIB_END_BELOW_START });
  assert.equal(bibRangeProblems('9', '10'), {});
  assert.equal(bibRangeProblems('1', '9'.repeat(20)), {});
  assert.equal(bibRangeProblems('1', '9'.repeat(21)), { bib_end_range: bibTooLong('end', BIB_LENGTH_MAX) });
});

test('BIB Length is a whole number from 1 to 20 and caps the digits of both bounds; empty passes', () => {
  assert.is(BIB_LENGTH_MAX, 20);
  for (const bad of ['zz', '0', '21', '-1', '2.5', '1e1', '007', ' 3x']) assert.equal(bibRangeProblems('', '', bad), { bib_length: BIB_LENGTH_RANGE }, bad);
  for (const good of ['1', '20', ' 4 ', '09', '']) assert.equal(bibRangeProblems('', '', good), {}, good);
  assert.equal(bibRangeProblems('100', '999', '3'), {});
  assert.equal(bibRangeProblems('100', '1000', '3'), { bib_end_range: bibTooLong('end', 3) });
  assert.equal(bibRangeProblems('12345', '99999', '4'), { bib_start_range: bibTooLong('start', 4), bib_end_range: bibTooLong('end', 4) });
  assert.equal(bibRangeProblems('50', '7', '2'), { bib_end_range: BIB_END_BELOW_START }, 'the order is still checked');
  assert.equal(bibRangeProblems('123456', '', 'zz'), { bib_length: BIB_LENGTH_RANGE }, 'an invalid length caps nothing beyond 20 digits');
  assert.is(bibTooLong('start', 4), 'The BIB start range must have at most 4 digits.');
  assert.is(BIB_LENGTH_RANGE, 'The BIB length must be a whole number from 1 to 20.');
});

test("campaign dates lie within the event's dates; the message names them; unknown or unreal dates are left to other rules", () => {
  const msg = "Campaign dates must be within the event's dates, 2027-06-01 to 2027-06-03.";
  assert.is(outsideEventDates('2027-06-01', '2027-06-03'), msg);
  assert.equal(campaignDatesOutsideEvent('2020-01-01', '2020-01-02', '2027-06-01', '2027-06-03'), { start: msg, end: msg });
  assert.equal(campaignDatesOutsideEvent('2027-06-01', '2027-06-03', '2027-06-01', '2027-06-03'), {}, 'the bounds themselves are inside');
  assert.equal(campaignDatesOutsideEvent('2027-06-02', '2027-06-04', '2027-06-01', '2027-06-03'), { end: msg });
  assert.equal(campaignDatesOutsideEvent('2027-05-31', '2027-06-02', '2027-06-01', '2027-06-03'), { start: msg });
  assert.equal(campaignDatesOutsideEvent('', '2027-13-01', '2027-06-01', '2027-06-03'), {});
  assert.equal(campaignDatesOutsideEvent('2020-01-01', '2020-01-01', '', 'soon'), {});
});

test('a subdomain is a label of at most 63 characters', () => {
  assert.ok(isSubdomain('a'.repeat(63)));
  assert.not.ok(isSubdomain('a'.repeat(64)));
  assert.not.ok(isSubdomain('city_run'));
});

test.run();
