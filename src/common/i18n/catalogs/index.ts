import { en, type Catalog } from './en.ts';
import { fr } from './fr.ts';
import { es } from './es.ts';
import { ar } from './ar.ts';
import type { Locale } from '../locales.ts';

/**
 * Every shipped catalog at once, for the API process (its refusals and e-mails are said in each
 * reader's language). The console never imports this module: it loads only the catalog it shows
 * (src/lib/i18n.ts).
 */
export const CATALOGS: Record<Locale, Catalog> = { en, fr, es, ar };
