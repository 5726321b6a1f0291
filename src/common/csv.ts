/**
 * A minimal RFC 4180 CSV parser in one pass (design card): quoted fields, doubled quotes inside
 * them, CR, LF and CRLF line ends, line breaks inside quotes, a leading byte-order mark. A
 * trailing line end does not make an empty last record. Lenient where spreadsheet programs are:
 * a quote in the middle of an unquoted field is kept as text, an unclosed quote runs to the end.
 *
 * parseCsv('a,"b ""c"""\r\n1,2\n') -> [['a', 'b "c"'], ['1', '2']]
 *
 * With `onRow`, each record is handed to it as it is read instead of being collected (the result
 * is then []); `onRow` returning false stops the parse there, so a caller can bound the rows it
 * keeps before the whole text is parsed (DESIGN.md §4: at most 50,000 rows).
 */
const QUOTE = 34,
  COMMA = 44,
  LF = 10,
  CR = 13,
  BOM = 0xfeff;

/** Rows of cells of `text` (see the module comment for the dialect and `onRow`); never throws. */
export function parseCsv(text: string, onRow?: (row: string[]) => boolean | void): string[][] {
  const n = text.length;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = text.charCodeAt(0) === BOM ? 1 : 0;
  let fieldStart = true; // the next character begins a field
  let inRecord = false; // something of the current record has been read
  let stopped = false;
  const emit = (r: string[]) => {
    if (!onRow) rows.push(r);
    else if (onRow(r) === false) stopped = true;
  };

  while (i < n && !stopped) {
    const c = text.charCodeAt(i);
    inRecord = true;
    if (c === QUOTE && fieldStart) {
      // Quoted field: runs to the next lone quote; "" stands for one quote.
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q === -1) {
          field += text.slice(i);
          i = n;
          break;
        }
        field += text.slice(i, q);
        if (text.charCodeAt(q + 1) === QUOTE) {
          field += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      fieldStart = false;
    } else if (c === COMMA) {
      row.push(field);
      field = '';
      fieldStart = true;
      i++;
    } else if (c === LF || c === CR) {
      row.push(field);
      emit(row);
      row = [];
      field = '';
      fieldStart = true;
      inRecord = false;
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    } else {
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === COMMA || d === LF || d === CR) break;
        j++;
      }
      field += text.slice(i, j);
      i = j;
      fieldStart = false;
    }
  }
  if (inRecord && !stopped) {
    row.push(field);
    emit(row);
  }
  return rows;
}
