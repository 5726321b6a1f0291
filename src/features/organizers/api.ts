import { http, qs } from '../../lib/http.ts';
import type { Paginator } from '../../lib/types.ts';

/** Organiser / company (admin-area §3); status 1 active, 0 inactive, 2 not chosen. */
export interface Organizer { id: number; name: string; email: string; phone: string; status: number; description: string; user_id: number | null }
export interface OrganizerForm { name: string; email: string; phone: string; password: string; description: string; status: string }

export const listOrganizers = async (page: number) => (await http.get<Paginator<Organizer>>(`organiser${qs({ page })}`)).data;
export const createOrganizer = (f: OrganizerForm) => http.post('organiser', { ...f });
export const getOrganizer = async (id: number) => (await http.get<Organizer>(`organiser/${id}`)).data;
/** PUT organiser/{id} (admin-area §7): name, phone, description, status; the password only when not empty. */
export const updateOrganizer = (id: number, f: OrganizerForm) =>
  http.put(`organiser/${id}`, { name: f.name, phone: f.phone, description: f.description, status: f.status, ...(f.password.trim() ? { password: f.password } : {}) });
/** Update-style delete (admin-area §7 organiser/deleteOrganizer). */
export const deleteOrganizer = (id: number) => http.post('organiser/deleteOrganizer', { organizer_id: id });
