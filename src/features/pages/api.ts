import { http, qs } from '../../lib/http.ts';
import type { Paginator } from '../../lib/types.ts';

/** Page (admin-area §3). */
export interface Page { id: number; title: string; content: string }
export interface PageForm { title: string; content: string }

export const listPages = async (page: number) => (await http.get<Paginator<Page>>(`page${qs({ page })}`)).data;
export const getPage = async (id: number) => (await http.get<Page>(`page/${id}`)).data;
export const createPage = (f: PageForm) => http.post('page', { title: f.title, content: f.content });
export const updatePage = (id: number, f: PageForm) => http.put(`page/${id}`, { title: f.title, content: f.content });
export const deletePage = (id: number) => http.del(`page/${id}`);
