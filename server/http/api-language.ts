import type { Context } from 'hono';
import { en } from '../../src/common/i18n/catalogs/index.ts';
import { CATALOGS } from '../../src/common/i18n/catalogs/index.ts';
import { acceptedLanguages, LOCALES, negotiateLocale, type Locale } from '../../src/common/i18n/locales.ts';
import { successMessageOf } from '../../src/common/i18n/api-message-patterns.ts';
import { localiseApiMessage } from '../../src/common/i18n/api-messages.ts';
import type { SuccessMessageCode } from '../../src/common/i18n/success-message-codes.ts';
import { formatMessage } from '../../src/common/i18n/message-format.ts';
import { requestHeader } from './request-headers.ts';

/**
 * The language of an API answer's refusal texts (docs/languages.md "API messages"): the signed-in
 * caller's own (My account → Language, users.language; a session's or an API token's user), else
 * the caller's `Accept-Language` (the console sends the language it shows), else English. Every
 * catalog is in the API process; refusals and success messages are said in it.
 */

/** Accept-Language headers already read, and the locale each chose (at most HEADERS_KEPT: clients send few distinct ones). */
const byHeader = new Map<string, Locale>();
const HEADERS_KEPT = 256;

/**
 * The locale `header` (an Accept-Language) chooses: a bare shipped locale as the console sends it
 * ("fr") is itself; another header is read once (acceptedLanguages, negotiateLocale) and kept.
 */
function headerLocale(header: string | undefined): Locale {
  if (!header) return negotiateLocale([]);
  if ((LOCALES as readonly string[]).includes(header)) return header as Locale;
  let locale = byHeader.get(header);
  if (!locale) {
    locale = negotiateLocale(acceptedLanguages(header));
    if (byHeader.size < HEADERS_KEPT) byHeader.set(header, locale);
  }
  return locale;
}

/** The locale the caller of `c` reads. */
export function answerLocale(c: Context): Locale {
  const chosen = (c.get('user') as { language?: string | null } | undefined)?.language;
  if (chosen && (LOCALES as readonly string[]).includes(chosen)) return chosen as Locale;
  return headerLocale(requestHeader(c, 'accept-language'));
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

/**
 * A success answer's `message` (envelope.ts `ok`, an import job's words) in the caller's language,
 * with its code (null: a text no success message matches, kept as it is). Nothing is done for an
 * empty message, and the caller's language is read only for a coded one: an English reader gets
 * the text as it was passed.
 */
export function saySuccess(c: Context, message: string): { text: string; code: SuccessMessageCode | null } {
  const found = successMessageOf(en, message);
  if (!found) return { text: message, code: null };
  const locale = answerLocale(c);
  if (locale === 'en') return { text: message, code: found.code };
  return { text: formatMessage(locale, CATALOGS[locale][found.code], found.values), code: found.code };
}

/**
 * An import job as `GET import-job/…` answers it (contract/import-jobs.ts ImportJob), its `message`
 * (the done words, or why it failed) in the caller's language and its code as `message_code` when
 * it has one: a success message's, else a refusal's (a failed job's reason is often one). A job
 * without a message, or none (null), is returned as it is.
 */
export function sayJob<T extends { message: string } | null | undefined>(c: Context, job: T): T {
  if (!job?.message) return job;
  const success = saySuccess(c, job.message);
  if (success.code) return { ...job, message: success.text, message_code: success.code };
  const locale = answerLocale(c);
  const said = localiseApiMessage(en, locale, CATALOGS[locale], job.message);
  return said.code ? { ...job, message: said.text, message_code: said.code } : job;
}
