import type { Sql } from '../db/sql.ts';
import { found, notFound } from '../http-error.ts';
import type { PageInput } from '../../src/common/contract/schemas.ts';
import * as q from '../db/queries/pages.ts';
import { ALL, type ListQuery } from '../db/list-query.ts';
import { bulkAct, deleteFrom } from '../lib/http/list-bulk.ts';

/**
 * Content pages (admin-area §3 Pages): what each call does. The title is stored trimmed; an
 * unknown id is 404 "Page not found.". Input arrives checked against the contract (PageInput).
 */
export const PAGE_LIST = q.PAGE_LIST;
const row = (v: PageInput) => ({ title: v.title.trim(), content: v.content });

/** One page of the Pages list matching `lq` (a Paginator of 10). */
export const listPages = (sql: Sql, page: number, lq: ListQuery) => q.listPages(sql, page, lq);
/** The page `id`; 404 when there is none. */
export const getPage = (sql: Sql, id: number) => found(q.getPage(sql, id), 'Page');
/** Stores a new page; resolves to it. */
export const createPage = async (sql: Sql, v: PageInput) => (await q.createPage(sql, row(v)))!;
/** Changes page `id`; 404 when there is none. */
export async function updatePage(sql: Sql, id: number, v: PageInput) {
  if (!(await q.updatePage(sql, id, row(v)))) throw notFound('Page');
}
/** Deletes page `id`; 404 when there is none. */
export async function deletePage(sql: Sql, id: number) {
  if (!(await q.deletePage(sql, id))) throw notFound('Page');
}
/** Deletes the selected pages (ids or all matching, one transaction); resolves to how many went. */
export const bulkDeletePages = (sql: Sql, input: Record<string, string | undefined>) => bulkAct(sql, q.PAGE_LIST, input, ALL, deleteFrom('pages'));
