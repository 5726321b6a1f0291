import { z } from 'zod';
import { DECLARED_RECORDS, type DeclaredResource } from '../resources.ts';
import { BulkDeleted, Id, paginator, requiredText, type RouteContract } from './base.ts';
import { BulkInput } from './admin.ts';

/**
 * The wire contract of the resources served by the common case (src/common/resources.ts
 * `records`), derived from their declarations: a record is `{ id, <field>: string, … }`, the body
 * of POST <path> and PUT <path>/{id} holds every field (required, at most its `max` characters,
 * worded by the server's Laravel-style messages), and the seven routes' entries go into CONTRACT
 * (./schemas.ts), so OpenAPI publishes them as it does every hand-written one.
 */

/** A declared resource's record as answered: id plus its text fields. */
export const recordSchema = (d: Pick<DeclaredResource, 'records'>) =>
  z.object({ id: Id, ...Object.fromEntries(d.records.fields.map((f) => [f.name, z.string()])) });

/** A declared resource's body for add and edit: each field required, at most `max` characters. */
export const inputSchema = (d: Pick<DeclaredResource, 'records'>) => z.object(Object.fromEntries(d.records.fields.map((f) => [f.name, requiredText(f.max)])));

/**
 * The four routes on one record of a resource at `base` ("/api/page"): read, add, edit, delete,
 * keyed as CONTRACT is; `noun` names one record ("page", "admin menu") in the summaries.
 */
export function recordRoutes(base: string, noun: string, record: z.ZodType, input: z.ZodType): Record<string, RouteContract> {
  const aNoun = `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
  return {
    [`GET ${base}/{id}`]: { summary: `One ${noun}`, data: record },
    [`POST ${base}`]: { summary: `Add ${aNoun}`, body: input, data: record },
    [`PUT ${base}/{id}`]: { summary: `Edit ${aNoun}; answers it as stored`, body: input, data: record },
    [`DELETE ${base}/{id}`]: { summary: `Delete ${aNoun}`, data: z.null() },
  };
}

/** The seven routes of one declared resource, keyed "METHOD /api/path/{param}" as CONTRACT is. */
export function declaredContract(d: DeclaredResource): Record<string, RouteContract> {
  const record = recordSchema(d),
    input = inputSchema(d),
    base = `/api/${d.records.path}`,
    noun = d.records.noun;
  const title = d.screen.title,
    file = d.records.table;
  return {
    [`GET ${base}`]: { summary: `${title}, one page of the list`, data: paginator(record) },
    [`GET ${base}/export`]: { summary: `${title} as CSV (${file}.csv): every row matching the list's q, sort and filters`, csv: file },
    [`POST ${base}/bulk-delete`]: { summary: `Delete ${title.toLowerCase()}: the named ids, or all matching the filters`, body: BulkInput, data: BulkDeleted },
    ...recordRoutes(base, noun, record, input),
  };
}

/** Every declared resource's routes (spread into CONTRACT). */
export const DECLARED_CONTRACT: Record<string, RouteContract> = Object.assign({}, ...DECLARED_RECORDS.map(declaredContract));
