import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { useState } from 'react';
import { render, fireEvent, cleanup, act } from '@testing-library/react';
import { ModalProvider } from '../../src/providers/modals.tsx';
import { Modal } from '../../src/components/modal.tsx';

test.after.each(() => {
  cleanup();
  resetDom();
});

function Harness({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(nested);
  return (
    <ModalProvider>
      <button onClick={() => setOpen(true)}>Open</button>
      {open && (
        <Modal title="Add Permission" onClose={() => setOpen(false)} footer={<button>Save changes</button>}>
          <input aria-label="Permission name" />
          {inner && (
            <Modal title="Inner" onClose={() => setInner(false)}>
              <input aria-label="Inner field" />
            </Modal>
          )}
        </Modal>
      )}
    </ModalProvider>
  );
}

test('a modal is announced as a dialog labelled by its title', () => {
  const r = render(<Harness />);
  fireEvent.click(r.getByText('Open'));
  const dialog = r.getByRole('dialog');
  assert.is(dialog.getAttribute('aria-modal'), 'true');
  assert.is(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent, 'Add Permission');
});
test('Escape closes the modal and focus goes back to the opener', () => {
  const r = render(<Harness />);
  const opener = r.getByText('Open');
  opener.focus();
  fireEvent.click(opener);
  assert.is(document.activeElement, r.getByLabelText('Permission name'));
  act(() => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  assert.is(r.queryByRole('dialog'), null);
  assert.is(document.activeElement, opener);
});
test('a click on the backdrop closes the modal; a click inside does not', () => {
  const r = render(<Harness />);
  fireEvent.click(r.getByText('Open'));
  fireEvent.mouseDown(r.getByLabelText('Permission name'));
  assert.ok(r.queryByRole('dialog'));
  fireEvent.mouseDown(document.querySelector('.modal-backdrop')!);
  assert.is(r.queryByRole('dialog'), null);
});
test('Escape closes only the topmost of two modals', () => {
  const r = render(<Harness nested />);
  fireEvent.click(r.getByText('Open'));
  assert.is(r.getAllByRole('dialog').length, 2);
  act(() => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  assert.is(r.getAllByRole('dialog').length, 1);
  assert.ok(r.getByText('Add Permission'));
});
test('Tab from the last control wraps to the first one inside the modal', () => {
  const r = render(<Harness />);
  fireEvent.click(r.getByText('Open'));
  const save = r.getByText('Save changes');
  save.focus();
  act(() => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
  });
  assert.ok(document.querySelector('.modal')!.contains(document.activeElement));
  assert.is.not(document.activeElement, save);
});
test.run();
