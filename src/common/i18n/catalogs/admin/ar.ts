import type { adminEn } from './en.ts';

/** The admin screens' messages in ar (docs/languages.md): every key of ./en.ts, the same arguments. */
export const adminAr: Record<keyof typeof adminEn, string> = {};
