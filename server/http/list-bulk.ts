import type { Context } from 'hono';
import { ok } from './envelope.ts';
import { bulkAct, deleteFrom } from '../services/list-bulk.ts';

/** The bulk action and a plain delete's `act` (services/list-bulk.ts), for the routes that run them. */
export { bulkAct, deleteFrom };

/** The success answer of a bulk delete (wire contract wording, also for one). */
export const bulkDeleted = (c: Context, n: number) => ok(c, { deleted: n }, `${n} records deleted.`);

/** The params of a bulk or export call: the query string, overridden by the form body's text fields. */
export function listInput(query: Record<string, string>, body: Record<string, unknown> = {}): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = { ...query };
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return out;
}
