import { http } from '../../lib/http.ts';
import type { BodyOf, Closure, Closures, WorkingDays } from '../../common/contract/organiser.ts';

/** Working days (organiser-console §2, §7 resource holiday): day ids 1 Sunday .. 7 Saturday. */
export const getWorkingDays = async (companyId: string) => (await http.get<WorkingDays>(`holiday/${companyId}`)).data.companydays ?? [];
/** Saves the checked days as a JSON array of ids with the company id. */
export const saveWorkingDays = (companyId: string, days: number[]) =>
  http.put('holiday', { company_id: companyId, days: JSON.stringify([...days].sort((a, b) => a - b)) } satisfies BodyOf<'PUT /api/holiday'>);

/** Closed dates (an extension, docs/extensions.md): an organiser's dates with no bookings, earliest first. */
export const getClosures = async (companyId: string) => (await http.get<Closures>(`closures/${companyId}`)).data.closures;
/** Closes `date` (YYYY-MM-DD) with an optional note; 422 under `date` when it is already closed. */
export const addClosure = (companyId: string, date: string, note: string) =>
  http.post<Closure>('closures', { company_id: companyId, date, note } satisfies BodyOf<'POST /api/closures'>);
/** Opens a closed date again. */
export const removeClosure = (id: number) => http.del(`closures/${id}`);
