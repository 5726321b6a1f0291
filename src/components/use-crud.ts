import { useCallback, useReducer, useRef } from 'react';
import type { Envelope } from '../lib/http.ts';
import { crudInit, crudReducer, type CrudState } from './crud-reducer.ts';
import { useFeedback } from './use-feedback.ts';
import { useAction } from './use-action.ts';

/** What a list screen tells `useCrud`: its empty form, calls, checks and messages. */
export interface CrudConfig<F> {
  /** The form of a fresh Add (and what Edit shows while the item loads). */
  empty: F;
  /** Loads an item by id into the form (admin-area §4: Edit loads by id to prefill). */
  load(id: number): Promise<F>;
  create(form: F): Promise<Envelope<unknown>>;
  update(id: number, form: F): Promise<Envelope<unknown>>;
  remove(id: number): Promise<Envelope<unknown>>;
  /** Shared-validator checks for a save; the first failure is shown as a Whoops toast. */
  checks(form: F, mode: 'add' | 'edit'): (string | null)[];
  /** Called after any successful change: reload the list (admin-area §4). */
  changed(): void;
  /** Called instead of `changed` after a successful Add, with the new item's id when the server answers one. */
  added?(id: number | undefined): void;
  /** Success toast after Add; the server's message when omitted ("Added successfully" on permission, role, menu). */
  addedMessage?: string;
  /** Success toast after Delete; the server's message when omitted. */
  deletedMessage?: string;
}

/**
 * Add / Edit / Delete modal flow of every admin list (admin-area §4, §8): validate, call, toast,
 * close and reload on success; on failure the modal stays open with what the user typed and the
 * error catalogue's toasts say why. Built on `useAction`; `state.busy` is its busy flag.
 */
export function useCrud<F>(cfg: CrudConfig<F>) {
  const [state, dispatch] = useReducer(crudReducer<F>, cfg.empty, crudInit) as [CrudState<F>, React.Dispatch<Parameters<typeof crudReducer<F>>[1]>];
  const { invalid, failed } = useFeedback();
  const action = useAction();
  const cfgRef = useRef(cfg);
  cfgRef.current = cfg;

  const openAdd = useCallback(() => dispatch({ type: 'open', mode: 'add', id: null, empty: cfgRef.current.empty }), []);
  const openDelete = useCallback((id: number) => dispatch({ type: 'open', mode: 'delete', id, empty: cfgRef.current.empty }), []);
  const close = useCallback(() => dispatch({ type: 'close', empty: cfgRef.current.empty }), []);
  const set = useCallback((patch: Partial<F>) => dispatch({ type: 'set', patch }), []);
  const openEdit = useCallback(async (id: number) => {
    dispatch({ type: 'open', mode: 'edit', id, empty: cfgRef.current.empty });
    try {
      dispatch({ type: 'loaded', form: await cfgRef.current.load(id) });
    } catch (err) {
      failed(err);
      dispatch({ type: 'close', empty: cfgRef.current.empty });
    }
  }, [failed]);

  const { run: runAction, busy } = action;
  const run = useCallback((call: () => Promise<Envelope<unknown>>, message?: string, adding = false) => runAction(call, {
    success: message,
    onSuccess: (res) => {
      dispatch({ type: 'close', empty: cfgRef.current.empty });
      const { added, changed } = cfgRef.current;
      if (adding && added) added(newId(res.data)); else changed();
    },
  }), [runAction]);

  const save = useCallback(() => {
    const c = cfgRef.current;
    if (busy || state.loading || (state.mode !== 'add' && state.mode !== 'edit')) return;
    if (invalid(...c.checks(state.form, state.mode))) return;
    const form = state.form;
    if (state.mode === 'add') return run(() => c.create(form), c.addedMessage, true);
    const id = state.id!;
    return run(() => c.update(id, form));
  }, [state, busy, invalid, run]);

  const confirmDelete = useCallback(() => {
    if (busy || state.id === null) return;
    const id = state.id;
    return run(() => cfgRef.current.remove(id), cfgRef.current.deletedMessage);
  }, [state, busy, run]);

  return { state: { ...state, busy }, openAdd, openEdit, openDelete, close, set, save, confirmDelete };
}

/** The id in an Add's answer (the created item, or `{ id }`), when there is one. */
const newId = (data: unknown) => {
  const id = (data as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : undefined;
};
