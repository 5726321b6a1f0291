import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import clsx from 'clsx';
import { useLocation } from 'wouter';
import { ADMIN_TOASTS, TOAST_CORNER, TOAST_FADE_MS, toastReducer, type Toast, type ToastKind, type ToastOffer, type ToastPreset } from './toast-reducer.ts';
import { useStackPlacement } from './use-stack-placement.ts';
import { useLastForm } from './use-last-form.ts';
import { t as say } from '../lib/i18n.ts';

/** What screens use to show toasts. */
export interface Toaster {
  show(kind: ToastKind, message: string, title?: string): void;
  /** `offer`: a button after the words ("Show it"). */
  success(message: string, title?: string, offer?: ToastOffer): void;
  error(message: string, title?: string): void;
  info(message: string, title?: string): void;
}

const ShowContext = createContext<(t: Omit<Toast, 'id' | 'leaving'>) => void>(() => undefined);
const PresetContext = createContext<ToastPreset>(ADMIN_TOASTS);

/**
 * Holds every toast and renders the one stack (TOAST_CORNER). Wrap the whole app once. A route
 * change lets every error toast fade: its page is gone (toast-reducer.ts has the other rules).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const nextId = useRef(1);
  const presses = useRef(0);
  const lastForm = useLastForm(presses);
  const show = useCallback(
    (t: Omit<Toast, 'id' | 'leaving'>) => dispatch({ type: 'show', toast: { ...t, id: nextId.current++, form: lastForm(), press: presses.current } }),
    [lastForm],
  );
  const leave = useCallback((id: number) => {
    dispatch({ type: 'leave', id });
    setTimeout(() => dispatch({ type: 'remove', id }), TOAST_FADE_MS);
  }, []);
  const [location] = useLocation();
  const shown = useRef(toasts);
  shown.current = toasts;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is what the errors fade on
  useEffect(() => {
    const errors = shown.current.filter((t) => t.kind === 'error' && !t.leaving).map((t) => t.id);
    if (!errors.length) return;
    dispatch({ type: 'leave-errors' });
    setTimeout(() => {
      for (const id of errors) dispatch({ type: 'remove', id });
    }, TOAST_FADE_MS);
  }, [location]);
  return (
    <ShowContext.Provider value={show}>
      {children}
      <ToastStack corner={TOAST_CORNER} toasts={toasts} onLeave={leave} />
    </ShowContext.Provider>
  );
}

/** Toasts raised inside use `preset` (the organiser console wraps its shell in ORGANISER_TOASTS). */
export const ToastPresetScope = ({ preset, children }: { preset: ToastPreset; children: ReactNode }) => (
  <PresetContext.Provider value={preset}>{children}</PresetContext.Provider>
);

/** One corner's stack, kept off every visible control (use-stack-placement.ts). */
function ToastStack({ corner, toasts, onLeave }: { corner: 'top-right' | 'bottom-right'; toasts: Toast[]; onLeave: (id: number) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useStackPlacement(ref, corner, toasts.length);
  return (
    <div ref={ref} className={clsx('toast-container', corner)} role="region" aria-label={say('app.notifications')} aria-live="polite">
      {toasts.map((t) => (
        <ToastView key={t.id} toast={t} onLeave={onLeave} />
      ))}
    </div>
  );
}

function ToastView({ toast, onLeave }: { toast: Toast; onLeave: (id: number) => void }) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const arm = useCallback(
    (ms: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => onLeave(toast.id), ms);
    },
    [onLeave, toast.id],
  );
  useEffect(() => {
    arm(toast.preset.timeout);
    return () => clearTimeout(timer.current);
  }, [arm, toast.preset.timeout]);
  return (
    <div
      className={clsx('toast', `toast-${toast.kind}`, toast.leaving && 'leaving')}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => clearTimeout(timer.current)}
      onMouseLeave={() => arm(toast.preset.extendedTimeout)}
      onClick={() => onLeave(toast.id)}
    >
      {toast.title && <div className="toast-title">{toast.title}</div>}
      <div className="toast-message">{toast.message}</div>
      {toast.offer && (
        <button type="button" className="toast-offer" onClick={toast.offer.run}>
          {toast.offer.label}
        </button>
      )}
    </div>
  );
}

/** The toaster for the current area's preset. */
export function useToast(): Toaster {
  const show = useContext(ShowContext);
  const preset = useContext(PresetContext);
  return useMemo(() => {
    const s = (kind: ToastKind, message: string, title?: string, offer?: ToastOffer) => show({ kind, message, title, preset, offer });
    return { show: s, success: (m, t, o) => s('success', m, t, o), error: (m, t) => s('error', m, t), info: (m, t) => s('info', m, t) };
  }, [show, preset]);
}
