import { http } from '../../lib/http.ts';
import { listEndpoints } from '../../components/list-endpoints.ts';

/** Admin menu item (admin-area §3): status 0 inactive, 1 active, 2 placeholder (the wire contract's). */
export type { Menu } from '../../common/contract/schemas.ts';
import type { Menu, MenuInput } from '../../common/contract/schemas.ts';
/** Add / Edit Menu form: status as the select's value, the checked role ids. */
export interface MenuForm {
  title: string;
  url: string;
  status: string;
  roles: number[];
}

/** GET adminmenu with the list contract's optional q / sort / dir / per_page / status; bulk-delete; export. */
export const menus = listEndpoints<Menu>('adminmenu', 'menus');
/** Sortable columns and filters this list may put in the address (list wire contract). */
export const MENU_LIST = { sortable: ['id', 'title', 'status'], filters: ['status'] } as const;
/** GET adminmenu/{id} (admin-area §7): resolves to the envelope's data (Menu); rejects with HttpError. */
export const getMenu = async (id: number) => (await http.get<Menu>(`adminmenu/${id}`)).data;
/** Every role (no page): one checkbox each. */
export const allRoles = async () => (await http.get<{ id: number; name: string }[]>('role')).data;

const body = (f: MenuForm) => ({ title: f.title, url: f.url, status: f.status, roles: JSON.stringify(f.roles) }) satisfies MenuInput;
/** POST adminmenu (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const createMenu = (f: MenuForm) => http.post('adminmenu', body(f));
/** PUT adminmenu/{id} (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const updateMenu = (id: number, f: MenuForm) => http.put(`adminmenu/${id}`, body(f));
/** DELETE adminmenu/{id} (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const deleteMenu = (id: number) => http.del(`adminmenu/${id}`);
