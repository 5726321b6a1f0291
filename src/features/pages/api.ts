import { http } from '../../lib/http.ts';
import { listEndpoints } from '../../components/list-endpoints.ts';

/** Page (admin-area §3). */
export interface Page { id: number; title: string; content: string }
export interface PageForm { title: string; content: string }

/** GET page with the list contract's optional q / sort / dir / per_page; bulk-delete; export. */
export const pages = listEndpoints<Page>('page', 'pages');
export const PAGE_LIST = { sortable: ['id', 'title'] } as const;
export const getPage = async (id: number) => (await http.get<Page>(`page/${id}`)).data;
export const createPage = (f: PageForm) => http.post('page', { title: f.title, content: f.content });
export const updatePage = (id: number, f: PageForm) => http.put(`page/${id}`, { title: f.title, content: f.content });
export const deletePage = (id: number) => http.del(`page/${id}`);
