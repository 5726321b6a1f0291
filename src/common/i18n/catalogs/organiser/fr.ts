import type { organiserEn } from './en.ts';

/** The organiser screens' messages in fr (docs/languages.md): every key of ./en.ts, the same arguments. */
export const organiserFr: Record<keyof typeof organiserEn, string> = {};
