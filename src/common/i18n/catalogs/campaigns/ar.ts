import type { campaignsEn } from './en.ts';

/** The campaigns screens' messages in ar (docs/languages.md): every key of ./en.ts, the same arguments. */
export const campaignsAr: Record<keyof typeof campaignsEn, string> = {};
