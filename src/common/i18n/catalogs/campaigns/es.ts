import type { campaignsEn } from './en.ts';

/** The campaigns screens' messages in es (docs/languages.md): every key of ./en.ts, the same arguments. */
export const campaignsEs: Record<keyof typeof campaignsEn, string> = {};
