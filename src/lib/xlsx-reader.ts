/**
 * The .xlsx reader of the browser (read-excel-file's `readSheet`: a File to rows of cell values,
 * first sheet). Imported lazily, so its chunk (`xlsx-reader-*.js`) loads only when a spreadsheet
 * is chosen, never with a page's first scripts.
 */
export { readSheet } from 'read-excel-file/browser';
