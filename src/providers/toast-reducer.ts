/**
 * Toast state as a pure reducer (STYLE.md §4). Two presets: the admin area's (admin-area §9:
 * 5000 ms, 1000 ms more after hover-out, top-right, newest on top, duplicates allowed) and the
 * organiser console's (organiser-console §9: 10000 ms, duplicates prevented). Both consoles show
 * toasts in one place, top-right (one position, never over controls; the organiser
 * spec's bottom-right put them over the pagination and row actions).
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';
/** How a shell's toasts behave: timeouts (ms), corner, order. */
/** One toast on screen; `leaving` while it fades out. */
export interface ToastPreset {
  timeout: number;
  extendedTimeout: number;
  position: 'top-right' | 'bottom-right';
  newestOnTop: boolean;
  preventDuplicates: boolean;
}
/** The admin area's toasts (admin-area §8); ORGANISER_TOASTS below are the organiser console's (organiser-console §8). */
export const ADMIN_TOASTS: ToastPreset = { timeout: 5000, extendedTimeout: 1000, position: 'top-right', newestOnTop: true, preventDuplicates: false };
export const ORGANISER_TOASTS: ToastPreset = { timeout: 10000, extendedTimeout: 1000, position: 'top-right', newestOnTop: true, preventDuplicates: true };
/** The one corner both consoles' toasts start from (toast-placement.ts moves them off controls). */
export const TOAST_CORNER = 'top-right' as const;
/** Fade-out duration, ms (admin-area §9: 300 ms ease). */
export const TOAST_FADE_MS = 300;

/**
 * `form` names the form whose action raised the toast and `press` the user's press (click or key)
 * that raised it (numbers compared only for equality).
 */
export interface Toast {
  id: number;
  kind: ToastKind;
  title?: string;
  message: string;
  preset: ToastPreset;
  leaving: boolean;
  form?: number;
  press?: number;
  offer?: ToastOffer;
}
/** A button a toast offers after its words ("Show it"); pressing it runs `run` and dismisses the toast. */
export interface ToastOffer {
  label: string;
  run: () => void;
}
/** What can happen to the toasts. */
export type ToastAction =
  | { type: 'show'; toast: Omit<Toast, 'leaving'> }
  | { type: 'leave'; id: number }
  | { type: 'remove'; id: number }
  | { type: 'leave-errors' };

/** Whether `old` is an earlier error of the form that raises `t` again on another press (another submit). */
const resubmitted = (old: Toast, t: Omit<Toast, 'leaving'>) => old.kind === 'error' && t.form !== undefined && old.form === t.form && old.press !== t.press;

/**
 * The next toast list after `action` (pure): show, leave (start fading), remove, and
 * leave-errors (every error toast starts fading: the page it spoke about is gone). One feedback
 * channel: a success drops every earlier error toast (they no longer hold), and a form's new
 * failure replaces the error toasts of its earlier submits, so each submit says its problems once.
 */
export function toastReducer(state: Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case 'show': {
      const t = action.toast;
      if (
        t.preset.preventDuplicates &&
        state.some((s) => !s.leaving && s.message === t.message && s.kind === t.kind && s.preset.position === t.preset.position)
      )
        return state;
      const next = { ...t, leaving: false };
      const kept = t.kind === 'success' ? state.filter((s) => s.kind !== 'error') : t.kind === 'error' ? state.filter((s) => !resubmitted(s, t)) : state;
      return t.preset.newestOnTop ? [next, ...kept] : [...kept, next];
    }
    case 'leave':
      return state.map((t) => (t.id === action.id ? { ...t, leaving: true } : t));
    case 'remove':
      return state.filter((t) => t.id !== action.id);
    case 'leave-errors':
      return state.some((t) => t.kind === 'error' && !t.leaving) ? state.map((t) => (t.kind === 'error' ? { ...t, leaving: true } : t)) : state;
  }
}
