/**
 * English messages of the access screens (docs/languages.md): part of the English catalog
 * (../en.ts), the source the other languages translate. Keys start with `access.`.
 */
export const accessEn = {} as const satisfies Record<string, string>;
