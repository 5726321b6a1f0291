import { createContext, useCallback, useContext, useMemo, useReducer, type ReactNode } from 'react';

/**
 * The stack of open modals (context plus a reducer): Escape closes only the topmost one, and
 * the page behind is inert while any is open.
 */
export interface StackEntry {
  id: string;
  depth: number;
}
type Action = { type: 'open'; id: string; depth: number } | { type: 'close'; id: string };
/**
 * Topmost last. A modal rendered inside another has a greater depth and sorts above it even when
 * both mount in one render (React runs the child's effects first); among equals, the later is on top.
 */
export const modalStackReducer = (stack: StackEntry[], a: Action): StackEntry[] => {
  const rest = stack.filter((s) => s.id !== a.id);
  return a.type === 'open' ? [...rest, { id: a.id, depth: a.depth }].sort((x, y) => x.depth - y.depth) : rest;
};

interface ModalStack {
  stack: StackEntry[];
  open(id: string, depth: number): void;
  close(id: string): void;
}
const Ctx = createContext<ModalStack>({ stack: [], open: () => undefined, close: () => undefined });
/** How many modals enclose this point of the tree. */
export const ModalDepth = createContext(0);

/** Provides the modal stack: Escape closes only the topmost modal; the page is inert while any is open. */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [stack, dispatch] = useReducer(modalStackReducer, []);
  const open = useCallback((id: string, depth: number) => dispatch({ type: 'open', id, depth }), []);
  const close = useCallback((id: string) => dispatch({ type: 'close', id }), []);
  const value = useMemo(() => ({ stack, open, close }), [stack, open, close]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The modal stack of the nearest ModalProvider. */
export const useModalStack = () => useContext(Ctx);
