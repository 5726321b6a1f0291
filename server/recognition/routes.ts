import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../http-error.ts';

/**
 * Reference photo-recognition API (DESIGN.md §4), same process, JSON bodies, guarded by the
 * static token in `X-Api-Key`. The calls themselves are added with the campaign form (issue 5).
 */
export const recognitionRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    if (c.req.header('x-api-key') !== c.var.config.recognitionToken) throw new ApiError(401, 'Invalid API token.');
    await next();
  });
