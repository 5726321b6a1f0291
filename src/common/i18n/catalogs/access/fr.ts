import type { accessEn } from './en.ts';

/** The access screens' messages in fr (docs/languages.md): every key of ./en.ts, the same arguments. */
export const accessFr: Record<keyof typeof accessEn, string> = {};
