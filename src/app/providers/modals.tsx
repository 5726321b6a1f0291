import { createContext, useCallback, useContext, useMemo, useReducer, type ReactNode } from 'react';

/**
 * The stack of open modals (context plus a reducer): Escape closes only the topmost one, and
 * the page behind is inert while any is open.
 */
type Action = { type: 'open'; id: string } | { type: 'close'; id: string };
export const modalStackReducer = (stack: string[], a: Action) =>
  a.type === 'open' ? [...stack.filter((s) => s !== a.id), a.id] : stack.filter((s) => s !== a.id);

interface ModalStack { stack: string[]; open(id: string): void; close(id: string): void }
const Ctx = createContext<ModalStack>({ stack: [], open: () => undefined, close: () => undefined });

export function ModalProvider({ children }: { children: ReactNode }) {
  const [stack, dispatch] = useReducer(modalStackReducer, []);
  const open = useCallback((id: string) => dispatch({ type: 'open', id }), []);
  const close = useCallback((id: string) => dispatch({ type: 'close', id }), []);
  const value = useMemo(() => ({ stack, open, close }), [stack, open, close]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export const useModalStack = () => useContext(Ctx);
