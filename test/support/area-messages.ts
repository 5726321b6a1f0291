import { adminEn } from '../../src/common/i18n/catalogs/admin/en.ts';
import { organiserEn } from '../../src/common/i18n/catalogs/organiser/en.ts';
import { participantsEn } from '../../src/common/i18n/catalogs/participants/en.ts';
import { campaignsEn } from '../../src/common/i18n/catalogs/campaigns/en.ts';
import { editorEn } from '../../src/common/i18n/catalogs/editor/en.ts';
import { accessEn } from '../../src/common/i18n/catalogs/access/en.ts';
import { shellEn } from '../../src/common/i18n/catalogs/shell/en.ts';
import { galleryEn } from '../../src/common/i18n/catalogs/gallery/en.ts';
import { securityEn } from '../../src/common/i18n/catalogs/security/en.ts';
import { activityEn } from '../../src/common/i18n/catalogs/activity/en.ts';
import { liveEn } from '../../src/common/i18n/catalogs/live/en.ts';
import { leasesEn } from '../../src/common/i18n/catalogs/leases/en.ts';
import { tokensEn } from '../../src/common/i18n/catalogs/tokens/en.ts';
import { webhooksEn } from '../../src/common/i18n/catalogs/webhooks/en.ts';
import { insightsEn } from '../../src/common/i18n/catalogs/insights/en.ts';
import { reportsEn } from '../../src/common/i18n/catalogs/reports/en.ts';
import { sweepEn } from '../../src/common/i18n/catalogs/sweep/en.ts';

/**
 * The catalog areas whose English the console loads with the modules that use them
 * (src/lib/messages/<area>.ts), and each area's keys.
 */
export const MESSAGE_AREAS: Record<string, readonly string[]> = {
  admin: Object.keys(adminEn),
  organiser: Object.keys(organiserEn),
  participants: Object.keys(participantsEn),
  campaigns: Object.keys(campaignsEn),
  editor: Object.keys(editorEn),
  access: Object.keys(accessEn),
  shell: Object.keys(shellEn),
  gallery: Object.keys(galleryEn),
  security: Object.keys(securityEn),
  activity: Object.keys(activityEn),
  live: Object.keys(liveEn),
  leases: Object.keys(leasesEn),
  tokens: Object.keys(tokensEn),
  webhooks: Object.keys(webhooksEn),
  insights: Object.keys(insightsEn),
  reports: Object.keys(reportsEn),
  sweep: Object.keys(sweepEn),
};

/**
 * The areas whose messages a console source file names: a quoted key of the area's catalog, or
 * a template literal's fixed start (`admin.users.${…}`) that begins one of its keys.
 */
export function areasNamed(source: string): string[] {
  const named = new Set<string>();
  for (const m of source.matchAll(/['"`]([a-zA-Z]+\.[\w.]*)(\$\{)?/g)) {
    const [, text, open] = m;
    for (const [area, keys] of Object.entries(MESSAGE_AREAS)) if (open ? keys.some((k) => k.startsWith(text)) : keys.includes(text)) named.add(area);
  }
  return [...named].sort();
}

/** The areas whose registration module (src/lib/messages/<area>.ts) a source file imports. */
export const areasImported = (source: string): string[] =>
  [...source.matchAll(/^import\s+['"][./]*(?:lib\/)?messages\/(\w+)\.ts['"];?$/gm)].map((m) => m[1]).sort();
