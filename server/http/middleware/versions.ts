import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { claimRecord, etagOf } from '../versions.ts';
import { recordVersion } from '../../lib/activity/versions.ts';
import type { ResourceKey } from '../../../src/common/resources.ts';
import { VERSIONED } from '../../../src/common/versioned-resources.ts';

/**
 * Record versions at the route (docs/live.md): mounted only on the paths the
 * versioned resources declare (src/common/resources.ts `versions.paths`), so no other request
 * pays for it. A write (PUT, DELETE) names its record and its If-Match to the service
 * (http/versions.ts claimRecord -> lib/activity/versions.ts, which checks it in the write's own
 * UPDATE and answers 412 when it is stale); a successful GET or PUT answers the record's version
 * as `ETag` (a GET reads it by primary key after the route answered; a PUT has it from its write).
 */
export function recordVersions(resource: ResourceKey): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id < 1 || id >= 2 ** 31) return next();
    const method = c.req.method;
    const slot = method === 'GET' || method === 'HEAD' ? undefined : claimRecord(c, resource, id);
    await next();
    if (c.res.status !== 200 || (method !== 'GET' && method !== 'PUT')) return;
    let version = slot?.written;
    if (version === undefined && method === 'GET') version = await recordVersion(c.get('sql'), resource, id);
    if (version !== undefined) c.header('ETag', etagOf(Number(version)));
  };
}

/** [Hono path under /api, middleware] for every declared versioned route (`/page/{id}` -> `/page/:id`). */
export const VERSIONED_ROUTES: readonly [string, MiddlewareHandler<AppEnv>][] = Object.entries(VERSIONED).flatMap(([resource, v]) =>
  v!.paths.map((p): [string, MiddlewareHandler<AppEnv>] => [p.replace('{id}', ':id'), recordVersions(resource as ResourceKey)]),
);
