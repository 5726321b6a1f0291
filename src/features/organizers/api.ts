import { http } from '../../lib/http.ts';
import { listEndpoints } from '../../components/list-endpoints.ts';

/** Organiser / company (admin-area §3); status 1 active, 0 inactive, 2 not chosen. */
export interface Organizer { id: number; name: string; email: string; phone: string; status: number; description: string; user_id: number | null }
export interface OrganizerForm { name: string; email: string; phone: string; password: string; description: string; status: string }

/** GET organiser (search name or email, filter status 1|0), bulk-delete, export (list wire contract). */
export const organizers = listEndpoints<Organizer>('organiser', 'organisers');
export const ORGANIZER_LIST = { sortable: ['id', 'name', 'email', 'phone', 'status'], filters: ['status'] } as const;
export const createOrganizer = (f: OrganizerForm) => http.post('organiser', { ...f });
/** Update-style delete (admin-area §7 organiser/deleteOrganizer). */
export const deleteOrganizer = (id: number) => http.post('organiser/deleteOrganizer', { organizer_id: id });
