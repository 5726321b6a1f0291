import { useCallback, useEffect, useRef, useState } from 'react';
import { onLiveChange, RELOAD, type LiveChange } from '../lib/live.ts';
import { NEW_ROW_MS, type ListState } from './use-list.ts';

/**
 * A list that says what changed while it is open (issue 47 item 3, docs/live.md): the changes
 * of `resource` the change stream brings (lib/live.ts) are counted, never applied under the
 * reader's pointer: `count` says how many records changed or arrived ("3 updated · Show"); `show()`
 * reloads the list in its own order and marks the changed rows for a while (`isChanged`). A shown
 * row deleted elsewhere is marked at once (`deletedBy(id)`: who deleted it). The reader's own
 * saves are left out (the list already shows them: the rows it marks new). A RELOAD (changes
 * missed) counts as one.
 */
export function useLiveList<T extends { id: number }>(resource: string, list: Pick<ListState<T>, 'rows' | 'reload' | 'isNew'>) {
  const [pending, setPending] = useState<ReadonlyMap<number, LiveChange | null>>(new Map());
  const [changed, setChanged] = useState<ReadonlySet<number>>(new Set());
  const [deleted, setDeleted] = useState<ReadonlyMap<number, string>>(new Map());
  const seen = useRef(list);
  seen.current = list;

  useEffect(
    () =>
      onLiveChange((s) => {
        // -1 stands for a change of many records or a RELOAD: the list as a whole.
        if (s === RELOAD) return setPending((p) => new Map(p).set(-1, null));
        if (s.resource !== resource) return;
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
      }),
    [resource],
  );

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
    count: pending.size,
    show,
    isChanged: (id: number) => changed.has(id),
    deletedBy: (id: number) => deleted.get(id),
  };
}

export type LiveList = ReturnType<typeof useLiveList>;
