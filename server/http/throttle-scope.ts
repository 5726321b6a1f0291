import type { Context } from 'hono';
import type { AppEnv } from './context.ts';
import type { ThrottleScope } from '../lib/auth/link-throttle.ts';
import { clientAddress } from './client-address.ts';

/**
 * The link and password-change throttle's scope of a request (lib/auth/link-throttle.ts): the
 * request's database, its client address (client-address.ts, with config.trustProxy) and
 * config.linkLimits.
 */
export const throttleScope = (c: Context<AppEnv>): ThrottleScope => ({
  sql: c.get('sql'),
  address: clientAddress(c, c.get('config').trustProxy),
  limits: c.get('config').linkLimits,
});
