import { http } from '../../lib/http.ts';
import type { OrganiserDetail } from '../../common/contract/schemas.ts';

export type Storage = OrganiserDetail['storage'];
/** The profile form; password blank keeps it. */
export interface ProfileForm {
  name: string;
  email: string;
  phone: string;
  password: string;
  description: string;
}

/** GET organiser/{id} (organiser-console §7): resolves to the envelope's data (Organiser); rejects with HttpError. */
export const getOrganiser = async (id: string) => (await http.get<OrganiserDetail>(`organiser/${id}`)).data;
/** PUT organiser/{id}: name, phone, description, and the password only when not empty (organiser-console §2). */
export const updateOrganiser = (id: string, f: ProfileForm) =>
  http.put(`organiser/${id}`, { name: f.name.trim(), phone: f.phone.trim(), description: f.description, password: f.password || undefined });
