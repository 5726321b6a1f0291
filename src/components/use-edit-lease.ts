import { useCallback, useEffect, useRef, useState } from 'react';
import type { LeaseHolder, LeaseTexts } from '../lib/leases.ts';
import type { LiveSignal } from '../lib/live.ts';
import { LEASE_RENEW_MS, TAKE_OVER } from '../common/leases.ts';

/**
 * Where an edit form stands with its record's lease (docs/live.md "Who is editing"):
 *   - `pending`: asking (the form is usable meanwhile; most records have no other editor);
 *   - `mine`: this form holds it and renews it every LEASE_RENEW_MS;
 *   - `held`: someone else's form holds it: the reader chooses View read-only or Take over;
 *   - `viewing`: the reader chose to view it read-only;
 *   - `taken`: someone took it over from this form (`by`, `at`): read-only, the typed text kept.
 * `pending` also covers a call that failed for another reason (network, 403): the form stays as
 * it was, and a save still meets the record's version check (If-Match).
 */
export type LeaseView =
  | { kind: 'pending' }
  | { kind: 'mine' }
  | { kind: 'held'; holder: LeaseHolder }
  | { kind: 'viewing'; holder: LeaseHolder }
  | { kind: 'taken'; by: string; at: number };

/**
 * The lease of record `id` of `resource` while an edit form of it is open (`resource` undefined
 * or `id` null: none). Takes it on opening; renews it while open; hears a take-over at once on
 * the change stream (lib/live.ts: an activity row `take_over` of this record makes it renew now,
 * and the refusal says who took it); gives it back when the form closes or the tab does. The
 * calls and words come in their own chunk (lib/leases.ts). `readOnly` is true while the reader
 * may not save (`held`, `viewing`, `taken`).
 */
export function useEditLease(resource: string | undefined, id: number | null) {
  const [view, setView] = useState<LeaseView>({ kind: 'pending' });
  const [texts, setTexts] = useState<LeaseTexts | null>(null);
  const takeOverRef = useRef<() => Promise<void>>(async () => undefined);

  useEffect(() => {
    setView({ kind: 'pending' });
    if (!resource || id === null) return;
    let gone = false;
    let mine = false;
    let token = '';
    let timer: ReturnType<typeof setInterval> | undefined;
    let off: (() => void) | undefined;
    let lib: typeof import('../lib/leases.ts') | undefined;
    const set = (v: LeaseView) => {
      if (!gone) setView(v);
    };
    const lost = (holder: LeaseHolder | null) => {
      mine = false;
      clearInterval(timer);
      set(holder ? { kind: 'taken', by: holder.name, at: holder.since } : { kind: 'pending' });
    };
    const renew = async () => {
      if (!lib || !mine) return;
      try {
        await lib.takeLease(resource, id, token);
      } catch (err) {
        const holder = lib.holderOf(err);
        if (holder !== undefined && mine) lost(holder);
      }
    };
    const hold = () => {
      mine = true;
      clearInterval(timer);
      timer = setInterval(() => void renew(), LEASE_RENEW_MS);
      set({ kind: 'mine' });
    };
    const take = async (takeOver: boolean) => {
      if (!lib) return;
      try {
        await lib.takeLease(resource, id, token, takeOver);
        if (!gone) hold();
        else lib.releaseLease(resource, id, token);
      } catch (err) {
        const holder = lib.holderOf(err);
        if (holder) set({ kind: 'held', holder });
      }
    };
    takeOverRef.current = () => take(true);
    const heard = (s: LiveSignal) => {
      if (s !== 'reload' && s.action === TAKE_OVER && s.resource === resource && s.id === id && mine) void renew();
    };
    const give = () => {
      if (mine && lib) lib.releaseLease(resource, id, token);
      mine = false;
    };
    window.addEventListener('pagehide', give);
    void Promise.all([import('../lib/leases.ts'), import('../lib/live.ts')]).then(([l, live]) => {
      if (gone) return;
      lib = l;
      token = l.tabToken;
      setTexts(l.leaseTexts);
      off = live.onLiveChange(heard);
      void take(false);
    }, console.error);
    return () => {
      gone = true;
      clearInterval(timer);
      off?.();
      window.removeEventListener('pagehide', give);
      give();
    };
  }, [resource, id]);

  const takeOver = useCallback(() => takeOverRef.current(), []);
  const viewReadOnly = useCallback(() => setView((v) => (v.kind === 'held' ? { kind: 'viewing', holder: v.holder } : v)), []);
  return { view, texts, takeOver, viewReadOnly, readOnly: view.kind === 'held' || view.kind === 'viewing' || view.kind === 'taken' };
}

export type EditLease = ReturnType<typeof useEditLease>;
