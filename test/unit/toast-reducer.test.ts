import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN_TOASTS, ORGANISER_TOASTS, toastReducer, type Toast } from '../../src/providers/toast-reducer.ts';

const show = (state: Toast[], id: number, message: string, preset = ADMIN_TOASTS) =>
  toastReducer(state, { type: 'show', toast: { id, kind: 'success', message, preset } });

test('the admin preset matches admin-area §9', () => {
  assert.equal(ADMIN_TOASTS, { timeout: 5000, extendedTimeout: 1000, position: 'top-right', newestOnTop: true, preventDuplicates: false });
});
test('the organiser preset matches organiser-console §9, in the one corner both consoles share', () => {
  assert.is(ORGANISER_TOASTS.timeout, 10000);
  assert.is(ORGANISER_TOASTS.position, ADMIN_TOASTS.position);
  assert.is(ORGANISER_TOASTS.preventDuplicates, true);
});
test('newest toast goes on top', () => {
  const s = show(show([], 1, 'first'), 2, 'second');
  assert.equal(
    s.map((t) => t.message),
    ['second', 'first'],
  );
});
test('admin toasts allow duplicates', () => {
  assert.is(show(show([], 1, 'Saved'), 2, 'Saved').length, 2);
});
test('organiser toasts drop a duplicate of a visible toast', () => {
  const s = show(show([], 1, 'Saved', ORGANISER_TOASTS), 2, 'Saved', ORGANISER_TOASTS);
  assert.is(s.length, 1);
});
test('leave marks a toast for fading; remove drops it', () => {
  let s = show([], 1, 'x');
  s = toastReducer(s, { type: 'leave', id: 1 });
  assert.is(s[0].leaving, true);
  assert.equal(toastReducer(s, { type: 'remove', id: 1 }), []);
});
const t = (id: number, kind: 'success' | 'error' | 'info', form?: number, press?: number) => ({
  id,
  kind,
  message: `m${id}`,
  preset: ADMIN_TOASTS,
  form,
  press,
});
test('a success clears every earlier error toast, of its own form and of others; info toasts stay', () => {
  let s = toastReducer([], { type: 'show', toast: t(1, 'error', 7) });
  s = toastReducer(s, { type: 'show', toast: t(2, 'error', 8) });
  s = toastReducer(s, { type: 'show', toast: t(4, 'info') });
  s = toastReducer(s, { type: 'show', toast: t(3, 'success', 7) });
  assert.equal(
    s.map((x) => x.id),
    [3, 4],
  );
});
test("a form's second submit replaces its first submit's error toasts; one submit's several errors stay together", () => {
  let s = toastReducer([], { type: 'show', toast: t(1, 'error', 7, 1) });
  s = toastReducer(s, { type: 'show', toast: t(2, 'error', 7, 1) });
  s = toastReducer(s, { type: 'show', toast: t(3, 'error', 9, 1) });
  assert.equal(
    s.map((x) => x.id),
    [3, 2, 1],
  );
  s = toastReducer(s, { type: 'show', toast: t(4, 'error', 7, 5) });
  assert.equal(
    s.map((x) => x.id),
    [4, 3],
    'the other form keeps its error',
  );
});
test('leave-errors starts every error toast fading and leaves the rest', () => {
  let s = toastReducer([], { type: 'show', toast: t(1, 'error', 7) });
  s = toastReducer(s, { type: 'show', toast: t(2, 'info') });
  s = toastReducer(s, { type: 'leave-errors' });
  assert.equal(
    s.map((x) => [x.id, x.leaving]),
    [
      [2, false],
      [1, true],
    ],
  );
  assert.is(toastReducer(s, { type: 'leave-errors' }), s, 'nothing to do: the same state');
});

test.run();
