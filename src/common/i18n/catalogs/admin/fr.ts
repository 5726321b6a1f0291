import type { adminEn } from './en.ts';

/** The admin screens' messages in fr (docs/languages.md): every key of ./en.ts, the same arguments. */
export const adminFr: Record<keyof typeof adminEn, string> = {};
