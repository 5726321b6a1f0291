import type { Sql } from '../sql.ts';
import { ALL, type ListQuery, type ListSpec } from '../list-query.ts';
import { listPage } from '../list-page.ts';

/** A content page (admin-area §3): id, title, content. */
export type { Page } from '../../../src/common/contract/schemas.ts';
import type { Page } from '../../../src/common/contract/schemas.ts';

/** The Pages list (admin-area §3): search and sort by title. */
export const PAGE_LIST: ListSpec = {
  from: 'pages', idCol: 'id', columns: 'id, title, content', search: ['title'], sort: { id: 'id', title: 'lower(title)' },
  defaultOrder: 'id', csv: [['id', 'id'], ['title', 'title']],
};
/** One page of pages matching `lq` (a Paginator: `perPage` rows, pages from 1). */
export const listPages = (sql: Sql, page: number, lq: ListQuery, perPage = 10) => listPage<Page>(sql, PAGE_LIST, lq, ALL, page, perPage);
/** The page asked for, or undefined when there is none. */
export const getPage = (sql: Sql, id: number) => sql.get<Page>('SELECT id, title, content FROM pages WHERE id = ?', [id]);
/** Inserts a page; resolves to the stored row { id, title, content }. */
export const createPage = (sql: Sql, p: { title: string; content: string }) =>
  sql.get<Page>('INSERT INTO pages (title, content) VALUES (?, ?) RETURNING id, title, content', [p.title, p.content]);
/** Updates the page; resolves to the number of rows changed (0: no such row). */
export const updatePage = (sql: Sql, id: number, p: { title: string; content: string }) =>
  sql.run('UPDATE pages SET title = ?, content = ? WHERE id = ?', [p.title, p.content, id]);
/** Deletes the page; resolves to the number of rows removed (0: none). */
export const deletePage = (sql: Sql, id: number) => sql.run('DELETE FROM pages WHERE id = ?', [id]);
