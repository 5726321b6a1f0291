import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import { mayOpen, requireUserOn } from '../http/middleware/auth.ts';
import { inScope, scoped } from '../http/middleware/scope.ts';
import { logs, whoOf } from '../http/logs.ts';
import { LeaseInput } from '../../src/common/contract/leases.ts';
import { LEASED_RESOURCES, LEASE_TOKEN } from '../../src/common/leases.ts';
import { RESOURCES, type OwnedTableName, type ResourceDeclaration } from '../../src/common/resources.ts';
import type { ActivityResource } from '../../src/common/activity.ts';
import * as leases from '../services/leases.ts';

/**
 * The record a lease call names (`/leases/{resource}/{id}`), checked by the resources'
 * declarations (src/common/resources.ts) as its own edit route checks it, so only those who may
 * edit the record may lease it or learn who holds it:
 *   - an organiser's record (`owns`): the owner check of every organiser call (inScope: 404 for
 *     none, 403 for another organiser's, 404 to an API token);
 *   - an admin record (`screen` and abilities): staff with its screen and its `edit` ability
 *     (403 otherwise, organisers' users included), then 404 when there is no such record.
 * A resource that is not leased (src/common/leases.ts LEASED_RESOURCES) is 404.
 */
async function leaseTarget(c: Context<AppEnv>): Promise<leases.LeaseTarget> {
  const key = c.req.param('resource') ?? '';
  const d = LEASED_RESOURCES.includes(key) ? (RESOURCES as Record<string, ResourceDeclaration>)[key] : undefined;
  if (!d?.versions) throw notFound('Record');
  const id = toId(c.req.param('id'));
  const sql = c.get('sql');
  const user = c.get('user');
  if (d.owns) {
    const table = (d.owns.find((t) => t.table === d.versions!.table) ?? d.owns[0]).table as OwnedTableName;
    const row = await inScope(sql, user, table, id, 'id');
    return { resource: key as ActivityResource, id, organiserId: row.tenant_owner };
  }
  if (!d.screen || user.isCompany || !user.abilities.has(`${key}.edit`) || !(await mayOpen(sql, user, d.screen.key)))
    throw forbidden('You are not allowed to do this.');
  if (!Number.isFinite(id) || !(await sql.get(`SELECT id FROM ${d.versions.table} WHERE id = ?`, [id]))) throw notFound(d.word);
  return { resource: key as ActivityResource, id, organiserId: null };
}

/**
 * Edit leases (docs/live.md "Who is editing"). Contract: src/common/contract/leases.ts.
 *
 * - GET    leases/{resource}/{id}          -> { holder } who edits the record now (null: nobody)
 * - PUT    leases/{resource}/{id}          token, take_over -> { lease, taken_from }: take or renew it for
 *                                          LEASE_MS; 409 `{ holder }` while another form holds it (unless take_over)
 * - DELETE leases/{resource}/{id}?token=   -> null: give it back (nothing when the token holds none)
 *
 * A take-over is an activity row of the record's resource (services/leases.ts); the lease calls
 * themselves change no record, and no session (resource `leases`, `sessions: 'unchanged'`).
 * Mount at `/`.
 */
export const leaseRoutes = requireUserOn(new Hono<AppEnv>(), '/leases/*')
  .get('/leases/:resource/:id', scoped(leaseTarget), async (c) => ok(c, await leases.leaseState(c.get('sql'), c.get('user'), c.get('scoped'))))
  .put('/leases/:resource/:id', scoped(leaseTarget), logs('leases'), body(LeaseInput), async (c) => {
    const input = c.req.valid('form');
    const takeOver = input.take_over === '1' || input.take_over === 'true';
    return ok(c, await leases.takeOrRenew(c.get('sql'), c.get('user'), whoOf(c), c.get('scoped'), input.token, takeOver));
  })
  .delete('/leases/:resource/:id', scoped(leaseTarget), logs('leases'), async (c) => {
    const token = c.req.query('token') ?? '';
    if (LEASE_TOKEN.test(token)) await leases.release(c.get('sql'), c.get('user'), c.get('scoped'), token);
    return ok(c, null);
  });
