import { http, qs } from '../../lib/http.ts';
import type { Paginator } from '../../lib/types.ts';

/** Permission (admin-area §3). */
export interface Permission { id: number; name: string }

/** GET permission?page= (admin-area §7): resolves to the envelope's data (Paginator<Permission>); rejects with HttpError. */
export const listPermissions = async (page: number) => (await http.get<Paginator<Permission>>(`permission${qs({ page })}`)).data;
/** GET permission/{id} (admin-area §7): resolves to the envelope's data (Permission); rejects with HttpError. */
export const getPermission = async (id: number) => (await http.get<Permission>(`permission/${id}`)).data;
/** POST permission (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const createPermission = (name: string) => http.post('permission', { name });
/** PUT permission/{id} (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const updatePermission = (id: number, name: string) => http.put(`permission/${id}`, { name });
/** DELETE permission/{id} (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const deletePermission = (id: number) => http.del(`permission/${id}`);
