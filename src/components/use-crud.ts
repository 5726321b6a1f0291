import '../lib/messages/shell.ts';
import { useCallback, useReducer, useRef, useState } from 'react';
import { staleRecord, type Envelope, type StaleRecord } from '../lib/http.ts';
import { crudInit, crudReducer, type CrudState } from './crud-reducer.ts';
import { useFeedback } from './use-feedback.ts';
import { useAction } from './use-action.ts';
import { useFormErrors } from './use-form-errors.ts';
import type { FieldChecks } from './form-errors.ts';
import { t } from '../lib/i18n.ts';

/** What a list screen tells `useCrud`: its empty form, calls, checks and messages. */
export interface CrudConfig<F> {
  /** The form of a fresh Add (and what Edit shows while the item loads). */
  empty: F;
  /** Loads an item by id into the form (admin-area §4: Edit loads by id to prefill). */
  load(id: number): Promise<F>;
  create(form: F): Promise<Envelope<unknown>>;
  update(id: number, form: F): Promise<Envelope<unknown>>;
  remove(id: number): Promise<Envelope<unknown>>;
  /** Shared-validator checks for a save, field name -> message or null in screen order (useFormErrors). */
  checks(form: F, mode: 'add' | 'edit'): FieldChecks;
  /** Toast words for a failed check instead of the first field's message (admin-area §5: the organiser's generic validation toast). */
  announce?: string;
  /**
   * The list the screen shows (useList): after an Add it shows the new item in the list's own
   * order (`showNew`) and the success toast offers "Show it" (`reveal`); after an Edit it marks
   * the changed row (`showChanged`); after a Delete it reloads.
   */
  list?: { reload(): unknown; showNew(id?: number): void; showChanged?(id: number, answered?: unknown): void; reveal?(id: number): void };
  /** Called after any successful change instead of reloading `list`. */
  changed?(): void;
  /** Called instead of `changed` after a successful Add, with the new item's id when the server answers one; `list.showNew` by default. */
  added?(id: number | undefined): void;
  /** Success toast after Add; the server's message when omitted ("Added successfully" on permission, role, menu). */
  addedMessage?: string;
  /** Success toast after Delete; the server's message when omitted. */
  deletedMessage?: string;
}

/**
 * Add / Edit / Delete modal flow of every admin list (admin-area §4, §8): validate, call, toast,
 * close and reload on success; on failure the modal stays open with what the user typed and the
 * error catalogue's toasts say why, and a `validation_error` also sits under its fields. Built on
 * `useAction`; `state.busy` is its busy flag; `fields` is the form's `useFormErrors`. An edit
 * whose save meets someone else's newer change (412, docs/live.md) keeps the form as typed and
 * sets `conflict` (their record, version and name), which the modal shows beside the form
 * (EditConflict); the next save goes with the version the 412 named.
 */
export function useCrud<F>(cfg: CrudConfig<F>) {
  const [state, dispatch] = useReducer(crudReducer<F>, cfg.empty, crudInit) as [CrudState<F>, React.Dispatch<Parameters<typeof crudReducer<F>>[1]>];
  const { failed } = useFeedback();
  const fields = useFormErrors();
  const { check, fromServer, reset } = fields;
  const action = useAction();
  const cfgRef = useRef(cfg);
  cfgRef.current = cfg;
  // An edit's save that met someone else's newer change (412): their record beside the form (EditConflict).
  const [conflict, setConflict] = useState<StaleRecord | null>(null);

  const openAdd = useCallback(() => {
    setConflict(null);
    reset();
    dispatch({ type: 'open', mode: 'add', id: null, empty: cfgRef.current.empty });
  }, [reset]);
  const openDelete = useCallback((id: number) => dispatch({ type: 'open', mode: 'delete', id, empty: cfgRef.current.empty }), []);
  const close = useCallback(() => {
    setConflict(null);
    reset();
    dispatch({ type: 'close', empty: cfgRef.current.empty });
  }, [reset]);
  const set = useCallback((patch: Partial<F>) => dispatch({ type: 'set', patch }), []);
  const openEdit = useCallback(
    async (id: number) => {
      setConflict(null);
      reset();
      dispatch({ type: 'open', mode: 'edit', id, empty: cfgRef.current.empty });
      try {
        dispatch({ type: 'loaded', form: await cfgRef.current.load(id) });
      } catch (err) {
        failed(err);
        dispatch({ type: 'close', empty: cfgRef.current.empty });
      }
    },
    [failed, reset],
  );

  const { run: runAction, busy } = action;
  const run = useCallback(
    (call: () => Promise<Envelope<unknown>>, message?: string, adding = false, editing?: number) =>
      runAction(call, {
        success: message,
        offer: (res) => {
          const id = newId(res.data),
            reveal = cfgRef.current.list?.reveal;
          return adding && id !== undefined && reveal ? { label: t('action.showIt'), run: () => reveal(id) } : undefined;
        },
        onSuccess: (res) => {
          setConflict(null);
          dispatch({ type: 'close', empty: cfgRef.current.empty });
          const { list, added = list?.showNew } = cfgRef.current;
          const changed =
            cfgRef.current.changed ??
            (() => {
              if (editing !== undefined && list?.showChanged) list.showChanged(editing, res.data);
              else void list?.reload();
            });
          if (adding && added) added(newId(res.data));
          else changed();
        },
        onError: (err) => {
          fromServer(err);
          const stale = editing !== undefined ? staleRecord(err) : null;
          setConflict(stale);
          // The conflict beside the form says it (role=alert): no toast as well.
          return stale !== null;
        },
      }),
    [runAction, fromServer],
  );

  const save = useCallback(() => {
    const c = cfgRef.current;
    if (busy || state.loading || (state.mode !== 'add' && state.mode !== 'edit')) return;
    if (check(c.checks(state.form, state.mode), c.announce)) return;
    const form = state.form;
    if (state.mode === 'add') return run(() => c.create(form), c.addedMessage, true);
    const id = state.id!;
    return run(() => c.update(id, form), undefined, false, id);
  }, [state, busy, check, run]);

  const confirmDelete = useCallback(() => {
    if (busy || state.id === null) return;
    const id = state.id;
    return run(() => cfgRef.current.remove(id), cfgRef.current.deletedMessage);
  }, [state, busy, run]);

  return { state: { ...state, busy }, fields, conflict, openAdd, openEdit, openDelete, close, set, save, confirmDelete };
}

/** The id in an Add's answer (the created item, or `{ id }`), when there is one. */
const newId = (data: unknown) => {
  const id = (data as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : undefined;
};
