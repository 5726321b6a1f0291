/**
 * The file formats a list exports (wire contract "Export"): GET `<list>/export`
 * answers CSV by default and `.xlsx` with `?format=xlsx`, the same rows and columns.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** One of EXPORT_FORMATS, also the file's extension. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The media type of an `.xlsx` workbook. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
