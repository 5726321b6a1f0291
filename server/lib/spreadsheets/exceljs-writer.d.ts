/**
 * exceljs' streaming workbook writer module on its own (lib/spreadsheets/xlsx-write.ts loads it
 * instead of the package's index): the class the package types as `stream.xlsx.WorkbookWriter`.
 */
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  const WorkbookWriter: typeof import('exceljs').stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
