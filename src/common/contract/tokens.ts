import { z } from 'zod';
import { dateField, Id, oneLineText, says, type RouteContract } from './base.ts';
import { API_SCOPES, isApiScope, TOKEN_NAME_MAX } from '../api-tokens.ts';

/**
 * API tokens' wire contract (docs/integrations.md "API tokens"): My account →
 * API tokens, for every signed-in user, by session only (a token can never call these).
 */

/** The scopes named in OpenAPI: every scope of src/common/api-tokens.ts API_SCOPES. */
export const ApiScope = z.enum(API_SCOPES as [string, ...string[]]);

/**
 * POST tokens: `name` (one line, at most 100 characters), `scopes` (a JSON list of scopes, or
 * text with the scopes separated by commas or spaces, as a form sends it: at least one, each
 * one of ApiScope), `expires_at` (YYYY-MM-DD: the token stops working at 00:00 UTC that day,
 * which must be after today and at most 366 days ahead; services/api-tokens.ts checks the days).
 */
export const TokenInput = z.object({
  name: oneLineText(TOKEN_NAME_MAX, true),
  scopes: z
    .union([z.array(z.string().max(60)).max(200), z.string().max(8000)])
    .optional()
    .superRefine((v, ctx) => {
      const list = v === undefined ? [] : typeof v === 'string' ? v.split(/[\s,]+/).filter(Boolean) : v;
      if (!list.length) ctx.addIssue({ code: 'custom', message: 'The :attribute field is required.', ...says('The :attribute field is required.') });
      else if (!list.every(isApiScope))
        ctx.addIssue({ code: 'custom', message: 'The selected :attribute is invalid.', ...says('The selected :attribute is invalid.') });
    })
    .meta({ description: `The scopes: ${API_SCOPES.join(', ')}` }),
  expires_at: dateField,
});
export type TokenInput = z.input<typeof TokenInput>;

/** One token as its owner's list shows it: never the secret, only its first characters (`prefix`). Times in ms since 1970. */
export const ApiTokenView = z.object({
  id: Id,
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(ApiScope),
  created_at: z.number(),
  expires_at: z.number(),
  last_used_at: z.number().nullable(),
  last_used_ip: z.string(),
  expired: z.boolean(),
});
export type ApiTokenView = z.infer<typeof ApiTokenView>;

/** What POST tokens answers: the token as listed, and its secret, shown this once. */
export const CreatedToken = ApiTokenView.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof CreatedToken>;

/** The routes of routes/tokens.ts. */
export const TOKENS_CONTRACT: Record<string, RouteContract> = {
  'GET /api/tokens': { summary: 'My API tokens (live ones, newest first), never their secrets', data: z.array(ApiTokenView) },
  'POST /api/tokens': { summary: 'Make an API token: its secret is answered this once', body: TokenInput, data: CreatedToken },
  'DELETE /api/tokens/{id}': { summary: 'Revoke one of my API tokens, at once on every process', data: z.null() },
};
