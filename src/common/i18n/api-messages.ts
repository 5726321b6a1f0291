import type { ApiMessageCode } from './api-message-codes.ts';
import { apiMessageOf } from './api-message-patterns.ts';
import type { Catalog, MessageKey } from './catalogs/en.ts';
import { formatMessage } from './message-format.ts';

/**
 * The API's refusal messages in the caller's language, with a stable machine `code`
 * (docs/languages.md "API messages"). The API words its refusals in English (the spec's Laravel
 * wording); the messages API_MESSAGE_CODES lists (api-message-codes.ts) have a catalog key, which
 * is their code. An English message is recognised by its catalog pattern (api-message-patterns.ts:
 * `The {field} field is required.` matches "The name field is required.", with field = "name"; a
 * plural matches each of its English branches, `#` being the count) and said again in another locale with the same values (localiseApiMessage, here).
 * A message no pattern matches keeps its English text and has no code. Pure: the API uses it
 * (server/http/error-envelope.ts); the OpenAPI document lists the codes.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * Calendar day `day` (YYYY-MM-DD, as the API's fields keep it) as the reader of `locale` reads
 * it, the console's way (lib/i18n.ts formatDay: Intl, medium date): '2026-06-01' -> 'Jun 1, 2026'
 * in English, '1 juin 2026' in French.
 */
function dayIn(locale: string, day: string): string {
  const [, y, m, d] = ISO_DAY.exec(day) ?? [];
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(Number(y), Number(m) - 1, Number(d)));
}

/**
 * The sentences of a sheet row's problem ("The name field is required. The email field is
 * required." from the user import), each said in `locale` when it has a code, else kept in English.
 */
function rowProblem(en: Catalog, locale: string, catalog: Catalog, problem: string): string {
  return problem
    .split(/(?<=\.)\s+(?=[A-Z"\u2026])/)
    .map((sentence) =>
      apiMessageOf(en, sentence) ? localiseApiMessage(en, locale, catalog, sentence).text : (photoParts(en, locale, catalog, sentence) ?? sentence),
    )
    .join(' ');
}

/** How a locale joins clauses of one sentence where English writes '; '. */
const CLAUSES: Record<string, string> = { fr: ' ; ', ar: '؛ ' };

/**
 * A photo sheet row's problem, "bid_number is empty; orientation must be portrait or landscape."
 * (common/sheet-rules.ts photoRowProblem), part by part in `locale`, joined as the locale joins
 * clauses (CLAUSES: '; ', French ' ; ', Arabic '؛ '); null when a part has no code (the sentence then stays English). A
 * part may hold '; ' itself (the http:// link's), so two pieces are tried together first.
 */
function photoParts(en: Catalog, locale: string, catalog: Catalog, sentence: string): string | null {
  if (!sentence.endsWith('.')) return null;
  const pieces = sentence.slice(0, -1).split('; ');
  const said: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const pair = i + 1 < pieces.length ? `${pieces[i]}; ${pieces[i + 1]}` : '';
    const whole = pair && apiMessageOf(en, pair)?.code === 'validation.photoLinkInsecure' ? pair : pieces[i];
    if (whole === pair) i++;
    const found = apiMessageOf(en, whole);
    if (!found?.code.startsWith('validation.photo')) return null;
    said.push(formatMessage(locale, catalog[found.code], found.values));
  }
  return `${said.join(CLAUSES[locale] ?? '; ')}.`;
}

let actions: Map<string, MessageKey> | null = null;
/**
 * The action of a refusal "You do not have the permission to {action}." (http/middleware/auth.ts
 * requireAbility: ability `users.delete` -> 'delete users') in `catalog`'s words, from its
 * `ability.<key>` message ('supprimer des utilisateurs' in French); an action no ability names stays as it is.
 */
function actionIn(en: Catalog, catalog: Catalog, action: string): string {
  actions ??= new Map(
    Object.entries(en)
      .filter(([key]) => key.startsWith('ability.'))
      .map(([key, words]) => [words, key as MessageKey]),
  );
  const key = actions.get(action);
  return key ? catalog[key] : action;
}

/**
 * `text` (an English API message) in `catalog`'s locale `locale`, with its code (null: no code; the
 * text stays English). A sheet's "Row 7: <problem>" (code `validation.row`) says its problem in the
 * locale too, sentence by sentence. A calendar day inside a message (a `{day}`, YYYY-MM-DD as the
 * server words it) is written the reader's way in every locale, English included; the answer's
 * fields keep it as YYYY-MM-DD. The action a permission refusal names is said in the locale too (actionIn).
 */
export function localiseApiMessage(en: Catalog, locale: string, catalog: Catalog, text: string): { text: string; code: ApiMessageCode | null } {
  const found = apiMessageOf(en, text);
  if (!found) return { text, code: null };
  const day = found.values.day;
  const dated = typeof day === 'string' && ISO_DAY.test(day);
  if (locale === 'en' && !dated) return { text, code: found.code };
  const values = { ...found.values };
  if (dated) values.day = dayIn(locale, day);
  if (found.code === 'validation.row') values.problem = rowProblem(en, locale, catalog, String(found.values.problem));
  if (found.code === 'error.noPermission') values.action = actionIn(en, catalog, String(found.values.action));
  return { text: formatMessage(locale, catalog[found.code], values), code: found.code };
}
