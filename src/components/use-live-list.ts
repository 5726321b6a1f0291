import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveChange, LiveSignal, liveTexts } from '../lib/live.ts';
import { NEW_ROW_MS, type ListState } from './use-list.ts';
import { TAKE_OVER } from '../common/leases.ts';

/**
 * A list that says what changed while it is open (docs/live.md): the changes
 * of `resource` the change stream brings (lib/live.ts) are counted, never applied under the
 * reader's pointer: `count` says how many records changed or arrived ("3 updated · Show"); `show()`
 * reloads the list in its own order and marks the changed rows for a while (`isChanged`). A shown
 * row deleted elsewhere is marked at once (`deletedNote(id)`: who deleted it, in words). The reader's own
 * saves are left out (the list already shows them: the rows it marks new). A RELOAD (changes
 * missed) counts as one. With `organiser` (`parent`), changes of other organisers' records (other events') are left out. `onChange`
 * (useLiveRefresh) is called after changes of `resource`, the reader's own included: what a screen
 * counts beside the list (tab counts) can count again.
 */
export function useLiveList<T extends { id: number }>(
  resource: string,
  list: Pick<ListState<T>, 'rows' | 'reload' | 'isNew'>,
  opts: { onChange?: () => void; organiser?: number; parent?: number } = {},
) {
  const [pending, setPending] = useState<ReadonlyMap<number, LiveChange | null>>(new Map());
  const [changed, setChanged] = useState<ReadonlySet<number>>(new Set());
  const [deleted, setDeleted] = useState<ReadonlyMap<number, string>>(new Map());
  const [texts, setTexts] = useState<typeof liveTexts | null>(null);
  const seen = useRef(list);
  seen.current = list;
  const scope = useRef<Scope>(opts);
  scope.current = opts;

  useEffect(() => {
    const heard = (s: LiveSignal) => {
      // -1 stands for a change of many records or a RELOAD: the list as a whole.
      if (s === 'reload') return setPending((p) => new Map(p).set(-1, null));
      if (!concerns(s, [resource], scope.current)) return;
      const { rows, isNew } = seen.current;
      const id = s.id;
      if (id !== null && isNew(id)) return; // this reader's own save, already shown
      const shown = id !== null && rows.some((r) => r.id === id);
      if (s.action === 'delete' && id !== null) {
        if (shown) setDeleted((d) => new Map(d).set(id, s.by));
        return;
      }
      if (s.action === 'create' && shown) return;
      setPending((p) => new Map(p).set(id ?? -1, s));
    };
    // The stream's code loads after the list has drawn (its own chunk): no screen waits for it.
    let off: (() => void) | undefined;
    let gone = false;
    import('../lib/live.ts').then((m) => {
      if (gone) return;
      setTexts(m.liveTexts);
      off = m.onLiveChange(heard);
    }, console.error);
    return () => {
      gone = true;
      off?.();
    };
  }, [resource]);
  useLiveRefresh([resource], opts.onChange, opts);

  useEffect(() => {
    if (!changed.size) return;
    const t = setTimeout(() => setChanged(new Set()), NEW_ROW_MS * 2);
    return () => clearTimeout(t);
  }, [changed]);

  const show = useCallback(() => {
    setChanged(new Set([...pending.keys()].filter((id) => id > 0)));
    setPending(new Map());
    setDeleted(new Map());
    void seen.current.reload();
  }, [pending]);

  return {
    count: texts ? pending.size : 0,
    /** The notice's words, once the stream's chunk has loaded (null before: nothing to say yet). */
    texts,
    show,
    isChanged: (id: number) => changed.has(id),
    /** "Deleted by <name> just now" for a shown row deleted elsewhere, else undefined. */
    deletedNote: (id: number) => {
      const by = deleted.get(id);
      return by === undefined || !texts ? undefined : texts.deletedBy(by);
    },
  };
}

export type LiveList = ReturnType<typeof useLiveList>;

/** How long a refresh waits after a change before it runs (the changes of that while come together), ms. */
const CHANGE_WAIT_MS = 1_000;

/**
 * Whether change `s` is one of `resources`' records, of organiser `organiser` when given (staff
 * see every organiser's changes): a take-over of an edit lease (use-edit-lease.ts) changes who
 * edits a record, not the record, and is none.
 */
const concerns = (s: LiveChange, resources: readonly string[], { organiser, parent }: Scope) =>
  resources.includes(s.resource) &&
  s.action !== TAKE_OVER &&
  (organiser === undefined || s.organiser === undefined || s.organiser === organiser) &&
  // A deleted record no longer says its parent (null): kept, and the list marks it only when it shows it.
  (parent === undefined || s.parent === undefined || s.parent === null || s.parent === parent);

/** Which records a list or a screen shows: one organiser's (`organiser`), of one parent row (`parent`: a participant's event). */
export interface Scope {
  organiser?: number;
  parent?: number;
}

/**
 * Calls `refresh` (at most once a second, after a burst of changes: a bulk answer streams one
 * change per record) whenever a record of `resources` changes, the reader's own changes included,
 * or the stream says changes were missed (RELOAD). For figures shown beside or instead of a list:
 * tab counts, a dashboard's panels. Nothing when `refresh` is undefined. With a Scope, only
 * its records count.
 */
export function useLiveRefresh(resources: readonly string[], refresh: (() => void) | undefined, { organiser, parent }: Scope = {}) {
  const latest = useRef(refresh);
  latest.current = refresh;
  const watching = refresh !== undefined;
  const key = resources.join(',');
  useEffect(() => {
    if (!watching) return;
    const list = key.split(',');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const heard = (s: LiveSignal) => {
      if (timer || (s !== 'reload' && !concerns(s, list, { organiser, parent }))) return;
      timer = setTimeout(() => {
        timer = undefined;
        latest.current?.();
      }, CHANGE_WAIT_MS);
    };
    let off: (() => void) | undefined;
    let gone = false;
    import('../lib/live.ts').then((m) => {
      if (!gone) off = m.onLiveChange(heard);
    }, console.error);
    return () => {
      gone = true;
      clearTimeout(timer);
      off?.();
    };
  }, [key, organiser, parent, watching]);
}

/**
 * The list a ListTable draws with what `live` knows: rows changed elsewhere and shown on request
 * are marked like new ones, and a row deleted elsewhere carries its "Deleted by …" note.
 */
export const withLive = <L extends Pick<ListState<{ id: number }>, 'isNew'>>(list: L, live: LiveList) => ({
  ...list,
  isNew: (id: number) => list.isNew(id) || live.isChanged(id),
  deletedNote: (id: number) => live.deletedNote(id),
});
