import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, screen } from '@testing-library/react';
import { activateLocale } from '../../src/lib/i18n.ts';
import { useSharedText } from '../../src/features/auth/use-shared-text.ts';
import { CODE_LOCK_AFTER, TWO_STEP_LOCKED } from '../../src/common/two-step.ts';

// The sign-in's second step says "Sign-in codes are locked…" (TWO_STEP_LOCKED, a rule both sides
// share) in the reader's language: English word for word, French once its chunk has loaded.

test.before.each(() => resetDom());
test.after.each(() => activateLocale('en', false));

function Notice({ text }: { text: string }) {
  return <p role="alert">{useSharedText(text)}</p>;
}

test('an English reader reads the shared sentence word for word', async () => {
  await activateLocale('en', false);
  render(<Notice text={TWO_STEP_LOCKED} />);
  assert.is(screen.getByRole('alert').textContent, TWO_STEP_LOCKED);
});

test('a French reader reads it in French, with the count of wrong codes', async () => {
  await activateLocale('fr', false);
  render(<Notice text={TWO_STEP_LOCKED} />);
  const alert = screen.getByRole('alert');
  for (let i = 0; i < 100 && alert.textContent === TWO_STEP_LOCKED; i++) await new Promise((r) => setTimeout(r, 20));
  const said = alert.textContent ?? '';
  assert.is.not(said, TWO_STEP_LOCKED);
  assert.ok(said.includes(String(CODE_LOCK_AFTER)), said);
  assert.match(said, /codes/i);
  assert.not.match(said, /wrong codes in a row/);
});

test('an empty text stays empty', async () => {
  await activateLocale('fr', false);
  render(<Notice text="" />);
  assert.is(screen.getByRole('alert').textContent, '');
});

test.run();
