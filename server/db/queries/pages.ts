import type { Sql } from '../sql.ts';
import { paginate } from '../index.ts';

/** A content page (admin-area §3): id, title, content. */
export interface Page { id: number; title: string; content: string }

/** One page of pages (a Paginator: `perPage` rows, pages from 1). */
export const listPages = (sql: Sql, page: number, perPage = 10) =>
  paginate<Page>(sql, 'SELECT id, title, content FROM pages ORDER BY id', 'SELECT COUNT(*) AS n FROM pages', [], page, perPage);
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
