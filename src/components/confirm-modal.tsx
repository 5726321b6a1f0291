import '../lib/messages/shell.ts';
import '../lib/messages/access.ts';
import { useId, useState } from 'react';
import { Modal } from './modal.tsx';
import { Button } from './button.tsx';
import { t, tParts } from '../lib/i18n.ts';

/** The item a confirmation is about: "Delete the {kind} {name}?" follows the spec's sentence. */
export interface ConfirmItem {
  kind: string;
  name: string /** The user types the name before the button works (organisers, events). */;
  typeName?: boolean;
}

/**
 * A yes/no confirmation (Delete Permission and its kin): `text` is the spec's question, shown
 * first; `item` then names what goes ("Delete the user Nora Tanaka?") and, with `typeName`,
 * asks for its name to be typed before `confirmLabel` (YES, Delete) can be pressed. `detail`, when
 * not empty, follows as its own paragraph (what else the delete removes).
 * The confirm button shows a loading state while `busy`; `onConfirm` is called with no argument
 * (never the click event, which a handler with an optional parameter would take for a value).
 */
export function ConfirmModal({
  title,
  text,
  detail,
  confirmLabel = t('access.confirm.yes'),
  busy,
  onConfirm,
  onClose,
  danger = true,
  item,
}: {
  title: string;
  text: string;
  detail?: string;
  confirmLabel?: string;
  busy?: boolean;
  danger?: boolean;
  item?: ConfirmItem;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const blocked = !!item?.typeName && typed.trim() !== item.name.trim();
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('action.close')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} busy={busy} disabled={blocked} onClick={() => onConfirm()} autoFocus={!item?.typeName}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{text}</p>
      {item && <p className="confirm-item">{tParts('access.confirm.deleteItem', { name: <strong key="n">{item.name}</strong> }, { kind: item.kind })}</p>}
      {detail && <p className="confirm-detail">{detail}</p>}
      {item?.typeName && (
        <label className="field" htmlFor={id}>
          <span>{tParts('access.confirm.typeName', { name: <strong key="n">{item.name}</strong> })}</span>
          <input id={id} name="confirm_name" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
      )}
    </Modal>
  );
}
