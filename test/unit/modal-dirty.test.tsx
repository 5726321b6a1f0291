import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { useState } from 'react';
import { render, fireEvent, cleanup, act } from '@testing-library/react';
import { ModalProvider } from '../../src/providers/modals.tsx';
import { Modal, ModalCloseButton } from '../../src/components/modal.tsx';

test.after.each(() => {
  cleanup();
  resetDom();
});

/** A form whose modal is dirty once its field differs from what it opened with. */
function Harness() {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
  return (
    <ModalProvider>
      {open ? (
        <Modal title="Edit User" onClose={() => setOpen(false)} dirty={name !== ''} footer={<ModalCloseButton />}>
          <input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
        </Modal>
      ) : (
        <p>closed</p>
      )}
    </ModalProvider>
  );
}
const pressEscape = () =>
  act(() => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });

test('an untouched form closes on Escape without asking', () => {
  const r = render(<Harness />);
  pressEscape();
  assert.ok(r.getByText('closed'));
});

test('Escape, ×, Close and the backdrop on an edited form ask first; Keep editing keeps what was typed', () => {
  const r = render(<Harness />);
  fireEvent.change(r.getByLabelText('Name'), { target: { value: 'Nora' } });
  const ways = [
    pressEscape,
    () => fireEvent.click(r.getByLabelText('Close', { selector: '.modal-close' })),
    () => fireEvent.click(r.getByText('Close', { selector: 'button' })),
    () => fireEvent.mouseDown(document.querySelector('.modal-backdrop')!),
  ];
  for (const way of ways) {
    way();
    assert.ok(r.getByText('Your changes are not saved. Close and lose them?'));
    fireEvent.click(r.getByText('Keep editing'));
    assert.is(r.queryByText('Discard changes?'), null);
    assert.is((r.getByLabelText('Name') as HTMLInputElement).value, 'Nora');
  }
});

test('Discard closes the edited form; Escape on the question keeps editing', () => {
  const r = render(<Harness />);
  fireEvent.change(r.getByLabelText('Name'), { target: { value: 'Nora' } });
  pressEscape();
  pressEscape();
  assert.is(r.queryByText('Discard changes?'), null, 'Escape closes only the question');
  assert.ok(r.getByLabelText('Name'));
  pressEscape();
  fireEvent.click(r.getByText('Discard'));
  assert.ok(r.getByText('closed'));
});

test('an edited form holds the page: beforeunload is cancelled only while it has changes', () => {
  const r = render(<Harness />);
  const leave = () => {
    const ev = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(ev);
    return ev.defaultPrevented;
  };
  assert.not.ok(leave(), 'untouched: leaving is free');
  fireEvent.change(r.getByLabelText('Name'), { target: { value: 'Nora' } });
  assert.ok(leave(), 'edited: the browser asks');
});

test.run();
