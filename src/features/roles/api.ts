import { http } from '../../lib/http.ts';
import { listEndpoints } from '../../components/list-endpoints.ts';

/** Role (admin-area §3) with its permissions and the roles it may manage (accessroles); Named: an id and a name (the wire contract's). */
export type { Named, Role } from '../../common/contract/schemas.ts';
import type { Named, Role, RoleInput } from '../../common/contract/schemas.ts';
/** The Add / Edit Role form: ids of the checked permissions, access roles and admin menus (Screens); whether members must use two-step sign-in. */
export interface RoleForm {
  name: string;
  permissions: number[];
  roles: number[];
  menus: number[];
  requireTwoStep: boolean;
}
/** An admin menu (status 1 = Active); `grantable`: whether the signed-in user may give it (GET role/menus). */
export type { MenuChoice } from '../../common/contract/admin.ts';
import type { MenuChoice } from '../../common/contract/admin.ts';

/** GET role with the list contract's optional q / sort / dir / per_page; bulk-delete; export. */
export const roles = listEndpoints<Role>('role', 'roles');
/** Sortable columns and filters this list may put in the address (list wire contract). */
export const ROLE_LIST = { sortable: ['id', 'name'] } as const;
/** Every role (no page): the "Role can access to" checklist. */
export const allRoles = async () => (await http.get<Role[]>('role')).data;
/** Every permission (no page): the Permissions checklist. */
export const allPermissions = async () => (await http.get<Named[]>('permission')).data;
/** GET role/{id} (admin-area §7): resolves to the envelope's data (Role); rejects with HttpError. */
export const getRole = async (id: number) => (await http.get<Role>(`role/${id}`)).data;

/** GET role/{id}/menus: the role's admin menus (status 1 = Active), for the Screens checklist and summary. */
export const getRoleMenus = async (id: number) => (await http.get<MenuChoice[]>(`role/${id}/menus`)).data;
/** GET role/menus: every admin menu with whether the caller may give it: the Screens checklist. */
export const allMenus = async () => (await http.get<MenuChoice[]>('role/menus')).data;

// The payload carries both lists as JSON-encoded id lists (admin-area §3).
const body = (f: RoleForm) =>
  ({
    name: f.name,
    permissions: JSON.stringify(f.permissions),
    roles: JSON.stringify(f.roles),
    menus: JSON.stringify(f.menus),
    require_two_step: f.requireTwoStep ? '1' : '0',
  }) satisfies RoleInput;
/** POST role (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const createRole = (f: RoleForm) => http.post('role', body(f));
/** PUT role/{id} (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const updateRole = (id: number, f: RoleForm) => http.put(`role/${id}`, body(f));
/** DELETE role/{id} (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const deleteRole = (id: number) => http.del(`role/${id}`);
