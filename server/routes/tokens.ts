import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../http/context.ts';
import { errorEnvelope } from '../http/error-envelope.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { requireUserOn } from '../http/middleware/auth.ts';
import { logs, whoOf } from '../http/logs.ts';
import { TokenInput } from '../../src/common/contract/tokens.ts';
import * as tokens from '../services/api-tokens.ts';

const small = bodyLimit({ maxSize: 64 * 1024, onError: (c) => errorEnvelope(c, 413, 'The request is too large.') });

/**
 * My account → API tokens (docs/integrations.md "API tokens"), for every
 * signed-in user, staff and organisers alike, by session only (an API token calling these gets
 * 403: src/common/api-tokens.ts NEVER_BY_TOKEN). Contract: src/common/contract/tokens.ts.
 *
 * - GET    tokens       -> [ApiTokenView] the caller's tokens not revoked, newest first; never a secret
 * - POST   tokens       name, scopes, expires_at (YYYY-MM-DD) -> CreatedToken, its `token` shown this once;
 *                       422 on a field, 409 past 50 live tokens
 * - DELETE tokens/{id}  -> null; 404 "API token not found." for none or another user's
 *
 * Making and revoking are activity rows (services/api-tokens.ts). Mount at `/`.
 */
export const tokenRoutes = requireUserOn(new Hono<AppEnv>(), '/tokens', '/tokens/*')
  .get('/tokens', async (c) => ok(c, await tokens.listTokens(c.get('sql'), c.get('user'))))
  .post('/tokens', small, logs('api_tokens'), body(TokenInput), async (c) =>
    ok(
      c,
      await tokens.createToken(c.get('sql'), c.get('user'), whoOf(c), c.req.valid('form'), c.get('config').now()),
      'The API token was made. Copy it now: it is not shown again.',
    ),
  )
  .delete('/tokens/:id', logs('api_tokens'), async (c) => {
    await tokens.revokeToken(c.get('sql'), c.get('user'), whoOf(c), toId(c.req.param('id')), c.get('config').now());
    return ok(c, null, 'The API token was revoked.');
  });
