/**
 * Below 640 px every `table.table` is shown as stacked cards (styles/responsive.css); each cell
 * then needs its column's name beside it. This copies each header's text into `data-label` of
 * the cells under it, so tables need no change of their own. Cells spanning several columns
 * (loading, empty and error rows) get none. Idempotent: attributes are only written on change.
 */
export function labelTableCells(root: ParentNode) {
  root.querySelectorAll<HTMLTableElement>('table.table').forEach((table) => {
    const headers = Array.from(table.tHead?.rows[0]?.cells ?? [], (th) => th.textContent?.trim() ?? '');
    for (const body of Array.from(table.tBodies)) {
      for (const row of Array.from(body.rows)) {
        let col = 0;
        for (const cell of Array.from(row.cells)) {
          const label = cell.colSpan === 1 ? headers[col] ?? '' : '';
          if (label && cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
          col += cell.colSpan;
        }
      }
    }
  });
}

/** Keeps every table under `document.body` labelled as rows come and go. Returns the stop function. */
export function watchTableLabels(): () => void {
  let frame = 0;
  const run = () => { frame = 0; labelTableCells(document); };
  const mo = new MutationObserver(() => { if (!frame) frame = requestAnimationFrame(run); });
  mo.observe(document.body, { childList: true, subtree: true });
  run();
  return () => { cancelAnimationFrame(frame); mo.disconnect(); };
}
