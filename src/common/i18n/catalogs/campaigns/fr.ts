import type { campaignsEn } from './en.ts';

/** The campaigns screens' messages in fr (docs/languages.md): every key of ./en.ts, the same arguments. */
export const campaignsFr: Record<keyof typeof campaignsEn, string> = {};
