import { Modal } from './modal.tsx';
import { Button } from './button.tsx';

/**
 * A yes/no confirmation (Delete Permission and its kin): `text` is the spec's question,
 * `confirmLabel` its button (YES, Delete). The confirm button shows a loading state while `busy`.
 * `detail`, when not empty, follows the question as its own paragraph (what else the delete removes).
 */
export function ConfirmModal({ title, text, detail, confirmLabel = 'YES', busy, onConfirm, onClose, danger = true }: {
  title: string; text: string; detail?: string; confirmLabel?: string; busy?: boolean; danger?: boolean;
  onConfirm: () => void; onClose: () => void;
}) {
  return (
    <Modal title={title} onClose={onClose} size="sm" footer={
      <>
        <Button variant="secondary" onClick={onClose}>Close</Button>
        <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm} autoFocus>{confirmLabel}</Button>
      </>
    }>
      <p>{text}</p>
      {detail && <p className="confirm-detail">{detail}</p>}
    </Modal>
  );
}
