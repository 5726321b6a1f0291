/**
 * English messages of the campaigns screens (docs/languages.md): part of the English catalog
 * (../en.ts), the source the other languages translate. Keys start with `campaigns.`.
 */
export const campaignsEn = {} as const satisfies Record<string, string>;
