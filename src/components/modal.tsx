import { useContext, useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import clsx from 'clsx';
import { ModalDepth, useModalStack } from '../providers/modals.tsx';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row; the spec's Close / Save changes / YES. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Wraps body and footer in a form so Enter submits. */
  onSubmit?: () => void;
}

/**
 * A dialog (admin-area §9): closes on backdrop click, Escape (topmost only) and the cross;
 * keeps Tab focus inside while open; gives focus back to what had it when it closes.
 * Render it only while open.
 */
export function Modal({ title, onClose, children, footer, size = 'md', onSubmit }: ModalProps) {
  const id = useId();
  const { stack, open, close } = useModalStack();
  const depth = useContext(ModalDepth);
  const box = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const isTop = stack[stack.length - 1]?.id === id;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    open(id, depth);
    const first = box.current?.querySelector<HTMLElement>('[autofocus], input:not([readonly]), select, textarea') ?? box.current;
    first?.focus();
    return () => { close(id); if (before?.isConnected) before.focus(); };
  }, [id, depth, open, close]);

  useEffect(() => {
    if (!isTop) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') { e.preventDefault(); onCloseRef.current(); return; }
      if (e.key !== 'Tab' || !box.current) return;
      const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      if (!items.length) { e.preventDefault(); return; }
      const [first, last] = [items[0], items[items.length - 1]];
      if (e.shiftKey && (document.activeElement === first || !box.current.contains(document.activeElement))) { e.preventDefault(); last.focus(); }
      else if (!e.shiftKey && (document.activeElement === last || !box.current.contains(document.activeElement))) { e.preventDefault(); first.focus(); }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isTop]);

  const body = (
    <>
      <div className="modal-body">{children}</div>
      {footer && <div className="modal-footer">{footer}</div>}
    </>
  );
  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <div ref={box} className={clsx('modal', `modal-${size}`)} role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <div className="modal-header">
          <h2 id={`${id}-title`} className="modal-title">{title}</h2>
          <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>×</button>
        </div>
        <ModalDepth.Provider value={depth + 1}>
          {onSubmit ? <form noValidate onSubmit={(e) => { e.preventDefault(); onSubmit(); }}>{body}</form> : body}
        </ModalDepth.Provider>
      </div>
    </div>,
    document.body,
  );
}
