import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ToastProvider } from '../../src/providers/toasts.tsx';
import { useLoad } from '../../src/components/use-load.ts';
import { useAction } from '../../src/components/use-action.ts';
import { HttpError } from '../../src/lib/http.ts';

type Deferred<T> = { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void };
const deferred = <T,>(): Deferred<T> => {
  let resolve!: (v: T) => void, reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
};

test.before.each(() => resetDom());

test('useLoad shows the answer of the latest inputs only, and a failure until retry succeeds', async () => {
  const calls: Record<string, Deferred<string>> = {};
  let attempt = 0;
  function Screen() {
    const [id, setId] = useState('a');
    const { data, loading, error, retry } = useLoad(() => {
      attempt++;
      calls[`${id}${attempt}`] = deferred<string>();
      return calls[`${id}${attempt}`].promise;
    }, [id]);
    return (
      <>
        <p>{loading ? 'Loading' : error ? 'Failed' : data}</p>
        <button onClick={() => setId('b')}>b</button>
        <button onClick={retry}>retry</button>
      </>
    );
  }
  const origError = console.error;
  console.error = () => undefined;
  render(<Screen />);
  await act(async () => screen.getByText('b').click());
  await act(async () => {
    calls.a1.resolve('stale A');
    calls.b2.reject(new Error('down'));
  });
  assert.ok(screen.getByText('Failed'));
  await act(async () => screen.getByText('retry').click());
  assert.ok(screen.getByText('Loading'));
  await act(async () => calls.b3.resolve('event B'));
  assert.ok(screen.getByText('event B'));
  console.error = origError;
});

test("useAction is busy while the call runs, refuses a second start, and toasts success or the catalogue's words", async () => {
  const calls: Deferred<{ message: string }>[] = [];
  function Screen() {
    const { busy, run } = useAction();
    return (
      <button
        onClick={() =>
          void run(() => {
            const d = deferred<{ message: string }>();
            calls.push(d);
            return d.promise;
          })
        }
      >
        {busy ? 'Saving' : 'Save'}
      </button>
    );
  }
  render(
    <ToastProvider>
      <Screen />
    </ToastProvider>,
  );
  await act(async () => screen.getByText('Save').click());
  await act(async () => screen.getByText('Saving').click());
  assert.is(calls.length, 1);
  await act(async () => calls[0].resolve({ message: 'Saved successfully.' }));
  assert.ok(screen.getByText('Saved successfully.'));
  await act(async () => screen.getByText('Save').click());
  await act(async () =>
    calls[1].reject(new HttpError(422, { status: 'validation_error', message: 'Invalid', data: null, errors: { name: ['The name field is required.'] } })),
  );
  assert.ok(screen.getByText('The name field is required.'));
  assert.ok(screen.getByText('Save'));
});

test.run();
