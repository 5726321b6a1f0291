/**
 * The console's languages (docs/languages.md): the shipped locales, their writing direction and
 * their own names, and the choice of one from what a reader prefers (a browser's
 * `navigator.languages`, an HTTP `Accept-Language` header). Pure: shared by the console and the API.
 */

/** The shipped locales, English first (the source: its texts are the spec's). */
export const LOCALES = ['en', 'fr', 'es', 'ar'] as const;
/** One shipped locale. */
export type Locale = (typeof LOCALES)[number];
/** The locale shown when nothing else decides. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Each locale's name in its own language, as the language switches list it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', es: 'Español', ar: 'العربية' };

/** The locales written right to left. */
const RTL: ReadonlySet<string> = new Set(['ar']);

/** `rtl` for a right-to-left locale, else `ltr` (the `dir` of `<html>`). */
export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (RTL.has(locale) ? 'rtl' : 'ltr');

/** True when `value` names a shipped locale exactly (`en`, `fr`, `es`, `ar`). */
export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The locale of what a participant reads, their gallery e-mail and page (docs/languages.md
 * "E-mails"): the participant's own language, else the event's default, else English; each a
 * stored value that is a shipped locale or '' (not chosen).
 *
 * participantLocale('', 'fr') -> 'fr'; participantLocale('es', 'fr') -> 'es'; participantLocale('', '') -> 'en'
 */
export const participantLocale = (participant: unknown, event: unknown): Locale =>
  isLocale(participant) ? participant : isLocale(event) ? event : DEFAULT_LOCALE;

/**
 * The shipped locale that best matches `preferred` (language tags, most preferred first, e.g.
 * `['fr-CA', 'en-US']`): the first whose primary language is shipped; DEFAULT_LOCALE when none is.
 */
export function negotiateLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/**
 * The language tags of an `Accept-Language` header, most preferred first (by `q`, then order);
 * `*`, malformed entries and `q=0` left out. At most 20 entries are read (the header is bounded).
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, i };
    })
    .filter((e) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(e.tag) && e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((e) => e.tag);
}
