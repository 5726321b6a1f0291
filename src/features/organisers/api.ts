import { http } from '../../lib/http.ts';
import { listEndpoints } from '../../components/list-endpoints.ts';

/** Organiser / company (admin-area §3), declared in the wire contract; status 1 active, 0 inactive, 2 not chosen; `invited` 1 while its user has not followed its invitation. */
export type { Organiser } from '../../common/contract/schemas.ts';
import type { Organiser } from '../../common/contract/schemas.ts';
import type { AdminBodyOf, OrganiserBody, OrganiserUpdateBody } from '../../common/contract/admin.ts';
/** The Add Organizer form as sent (status '2' until chosen; storage quota in MB, src/common/storage.ts). */
export interface OrganiserForm {
  name: string;
  email: string;
  phone: string;
  password: string;
  description: string;
  status: string;
  storage_quota_mb: string;
}

/** GET organiser (search name or email, filter status 1|0), bulk-delete, export (list wire contract, admin-area §7). */
export const organisers = listEndpoints<Organiser>('organiser', 'organisers');
/** Sortable columns and filters the Organizers list may put in the address. */
export const ORGANISER_LIST = { sortable: ['id', 'name', 'email', 'phone', 'status'], filters: ['status'] } as const;
/** POST organiser (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const createOrganiser = (f: OrganiserForm) => http.post('organiser', { ...f } satisfies OrganiserBody);
/** GET organiser/{id} (admin-area §7): resolves to the organiser; rejects with HttpError. */
export const getOrganiser = async (id: number) => (await http.get<Organiser>(`organiser/${id}`)).data;
/** PUT organiser/{id} (admin-area §7): name, phone, description, status, storage quota (MB); the password only when not empty. */
export const updateOrganiser = (id: number, f: OrganiserForm) =>
  http.put(`organiser/${id}`, {
    name: f.name,
    phone: f.phone,
    description: f.description,
    status: f.status,
    storage_quota_mb: f.storage_quota_mb.trim(),
    ...(f.password.trim() ? { password: f.password } : {}),
  } satisfies OrganiserUpdateBody);
/** Update-style delete (admin-area §7 organiser/deleteOrganizer). */
export const deleteOrganiser = (id: number) =>
  http.post('organiser/deleteOrganizer', { organizer_id: id } satisfies AdminBodyOf<'POST /api/organiser/deleteOrganizer'>);

/** POST organiser/{id}/invite: Resend invitation to the organiser's user (409 once it chose a password; 429 when throttled). */
export const resendInvitation = (id: number) => http.post(`organiser/${id}/invite`);
