import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import type { ActivityResource } from '../../src/common/activity.ts';
import { actingName, type Who } from '../lib/activity/record.ts';
import { clientAddress } from './client-address.ts';
import { versionSlot } from './versions.ts';

/**
 * The activity log at the route (docs/architecture.md "Activity log"): a state-changing route
 * declares `logs(resource)` beside its path, and its handler hands `whoOf(c)` to the service,
 * which records the change in its own transaction (lib/activity/record.ts). The declaration is
 * what test/api/activity-coverage.test.ts reads from the app's routes: a write route that neither
 * declares it nor is on that test's commented list of calls that change no record fails.
 */

const LOGS = Symbol('logs activity');
/** The requests (their contexts) whose route declared `logs`, with the resource it names. */
const declared = new WeakMap<object, ActivityResource>();

/** Declares that the route's writes record `resource` activity rows; `whoOf` works only behind it. */
export function logs(resource: ActivityResource): MiddlewareHandler<AppEnv> {
  const mw: MiddlewareHandler<AppEnv> = (c, next) => {
    declared.set(c, resource);
    return next();
  };
  return Object.assign(mw, { [LOGS]: resource });
}

/** The resource this request's route declared with `logs`, or undefined when it declared none. */
export const loggedResource = (c: Context): ActivityResource | undefined => declared.get(c);

/** The resource a route handler declared with `logs`, or undefined (for the coverage test, which reads app.routes). */
export const declaredLog = (handler: unknown): ActivityResource | undefined => (handler as { [LOGS]?: ActivityResource } | null)?.[LOGS];

/**
 * Who makes this call, for recordActivity: the signed-in user (none: a link's password set; named
 * with its API token for a call by token, lib/activity/record.ts actingName), the client's
 * address and browser, whether the log is on (AppConfig.activityLog) and the request's
 * record version (If-Match, http/versions.ts). Throws when
 * the route did not declare `logs`, so an undeclared write fails loudly instead of going unlogged.
 */
export function whoOf<E extends AppEnv>(c: Context<E>): Who {
  if (!declared.has(c)) throw new Error(`${c.req.method} ${c.req.path} records activity without declaring logs(...) beside its path.`);
  const u = (c as unknown as Context<AppEnv>).get('user') as AppEnv['Variables']['user'] | undefined;
  const ip = clientAddress(c, c.get('config').trustProxy);
  return {
    id: u?.id ?? null,
    name: u ? actingName(u) : '',
    role: u ? (u.isCompany ? 'company' : (u.roles[0]?.name ?? '')) : '',
    organiserId: u?.companyId ?? null,
    ip: (ip === 'unknown' ? '' : ip).slice(0, 64),
    userAgent: (c.req.header('user-agent') ?? '').slice(0, 300),
    logs: c.get('config').activityLog !== false,
    version: versionSlot(c),
  };
}
