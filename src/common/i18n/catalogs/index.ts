import { coreEn, type Catalog } from './en.ts';
import { adminEn } from './admin/en.ts';
import { organiserEn } from './organiser/en.ts';
import { participantsEn } from './participants/en.ts';
import { campaignsEn } from './campaigns/en.ts';
import { editorEn } from './editor/en.ts';
import { accessEn } from './access/en.ts';
import { shellEn } from './shell/en.ts';
import { galleryEn } from './gallery/en.ts';
import { securityEn } from './security/en.ts';
import { activityEn } from './activity/en.ts';
import { liveEn } from './live/en.ts';
import { leasesEn } from './leases/en.ts';
import { apiEn } from './api/en.ts';
import { tokensEn } from './tokens/en.ts';
import { webhooksEn } from './webhooks/en.ts';
import { insightsEn } from './insights/en.ts';
import { reportsEn } from './reports/en.ts';
import { sweepEn } from './sweep/en.ts';
import { fr } from './fr.ts';
import { es } from './es.ts';
import { ar } from './ar.ts';
import type { Locale } from '../locales.ts';

/** The English catalog, whole: the shell's and shared messages (./en.ts) and each area's (./<area>/en.ts). */
export const en: Catalog = {
  ...coreEn,
  ...adminEn,
  ...organiserEn,
  ...participantsEn,
  ...campaignsEn,
  ...editorEn,
  ...accessEn,
  ...shellEn,
  ...galleryEn,
  ...securityEn,
  ...activityEn,
  ...liveEn,
  ...leasesEn,
  ...apiEn,
  ...tokensEn,
  ...webhooksEn,
  ...insightsEn,
  ...reportsEn,
  ...sweepEn,
};

/**
 * Every shipped catalog at once, for the API process (its refusals and e-mails are said in each
 * reader's language). The console never imports this module: it loads only the catalog it shows
 * (src/lib/i18n.ts).
 */
export const CATALOGS: Record<Locale, Catalog> = { en, fr, es, ar };
