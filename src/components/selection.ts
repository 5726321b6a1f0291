/**
 * Row selection of a list for bulk actions, as a pure reducer (STYLE.md §4). Either chosen ids
 * (kept across pages) or "all N matching" the current search and filters, which the server
 * resolves from the filter so a bulk action never sends 50,000 ids.
 */
export type Selection = { kind: 'ids'; ids: number[] } | { kind: 'matching' };

export type SelectionAction = { type: 'toggle'; id: number } | { type: 'page'; ids: number[] } | { type: 'matching' } | { type: 'clear' };

export const NO_SELECTION: Selection = { kind: 'ids', ids: [] };

/**
 * `toggle` flips one row; `page` selects every row of the page, or clears them when all are
 * already selected; `matching` selects everything the filter matches; `clear` empties it.
 * Unticking a row while "all matching" is on falls back to the rows of that page minus it.
 */
export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'clear':
      return NO_SELECTION;
    case 'matching':
      return { kind: 'matching' };
    case 'toggle':
      if (state.kind === 'matching') return NO_SELECTION;
      return { kind: 'ids', ids: state.ids.includes(action.id) ? state.ids.filter((i) => i !== action.id) : [...state.ids, action.id] };
    case 'page': {
      if (state.kind === 'matching') return NO_SELECTION;
      const all = action.ids.every((i) => state.ids.includes(i));
      return all
        ? { kind: 'ids', ids: state.ids.filter((i) => !action.ids.includes(i)) }
        : { kind: 'ids', ids: [...state.ids, ...action.ids.filter((i) => !state.ids.includes(i))] };
    }
  }
}

/** Whether row `id` is selected: always true while "all matching" is on. */
export const isSelected = (s: Selection, id: number) => s.kind === 'matching' || s.ids.includes(id);

/** How many rows the selection stands for, given the list's total. */
export const selectedCount = (s: Selection, total: number) => (s.kind === 'matching' ? total : s.ids.length);

/** The page checkbox: all rows of the page selected, some, or none (the indeterminate state). */
export function pageState(s: Selection, pageIds: number[]): 'all' | 'some' | 'none' {
  if (pageIds.length === 0) return 'none';
  const n = pageIds.filter((i) => isSelected(s, i)).length;
  return n === pageIds.length ? 'all' : n > 0 ? 'some' : 'none';
}

/**
 * The body of a bulk request (list wire contract): `ids` as a JSON list, or `all=1` plus the
 * list's filter params so the server deletes exactly what the list shows.
 */
export function bulkBody(s: Selection, filterParams: Record<string, string | number>): Record<string, string | number> {
  if (s.kind === 'ids') return { ids: JSON.stringify(s.ids) };
  const { sort: _s, dir: _d, per_page: _p, ...filters } = filterParams;
  return { all: 1, ...filters };
}
