import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { requireUser } from '../http/middleware/auth.ts';
import { logs, whoOf } from '../http/logs.ts';
import { AccountLanguageInput, AccountTimeZoneInput } from '../../src/common/contract/language.ts';
import * as language from '../services/account-language.ts';

/**
 * The caller's language and time zone (docs/languages.md; contract: src/common/contract/language.ts),
 * for any signed-in user, on their own account only:
 *
 * - GET account/language   -> { language: 'en' | 'fr' | 'es' | 'ar' | null }
 * - PUT account/language   language=<locale> | '' (forget) -> the same; 422 for another value
 * - GET account/time-zone  -> { time_zone: 'Europe/Paris' | '' } ('': the browser's)
 * - PUT account/time-zone  time_zone=<IANA name> | '' (forget) -> the same; 422 for a name Intl does not know
 */
export const accountLanguageRoutes = new Hono<AppEnv>()
  .get('/account/language', requireUser, async (c) => ok(c, await language.readLanguage(c.get('sql'), c.get('user'))))
  .put('/account/language', requireUser, logs('users'), body(AccountLanguageInput), async (c) =>
    ok(c, await language.saveLanguage(c.get('sql'), c.get('user'), whoOf(c), String(c.req.valid('form').language ?? '')), 'Language saved.'),
  )
  .get('/account/time-zone', requireUser, async (c) => ok(c, await language.readTimeZone(c.get('sql'), c.get('user'))))
  .put('/account/time-zone', requireUser, logs('users'), body(AccountTimeZoneInput), async (c) =>
    ok(c, await language.saveTimeZone(c.get('sql'), c.get('user'), whoOf(c), c.req.valid('form').time_zone ?? ''), 'Time zone saved.'),
  );
