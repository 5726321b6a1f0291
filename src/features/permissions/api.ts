import { http } from '../../lib/http.ts';
import { listEndpoints } from '../../components/list-endpoints.ts';

/** Permission (admin-area §3). */
export interface Permission { id: number; name: string }

/** GET permission with the list contract's optional q / sort / dir / per_page; bulk-delete; export. */
export const permissions = listEndpoints<Permission>('permission', 'permissions');
export const PERMISSION_LIST = { sortable: ['id', 'name'] } as const;
export const getPermission = async (id: number) => (await http.get<Permission>(`permission/${id}`)).data;
export const createPermission = (name: string) => http.post('permission', { name });
export const updatePermission = (id: number, name: string) => http.put(`permission/${id}`, { name });
export const deletePermission = (id: number) => http.del(`permission/${id}`);
