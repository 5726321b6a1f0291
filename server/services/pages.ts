import type { Sql } from '../db/sql.ts';
import { found, NotFound } from '../lib/runtime/domain-errors.ts';
import type { PageInput } from '../../src/common/contract/schemas.ts';
import * as q from '../db/queries/pages.ts';
import { ALL, type ListQuery } from '../db/list-query.ts';
import { bulkAct, deleteFrom } from './list-bulk.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { readRecord } from '../lib/activity/activity-records.ts';

/**
 * Content pages (admin-area §3 Pages): what each call does. The title is stored trimmed; an
 * unknown id is 404 "Page not found.". Input arrives checked against the contract (PageInput).
 * Each write records its activity row (`who`, resource `pages`) in its own transaction.
 */
export const PAGE_LIST = q.PAGE_LIST;
const row = (v: PageInput) => ({ title: v.title.trim(), content: v.content });

/** One page of the Pages list matching `lq` (a Paginator of 10). */
export const listPages = (sql: Sql, page: number, lq: ListQuery) => q.listPages(sql, page, lq);
/** The page `id`; 404 when there is none. */
export const getPage = (sql: Sql, id: number) => found(q.getPage(sql, id), 'Page');
/** Stores a new page; resolves to it. */
export const createPage = (sql: Sql, who: Who, v: PageInput) => sql.transaction(async (tx) => {
  const page = (await q.createPage(tx, row(v)))!;
  await recordActivity(tx, who, { resource: 'pages', action: 'create', id: page.id, label: page.title, after: page });
  return page;
});
/** Changes page `id`; 404 when there is none. Resolves to the page as stored ({ id, title, content }). */
export const updatePage = (sql: Sql, who: Who, id: number, v: PageInput) => sql.transaction(async (tx) => {
  const before = await readRecord(tx, 'pages', id, { lock: true });
  if (!before) throw new NotFound('Page');
  const after = { id, ...row(v) };
  await q.updatePage(tx, id, after);
  await recordActivity(tx, who, { resource: 'pages', action: 'update', id, label: after.title, before, after });
  return after;
});
/** Deletes page `id`; 404 when there is none. */
export const deletePage = (sql: Sql, who: Who, id: number) => sql.transaction(async (tx) => {
  const before = await readRecord(tx, 'pages', id);
  if (!before || !(await q.deletePage(tx, id))) throw new NotFound('Page');
  await recordActivity(tx, who, { resource: 'pages', action: 'delete', id, label: String(before.title), before });
});
/** Deletes the selected pages (ids or all matching, one transaction); resolves to how many went. */
export const bulkDeletePages = (sql: Sql, who: Who, input: Record<string, string | undefined>) =>
  bulkAct(sql, q.PAGE_LIST, input, ALL, deleteFrom('pages'), { log: { who, resource: 'pages' } });
