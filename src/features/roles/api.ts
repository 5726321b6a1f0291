import { http, qs } from '../../lib/http.ts';
import type { Paginator } from '../../lib/types.ts';

/** Role (admin-area §3): its permissions and the roles it may access. */
export interface Named { id: number; name: string }
/** A role with its permissions and the roles it may manage (accessroles). */
export interface Role { id: number; name: string; permissions: Named[]; accessroles: Named[] }
/** The Add / Edit Role form: ids of the checked permissions and access roles. */
export interface RoleForm { name: string; permissions: number[]; roles: number[] }

/** GET role?page= (admin-area §7): resolves to the envelope's data (Paginator<Role>); rejects with HttpError. */
export const listRoles = async (page: number) => (await http.get<Paginator<Role>>(`role${qs({ page })}`)).data;
/** Every role (no page): the "Role can access to" checklist. */
export const allRoles = async () => (await http.get<Role[]>('role')).data;
/** Every permission (no page): the Permissions checklist. */
export const allPermissions = async () => (await http.get<Named[]>('permission')).data;
/** GET role/{id} (admin-area §7): resolves to the envelope's data (Role); rejects with HttpError. */
export const getRole = async (id: number) => (await http.get<Role>(`role/${id}`)).data;

// The payload carries both lists as JSON-encoded id lists (admin-area §3).
const body = (f: RoleForm) => ({ name: f.name, permissions: JSON.stringify(f.permissions), roles: JSON.stringify(f.roles) });
/** POST role (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const createRole = (f: RoleForm) => http.post('role', body(f));
/** PUT role/{id} (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const updateRole = (id: number, f: RoleForm) => http.put(`role/${id}`, body(f));
/** DELETE role/{id} (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const deleteRole = (id: number) => http.del(`role/${id}`);
