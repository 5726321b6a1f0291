import { http } from '../../lib/http.ts';
import type { BodyOf, WorkingDays } from '../../common/contract/organiser.ts';

/** Working days (organiser-console §2, §7 resource holiday): day ids 1 Sunday .. 7 Saturday. */
export const getWorkingDays = async (companyId: string) =>
  (await http.get<WorkingDays>(`holiday/${companyId}`)).data.companydays ?? [];
/** Saves the checked days as a JSON array of ids with the company id. */
export const saveWorkingDays = (companyId: string, days: number[]) =>
  http.put('holiday', { company_id: companyId, days: JSON.stringify([...days].sort((a, b) => a - b)) } satisfies BodyOf<'PUT /api/holiday'>);
