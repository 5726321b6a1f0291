/**
 * English messages of the admin screens (docs/languages.md): part of the English catalog
 * (../en.ts), the source the other languages translate. Keys start with `admin.`.
 */
export const adminEn = {} as const satisfies Record<string, string>;
