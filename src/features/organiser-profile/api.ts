import { http } from '../../lib/http.ts';
import type { OrganiserDetail } from '../../common/contract/schemas.ts';

export type Storage = OrganiserDetail['storage'];
/** The profile form; password blank keeps it; time_zone '' is not chosen (the browser's is used, common/time-zone.ts). */
export interface ProfileForm {
  name: string;
  email: string;
  phone: string;
  password: string;
  description: string;
  time_zone: string;
}

/** GET organiser/{id} (organiser-console §7): resolves to the envelope's data (Organiser); rejects with HttpError. */
export const getOrganiser = async (id: string) => (await http.get<OrganiserDetail>(`organiser/${id}`)).data;
/** PUT organiser/{id}: name, phone, description, time zone ('' for not chosen), and the password only when not empty (organiser-console §2). */
export const updateOrganiser = (id: string, f: ProfileForm) =>
  http.put(`organiser/${id}`, {
    name: f.name.trim(),
    phone: f.phone.trim(),
    description: f.description,
    time_zone: f.time_zone,
    password: f.password || undefined,
  });
