/**
 * State of a list screen's Add / Edit / Delete modals as a pure reducer (STYLE.md §4).
 * Opening a modal always starts from `empty` (admin-area §4: opening resets the selections,
 * also while the edit data loads); Edit then receives the loaded item.
 */
export type CrudMode = 'add' | 'edit' | 'delete';
/**
 * Which modal is open (`mode`, for item `id`), its form, and whether Edit is still loading the item.
 * `initial` is the form as opened (or as loaded for Edit); the form differs from it once the user changed something.
 */
export interface CrudState<F> {
  mode: CrudMode | null;
  id: number | null;
  form: F;
  initial: F;
  loading: boolean;
}
/** What can happen to the modals: open, item loaded, field set, close. */
export type CrudAction<F> =
  | { type: 'open'; mode: CrudMode; id: number | null; empty: F }
  | { type: 'loaded'; form: F }
  | { type: 'set'; patch: Partial<F> }
  | { type: 'close'; empty: F };

/** No modal open, the form `empty`. */
export const crudInit = <F>(empty: F): CrudState<F> => ({ mode: null, id: null, form: empty, initial: empty, loading: false });

/** True while an Add or Edit form holds changes the user made (closing it then asks first). */
export const crudDirty = <F>(s: Pick<CrudState<F>, 'mode' | 'loading' | 'form' | 'initial'>) =>
  (s.mode === 'add' || s.mode === 'edit') && !s.loading && JSON.stringify(s.form) !== JSON.stringify(s.initial);

/** The next modal state after `a` (pure). */
export function crudReducer<F>(s: CrudState<F>, a: CrudAction<F>): CrudState<F> {
  switch (a.type) {
    case 'open':
      return { mode: a.mode, id: a.id, form: a.empty, initial: a.empty, loading: a.mode === 'edit' };
    case 'loaded':
      return s.mode === 'edit' ? { ...s, form: a.form, initial: a.form, loading: false } : s;
    case 'set':
      return { ...s, form: { ...s.form, ...a.patch } };
    case 'close':
      return crudInit(a.empty);
  }
}
