import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { requireUser } from '../http/middleware/auth.ts';
import { logs, whoOf } from '../http/logs.ts';
import { AccountLanguageInput } from '../../src/common/contract/language.ts';
import * as language from '../services/account-language.ts';

/**
 * The caller's language (docs/languages.md; contract: src/common/contract/language.ts), for any
 * signed-in user, on their own account only:
 *
 * - GET account/language  -> { language: 'en' | 'fr' | 'es' | 'ar' | null }
 * - PUT account/language  language=<locale> | '' (forget) -> the same; 422 for another value
 */
export const accountLanguageRoutes = new Hono<AppEnv>()
  .get('/account/language', requireUser, async (c) => ok(c, await language.readLanguage(c.var.sql, c.var.user)))
  .put('/account/language', requireUser, logs('users'), body(AccountLanguageInput), async (c) =>
    ok(c, await language.saveLanguage(c.var.sql, c.var.user, whoOf(c), String(c.req.valid('form').language ?? '')), 'Language saved.'),
  );
