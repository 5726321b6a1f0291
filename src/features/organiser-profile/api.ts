import { http } from '../../lib/http.ts';

/** The organiser as GET organiser/{id} answers it (organiser-console §3; description from companydetails). */
export interface Organiser { id: number; name: string; email: string; phone: string; status: number; description: string; storage?: Storage }
/** What the organiser's templates, logos and recognition events take, and its quota, in bytes (issue 17). */
export interface Storage { used: number; limit: number }
/** The profile form; password blank keeps it. */
export interface ProfileForm { name: string; email: string; phone: string; password: string; description: string }

/** GET organiser/{id} (organiser-console §7): resolves to the envelope's data (Organiser); rejects with HttpError. */
export const getOrganiser = async (id: string) => (await http.get<Organiser>(`organiser/${id}`)).data;
/** PUT organiser/{id}: name, phone, description, and the password only when not empty (organiser-console §2). */
export const updateOrganiser = (id: string, f: ProfileForm) =>
  http.put(`organiser/${id}`, { name: f.name.trim(), phone: f.phone.trim(), description: f.description, password: f.password || undefined });
