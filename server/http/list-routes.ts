import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { okBody, pageOf } from './envelope.ts';
import { answer } from './answer.ts';
import { cachedAnswer } from './answer-cache.ts';
import { body } from './input.ts';
import { exportFormat, listExport } from './list-export.ts';
import { bulkDeleted, listInput } from './list-bulk.ts';
import { ALL, readListQuery, type ListQuery, type ListSpec, type Scope } from '../db/list-query.ts';
import { BulkInput } from '../../src/common/contract/admin.ts';
import type { ActivityResource } from '../../src/common/activity.ts';
import { logs } from './logs.ts';

/** What a screen's list calls need: its list spec, the CSV's name, who may read and who may delete, and the service calls. */
export interface ListCalls {
  /** The list (db/list-query.ts ListSpec): search, sort, filters and CSV columns. */
  spec: ListSpec;
  /** The export's file name without `.csv` / `.xlsx` ("pages"). */
  csv: string;
  /** Checks before a read (GET / and GET /export), e.g. requireAbility('pages.view'); several: hono/combine `every`. */
  view: MiddlewareHandler<AppEnv>;
  /** Checks before GET /export when they differ from `view`. */
  exportView?: MiddlewareHandler<AppEnv>;
  /** The activity log's resource a bulk delete's row names (the service records it, with `whoOf(c)`). */
  logs: ActivityResource;
  /**
   * The resources whose writes may change the list's rows or what the caller may see of them
   * (its own, and e.g. `roles` for a list showing role names): a kept answer ends only with a
   * write of one of these (answer-cache.ts). Default: the list's own, `logs`.
   */
  reads?: readonly ActivityResource[];
  /** Checks before a bulk delete, e.g. requireAbility('pages.delete'). */
  remove: MiddlewareHandler<AppEnv>;
  /** One page of the list (the service's), for `lq` read from the query string. */
  list: (c: Context<AppEnv>, page: number, lq: ListQuery) => Promise<unknown>;
  /** Deletes the selection `input` (ids or all=1 + filters, services/list-bulk.ts) and records it; resolves to how many went. */
  bulkDelete: (c: Context<AppEnv>, input: Record<string, string | undefined>) => Promise<number>;
  /** The rows the caller may see (default: all). */
  scope?: (c: Context<AppEnv>) => Promise<Scope> | Scope;
}

/** The path and query of a request URL (what a list answer depends on besides the caller and the data). */
const listKey = (url: string) => url.slice(url.indexOf('/', url.indexOf('//') + 2));

/**
 * Answers a list read with the envelope of `list()`'s data, reused while the resources `reads`
 * (activity resource keys; absent: everything, as the activity log reads) are unchanged
 * (answer-cache.ts), keyed by the caller and the request's path and query. Call it after the
 * access and scope checks: only the data is reused, never a decision.
 */
export async function cachedList<E extends AppEnv>(ctx: Context<E, any, any>, reads: readonly ActivityResource[] | undefined, list: () => Promise<unknown>) {
  const c = ctx as unknown as Context<AppEnv>;
  return answer(
    c,
    await cachedAnswer(
      c.get('sql'),
      `${c.get('user')?.id ?? 0} ${listKey(c.req.url)}`,
      async () => okBody(await list()),
      Date.now(),
      reads,
      c.get('arrivedAt'),
    ),
  );
}

/**
 * The three list calls of an admin screen (wire contract "Lists", admin-area §7), added to `app`
 * before its `/:id` routes: GET / (?page and the list params: a Paginator), GET /export (the
 * same rows as CSV, `<csv>.csv`, or with ?format=xlsx as `<csv>.xlsx`) and POST /bulk-delete (body BulkInput of the contract: `ids` or
 * `all=1` with the filters; answers `{ deleted }`; a `bulk_delete` activity row). Resolves to `app` for chaining.
 */
export function listCalls<A extends Hono<AppEnv, any, any>>(app: A, o: ListCalls): A {
  // Reused while the database is unchanged (answer-cache.ts): keyed by who asks and the whole query.
  const reads = o.reads ?? [o.logs];
  app.get('/', o.view, (c) => cachedList(c, reads, () => o.list(c, pageOf(c.req.query('page')), readListQuery(o.spec, c.req.query()))));
  app.get('/export', o.exportView ?? o.view, async (c) => {
    const lq = readListQuery(o.spec, c.req.query());
    const format = exportFormat(c);
    return listExport(c, c.get('sql'), o.spec, lq, (await o.scope?.(c)) ?? ALL, o.csv, format);
  });
  app.post('/bulk-delete', o.remove, logs(o.logs), body(BulkInput), async (c) =>
    bulkDeleted(c, await o.bulkDelete(c, listInput(c.req.query(), c.req.valid('form')))),
  );
  return app;
}
