import { http } from '../../lib/http.ts';
import { listEndpoints } from '../../components/list-endpoints.ts';

/** Page (admin-area §3), as the wire contract declares it. */
export type { Page } from '../../common/contract/schemas.ts';
import type { Page, PageInput } from '../../common/contract/schemas.ts';
/** The page form as sent. */
export interface PageForm { title: string; content: string }

/** GET page with the list contract's optional q / sort / dir / per_page; bulk-delete; export. */
export const pages = listEndpoints<Page>('page', 'pages');
/** Sortable columns and filters this list may put in the address (list wire contract). */
export const PAGE_LIST = { sortable: ['id', 'title'] } as const;
/** GET page/{id} (admin-area §7): resolves to the envelope's data (Page); rejects with HttpError. */
export const getPage = async (id: number) => (await http.get<Page>(`page/${id}`)).data;
/** POST page (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const createPage = (f: PageForm) => http.post('page', { title: f.title, content: f.content } satisfies PageInput);
/** PUT page/{id} (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const updatePage = (id: number, f: PageForm) => http.put(`page/${id}`, { title: f.title, content: f.content } satisfies PageInput);
/** DELETE page/{id} (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const deletePage = (id: number) => http.del(`page/${id}`);
