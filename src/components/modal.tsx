import '../lib/messages/shell.ts';
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import clsx from 'clsx';
import { ModalDepth, useModalStack } from '../providers/modals.tsx';
import { useLeaveGuard } from './use-leave-guard.ts';
import { Button } from './button.tsx';
import { returnFocus } from './return-focus.ts';
import { linkModal } from '../providers/use-last-form.ts';
import { t } from '../lib/i18n.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row; the spec's Close / Save changes / YES. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Wraps body and footer in a form so Enter submits. */
  onSubmit?: () => void;
  /** The form has changes: every way of closing it (and leaving the page) asks first. */
  dirty?: boolean;
}

/** Catalog keys of the one "discard changes" confirm (the spec is silent; docs/architecture.md). */
export const DISCARD = {
  title: 'discard.title',
  text: 'discard.text',
  keep: 'discard.keep',
  discard: 'discard.discard',
} as const;

/** Closes the enclosing modal the way its × does (asking first when it has changes); for footers' Close buttons. */
const RequestClose = createContext<() => void>(() => undefined);
/** The enclosing Modal's close request (as its × closes it, asking first when it is dirty); outside a Modal, a no-op. */
export const useModalClose = () => useContext(RequestClose);

/**
 * A dialog (admin-area §9): closes on backdrop click, Escape (topmost only) and the cross;
 * keeps Tab focus inside while open; gives focus back to what had it when it closes, or to its
 * row when a reload replaced it (return-focus.ts, the WAI-ARIA dialog pattern).
 * Render it only while open.
 */
export function Modal({ title, onClose, children, footer, size = 'md', onSubmit, dirty = false }: ModalProps) {
  const id = useId();
  const { stack, open, close } = useModalStack();
  const depth = useContext(ModalDepth);
  const box = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const isTop = stack[stack.length - 1]?.id === id;
  const [pending, setPending] = useState<(() => void) | null>(null);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const ask = useCallback((proceed: () => void) => setPending(() => proceed), []);
  const requestClose = useCallback(() => (dirtyRef.current ? ask(() => onCloseRef.current()) : onCloseRef.current()), [ask]);
  useLeaveGuard(dirty, ask);

  // What had focus before this modal: read while rendering, since an autoFocus control inside
  // (a confirmation's YES) takes focus when the modal is committed, before any effect runs.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  useEffect(() => {
    const before = opener;
    linkModal(box.current, before);
    open(id, depth);
    const first = box.current?.querySelector<HTMLElement>('[autofocus], input:not([readonly]), select, textarea') ?? box.current;
    first?.focus();
    return () => {
      close(id);
      returnFocus(before);
    };
  }, [id, depth, open, close, opener]);

  useEffect(() => {
    if (!isTop) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        requestClose();
        return;
      }
      if (e.key !== 'Tab' || !box.current) return;
      const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      if (!items.length) {
        e.preventDefault();
        return;
      }
      const [first, last] = [items[0], items[items.length - 1]];
      if (e.shiftKey && (document.activeElement === first || !box.current.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !box.current.contains(document.activeElement))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isTop, requestClose]);

  const body = (
    <>
      <div className="modal-body">{children}</div>
      {footer && <div className="modal-footer">{footer}</div>}
    </>
  );
  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) requestClose();
      }}
    >
      <div ref={box} className={clsx('modal', `modal-${size}`)} role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <div className="modal-header">
          <h2 id={`${id}-title`} className="modal-title">
            {title}
          </h2>
          <button type="button" className="modal-close" aria-label={t('action.close')} onClick={requestClose}>
            ×
          </button>
        </div>
        <ModalDepth.Provider value={depth + 1}>
          <RequestClose.Provider value={requestClose}>
            {onSubmit ? (
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  onSubmit();
                }}
              >
                {body}
              </form>
            ) : (
              body
            )}
          </RequestClose.Provider>
          {pending && (
            <DiscardPrompt
              onKeep={() => setPending(null)}
              onDiscard={() => {
                setPending(null);
                pending();
              }}
            />
          )}
        </ModalDepth.Provider>
      </div>
    </div>,
    document.body,
  );
}

/** The one confirm before changes are thrown away: Keep editing (also Escape, ×) or Discard. */
export function DiscardPrompt({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  return (
    <Modal
      title={t(DISCARD.title)}
      size="sm"
      onClose={onKeep}
      footer={
        <>
          <Button variant="secondary" onClick={onKeep} autoFocus>
            {t(DISCARD.keep)}
          </Button>
          <Button variant="danger" onClick={onDiscard}>
            {t(DISCARD.discard)}
          </Button>
        </>
      }
    >
      <p>{t(DISCARD.text)}</p>
    </Modal>
  );
}

/** A footer's Close button: closes its modal as the × does (asking first when the form has changes). */
export function ModalCloseButton({ label, disabled }: { label?: string; disabled?: boolean }) {
  const close = useModalClose();
  return (
    <Button variant="secondary" onClick={close} disabled={disabled}>
      {label ?? t('action.close')}
    </Button>
  );
}
