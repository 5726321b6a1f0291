import type { Context, MiddlewareHandler, Next } from 'hono';
import { clientAddress as requestClient } from '../client-address.ts';
import type { AppEnv } from '../context.ts';
import type { ActivityResource } from '../../../src/common/activity.ts';
import * as q from '../../db/queries/activity.ts';
import { MAX_VALUE } from '../../lib/activity/activity-records.ts';
import { actingName } from '../../lib/activity/record.ts';

/**
 * The activity rows no service writes (docs/architecture.md "Activity log"): sign-in, failed
 * sign-in and sign-out, and CSV exports, which change no record, recorded around the call from
 * the request. Every change of a record is recorded by the service that makes it
 * (lib/activity/record.ts); old rows are pruned by lib/activity/activity.ts.
 */

/** The client address of the request (http/client-address.ts: the socket, or what a TRUST_PROXY proxy forwarded); '' when unknown. */
function clientAddress(c: Context): string {
  const addr = requestClient(c);
  return addr === 'unknown' ? '' : addr;
}

/** Who made the call: the signed-in user of the request, if any. */
function actorOf(c: Context<AppEnv>) {
  const u = c.get('user') as AppEnv['Variables']['user'] | undefined;
  if (!u) return { actor_id: null, actor_name: '', actor_role: '', companyId: null as number | null };
  return { actor_id: u.id, actor_name: actingName(u), actor_role: u.isCompany ? 'company' : (u.roles[0]?.name ?? ''), companyId: u.companyId };
}

const requestFacts = (c: Context) => ({ ip: clientAddress(c).slice(0, 64), user_agent: (c.req.header('user-agent') ?? '').slice(0, 300) });

/**
 * Middleware for `/api/*` and `/recognition/*`: records sign-in, failed sign-in and sign-out
 * (POST login, POST logout), and a CSV export (GET …/export) once answered 200 to a signed-in user.
 */
export const sessionActivity: MiddlewareHandler<AppEnv> = (c, next) => {
  const method = c.req.method;
  if (method === 'GET') return c.req.path.endsWith('/export') ? exported(c, next) : next();
  if (method !== 'POST') return next();
  if (c.req.path === '/api/login') return signingIn(c, next);
  if (c.req.path === '/api/logout') return signingOut(c, next);
  return next();
};

async function signingIn(c: Context<AppEnv>, next: Next) {
  await next();
  await recordSignIn(c).catch(() => undefined);
}

async function signingOut(c: Context<AppEnv>, next: Next) {
  await next();
  if (c.res.status !== 200) return;
  const actor = actorOf(c);
  await q
    .insertActivity(c.get('sql'), {
      ...actor,
      organizer_id: actor.companyId,
      action: 'sign_out',
      resource: 'session',
      resource_id: actor.actor_id,
      label: c.get('user')?.email ?? '',
      changes: '',
      ...requestFacts(c),
    })
    .catch(() => undefined);
}

/** A CSV export answered 200 to a signed-in user is recorded once it is answered. */
async function exported(c: Context<AppEnv>, next: Next) {
  await next();
  if (c.res.status === 200 && c.get('user')) await recordExport(c).catch(() => undefined);
}

async function recordSignIn(c: Context<AppEnv>) {
  const body = (c.get('body') as Record<string, unknown> | undefined) ?? {};
  const email = typeof body.email === 'string' ? body.email.trim().slice(0, 254) : '';
  const status = c.res.status;
  if (!email || (status !== 200 && status !== 401 && status !== 403)) return;
  // A right password with a second step due: the sign-in is recorded when that step is answered (routes/two-step.ts).
  if (c.get('signInPending')) return;
  const user = await c
    .get('sql')
    .get<{ id: number; name: string; company_id: number | null }>('SELECT id, name, company_id FROM users WHERE lower(email) = lower(?)', [email]);
  const role = user
    ? ((
        await c
          .get('sql')
          .get<{ name: string }>('SELECT r.name FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = ? ORDER BY r.id', [user.id])
      )?.name ?? '')
    : '';
  await q.insertActivity(c.get('sql'), {
    actor_id: user?.id ?? null,
    actor_name: user?.name ?? '',
    actor_role: role,
    organizer_id: user?.company_id ?? null,
    action: status === 200 ? 'sign_in' : 'sign_in_failed',
    resource: 'session',
    resource_id: user?.id ?? null,
    label: email,
    changes: '',
    ...requestFacts(c),
  });
}

async function recordExport(c: Context<AppEnv>) {
  const part = c.req.path.replace(/^\/api\//, '').split('/')[0];
  const resource =
    (
      {
        user: 'users',
        role: 'roles',
        permission: 'permissions',
        page: 'pages',
        adminmenu: 'menus',
        organiser: 'organisers',
        event: 'events',
        getPhotosByEventId: 'photos',
        getAllParticipantVideos: 'videos',
        activity: 'session',
      } as Record<string, ActivityResource>
    )[part] ?? 'session';
  const actor = actorOf(c);
  const query = new URL(c.req.url).search.slice(0, MAX_VALUE);
  await q.insertActivity(c.get('sql'), {
    actor_id: actor.actor_id,
    actor_name: actor.actor_name,
    actor_role: actor.actor_role,
    organizer_id: actor.companyId,
    action: 'export',
    resource,
    resource_id: null,
    label: `${part}.csv`,
    changes: query ? JSON.stringify({ query: { from: null, to: query } }) : '',
    ...requestFacts(c),
  });
}
