import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act, render, screen } from '@testing-library/react';
import { ListBody, LoadFailed } from '../../src/components/list-states.tsx';
import { HttpError } from '../../src/lib/http.ts';
import { offlineMessage } from '../../src/lib/offline.ts';

test.before.each(() => resetDom());

const table = (list: Parameters<typeof ListBody>[0]['list']) => (
  <table>
    <ListBody list={list} colSpan={2} emptyText="No rows.">
      <tr>
        <td>
          <button>Edit Nora</button>
        </td>
      </tr>
    </ListBody>
  </table>
);

test('while the next page loads the old rows stay, dimmed and inert', () => {
  render(table({ loading: true, error: false, rows: [{}], reload: () => undefined }));
  const body = document.querySelector('tbody')!;
  assert.ok(body.classList.contains('is-stale'));
  assert.ok(body.hasAttribute('inert'));
  assert.ok(screen.getByText('Edit Nora'));
});

test('a loaded page is neither dimmed nor inert', () => {
  render(table({ loading: false, error: false, rows: [{}], reload: () => undefined }));
  const body = document.querySelector('tbody')!;
  assert.not.ok(body.classList.contains('is-stale'));
  assert.not.ok(body.hasAttribute('inert'));
});

test('a failed load says so and Retry loads again', async () => {
  let reloads = 0;
  render(
    table({
      loading: false,
      error: true,
      failure: new HttpError(500, null),
      rows: [],
      reload: () => {
        reloads++;
      },
    }),
  );
  assert.ok(screen.getByText(/This list could not be loaded\./));
  await act(async () => screen.getByText('Retry').click());
  assert.is(reloads, 1);
});

test('a call that never reached the server is said as offline', () => {
  render(<LoadFailed what="The dashboard" failure={new HttpError(0, null, 'unreachable')} onRetry={() => undefined} />);
  assert.ok(screen.getByText(offlineMessage(), { exact: false }));
  assert.is(screen.queryByText(/could not be loaded/), null);
});

test.run();
