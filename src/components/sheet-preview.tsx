import '../lib/messages/access.ts';
import type { ReactNode } from 'react';
import { t } from '../lib/i18n.ts';
import { useSharedTexts } from './use-shared-texts.ts';

/** One previewed row: its spreadsheet row number (the header is row 1) and its cells in header order. */
export interface PreviewRow {
  row: number;
  cells: string[];
}

/**
 * The first rows of a chosen sheet, before it is sent (DESIGN.md §4): a compact table named
 * `label`, a Row column with the spreadsheet's row numbers, then one column per `header` cell.
 * `show` turns a cell into what is shown (by default the cell itself; the users sheet hides
 * passwords); `cellClass` styles every data cell.
 */
export function SheetPreview({
  label,
  header,
  rows,
  show,
  cellClass,
}: {
  label: string;
  header: readonly string[];
  rows: readonly PreviewRow[];
  show?: (column: string, cell: string) => string;
  cellClass?: string;
}) {
  return (
    <div className="table-wrap">
      <table className="table table-compact" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('access.sheet.row')}</th>
            {header.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row}>
              <td>{r.row}</td>
              {header.map((h, i) => (
                <td key={i} className={cellClass}>
                  {show ? show(h, r.cells[i] ?? '') : (r.cells[i] ?? '')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A sheet's problems as an alert box (`className` gives its look): an optional heading, then one
 * item a problem, in the reader's language (lib/shared-texts.ts: the shared rules' English by its
 * code; the API's answers come worded already). Until the words of another language are loaded the
 * problems show as worded, then again once they are.
 */
export function SheetProblems({ className, heading, problems }: { className: string; heading?: ReactNode; problems: readonly string[] }) {
  const sayShared = useSharedTexts();
  return (
    <div className={className} role="alert">
      {heading}
      <ul>
        {problems.map((p, i) => (
          <li key={i}>{sayShared(p)}</li>
        ))}
      </ul>
    </div>
  );
}
