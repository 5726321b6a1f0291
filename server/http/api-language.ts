import type { Context } from 'hono';
import { en } from '../../src/common/i18n/catalogs/index.ts';
import { CATALOGS } from '../../src/common/i18n/catalogs/index.ts';
import { acceptedLanguages, LOCALES, negotiateLocale, type Locale } from '../../src/common/i18n/locales.ts';
import { localiseApiMessage } from '../../src/common/i18n/api-messages.ts';
import { requestHeader } from './request-headers.ts';

/**
 * The language of an API answer's refusal texts (docs/languages.md "API messages"): the signed-in
 * caller's own (My account → Language, users.language; a session's or an API token's user), else
 * the caller's `Accept-Language` (the console sends the language it shows), else English. Every
 * catalog is in the API process; only refusals are said in it.
 */

/** The locale the caller of `c` reads. */
export function answerLocale(c: Context): Locale {
  const chosen = (c.get('user') as { language?: string | null } | undefined)?.language;
  if (chosen && (LOCALES as readonly string[]).includes(chosen)) return chosen as Locale;
  return negotiateLocale(acceptedLanguages(requestHeader(c, 'accept-language')));
}

/**
 * A refusal's `message` and field `errors` in the caller's language, with their codes: `code` for
 * the message (absent when it has none) and `error_codes` field -> codes ('validation.other' for a
 * message without one). The texts stay English for an English reader or an unknown message.
 */
export function sayRefusal(c: Context, message: string, errors?: Record<string, string[]>) {
  const locale = answerLocale(c);
  const catalog = CATALOGS[locale];
  const said = localiseApiMessage(en, locale, catalog, message);
  if (!errors) return { message: said.text, code: said.code, errors: undefined, errorCodes: undefined };
  const out: Record<string, string[]> = {};
  const codes: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(errors)) {
    const each = list.map((m) => localiseApiMessage(en, locale, catalog, m));
    out[field] = each.map((e) => e.text);
    codes[field] = each.map((e) => e.code ?? 'validation.other');
  }
  return { message: said.text, code: said.code, errors: out, errorCodes: codes };
}
