/**
 * Below 640 px every `table.table` is shown as stacked cards (styles/responsive.css); each cell
 * then needs its column's name beside it. This copies each header's text into `data-label` of
 * the cells under it, marks the Sl.No cells `data-serial` (a card leaves them out: its place
 * says its number) and each row's first data cell `data-primary` (the record's name), so tables
 * need no change of their own. Cells spanning several columns
 * (loading, empty and error rows) get none. Idempotent: attributes are only written on change.
 */
export function labelTableCells(root: ParentNode) {
  root.querySelectorAll<HTMLTableElement>('table.table').forEach((table) => {
    const headers = Array.from(table.querySelectorAll('thead tr:first-child > th'), headerText);
    table.querySelectorAll('tbody > tr').forEach((row) => {
      let col = 0;
      let primary: Element | null = null;
      for (const cell of Array.from(row.children)) {
        const span = Number(cell.getAttribute('colspan') ?? 1) || 1;
        const label = span === 1 ? (headers[col] ?? '') : '';
        if (label && cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
        if (label === SERIAL) mark(cell, 'data-serial');
        else if (!primary && label && cell.tagName === 'TD' && !cell.classList.contains('select-cell') && !cell.classList.contains('actions')) primary = cell;
        col += span;
      }
      if (primary) mark(primary, 'data-primary');
    });
  });
}

/** The serial column's header (admin-area §2, organiser-console §2): a card line leaves it out. */
const SERIAL = 'Sl.No';
const mark = (cell: Element, name: string) => {
  if (!cell.hasAttribute(name)) cell.setAttribute(name, '');
};

// A header's words without what is hidden from readers (a sortable header's ▲/▼/↕ mark).
function headerText(th: Element): string {
  const copy = th.cloneNode(true) as Element;
  for (const el of copy.querySelectorAll('[aria-hidden="true"]')) el.remove();
  return copy.textContent?.trim() ?? '';
}

/** Keeps every table under `document.body` labelled as rows come and go. Returns the stop function. */
export function watchTableLabels(): () => void {
  let frame = 0;
  const run = () => {
    frame = 0;
    labelTableCells(document);
  };
  const mo = new MutationObserver(() => {
    if (!frame) frame = requestAnimationFrame(run);
  });
  mo.observe(document.body, { childList: true, subtree: true });
  run();
  return () => {
    cancelAnimationFrame(frame);
    mo.disconnect();
  };
}
