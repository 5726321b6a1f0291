import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { oneLineProblem, storedPasswordApplies } from '../../src/common/mail-rules.ts';

test('oneLineProblem refuses line breaks and other control characters, and takes one-line text with accents and emoji', () => {
  for (const s of ['Ann\r\nBcc: x@example.org', 'Ann\n', 'a\u2028b', 'a\u0085b'])
    assert.is(oneLineProblem(s, 'name'), 'The name may not contain line breaks.', JSON.stringify(s));
  for (const s of ['Ann\tB', 'a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u009bb'])
    assert.is(oneLineProblem(s, 'name'), 'The name may not contain control characters.', JSON.stringify(s));
  for (const s of ["Ann O'Brien", 'Zoë Müller 🎉', '', 'x'.repeat(1_000_000)]) assert.is(oneLineProblem(s, 'name'), null);
});

test('the stored SMTP password applies only to the server (case aside), port and user name it was stored with', () => {
  const saved = { smtp_server: 'smtp.example.com', smtp_port: '587', smtp_username: 'mailer' };
  assert.ok(storedPasswordApplies(saved, { ...saved }));
  assert.ok(storedPasswordApplies(saved, { smtp_server: ' SMTP.example.com ', smtp_port: 587, smtp_username: 'mailer ' }));
  assert.not.ok(storedPasswordApplies(saved, { ...saved, smtp_server: 'evil.example.com' }));
  assert.not.ok(storedPasswordApplies(saved, { ...saved, smtp_port: '2525' }));
  assert.not.ok(storedPasswordApplies(saved, { ...saved, smtp_username: 'other' }));
  assert.not.ok(storedPasswordApplies(saved, { ...saved, smtp_username: '' }));
});

test.run();
