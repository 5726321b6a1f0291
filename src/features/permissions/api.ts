import { http, qs } from '../../lib/http.ts';
import type { Paginator } from '../../lib/types.ts';

/** Permission (admin-area §3). */
export interface Permission { id: number; name: string }

export const listPermissions = async (page: number) => (await http.get<Paginator<Permission>>(`permission${qs({ page })}`)).data;
export const getPermission = async (id: number) => (await http.get<Permission>(`permission/${id}`)).data;
export const createPermission = (name: string) => http.post('permission', { name });
export const updatePermission = (id: number, name: string) => http.put(`permission/${id}`, { name });
export const deletePermission = (id: number) => http.del(`permission/${id}`);
