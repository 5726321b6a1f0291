import { http } from '../../lib/http.ts';
import { listEndpoints } from '../../components/list-endpoints.ts';

/** Permission (admin-area §3), as the wire contract declares it. */
export type { Permission } from '../../common/contract/schemas.ts';
import type { Permission, PermissionInput } from '../../common/contract/schemas.ts';

/** GET permission with the list contract's optional q / sort / dir / per_page; bulk-delete; export. */
export const permissions = listEndpoints<Permission>('permission', 'permissions');
/** Sortable columns and filters this list may put in the address (list wire contract). */
export const PERMISSION_LIST = { sortable: ['id', 'name'] } as const;
/** GET permission/{id} (admin-area §7): resolves to the envelope's data (Permission); rejects with HttpError. */
export const getPermission = async (id: number) => (await http.get<Permission>(`permission/${id}`)).data;
/** POST permission (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const createPermission = (name: string) => http.post('permission', { name } satisfies PermissionInput);
/** PUT permission/{id} (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const updatePermission = (id: number, name: string) => http.put(`permission/${id}`, { name } satisfies PermissionInput);
/** DELETE permission/{id} (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const deletePermission = (id: number) => http.del(`permission/${id}`);
