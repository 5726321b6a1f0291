/**
 * English messages of the organiser screens (docs/languages.md): part of the English catalog
 * (../en.ts), the source the other languages translate. Keys start with `organiser.`.
 */
export const organiserEn = {} as const satisfies Record<string, string>;
