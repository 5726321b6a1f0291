import { http } from '../../lib/http.ts';
import type { ApiTokenView, CreatedToken, TokenInput } from '../../common/contract/tokens.ts';

/** One of my API tokens as listed (never its secret); times in ms since 1970. */
export type ApiToken = ApiTokenView;
export type { CreatedToken };

/** GET tokens: my API tokens not revoked, newest first (docs/integrations.md "API tokens"). */
export const getTokens = async (signal?: AbortSignal) => (await http.get<ApiToken[]>('tokens', { signal })).data;
/** POST tokens {name, scopes (space-separated), expires_at (YYYY-MM-DD)}: the token with its secret, shown once; 422 on a field, 409 past 50 live tokens. */
export const createToken = (name: string, scopes: string[], expiresAt: string) =>
  http.post<CreatedToken>('tokens', { name, scopes: scopes.join(' '), expires_at: expiresAt } satisfies TokenInput);
/** DELETE tokens/{id}: revokes it at once; 404 when it is no longer there. */
export const revokeToken = (id: number) => http.del<null>(`tokens/${id}`);
