import { http, qs } from '../../lib/http.ts';
import type { Paginator } from '../../lib/types.ts';
import type { Event } from '../../common/contract/schemas.ts';
import type { ReportRecipientChoice, ReportSchedule, ReportScheduleInput, ReportScheduleStatusInput } from '../../common/contract/reports.ts';

/**
 * The calls of the Reports screen (docs/reports.md "The API"): the caller's report schedules (an
 * organiser's, or the platform's for an administrator), who may receive them, and the
 * organiser's events a report may be about.
 *
 * - listSchedules()                GET report-schedules -> every schedule of the caller's owner
 * - recipientChoices()             GET report-schedules/recipients -> the users a report may go to
 * - createSchedule(input)          POST report-schedules -> the schedule; 422 by field
 * - updateSchedule(id, input)      PUT report-schedules/{id} -> the schedule (active again)
 * - setStatus(id, status)          PUT report-schedules/{id}/status -> the schedule, paused or active
 * - deleteSchedule(id)             DELETE report-schedules/{id}
 * - organiserEvents(companyId)     GET event?organizer_id= -> the organiser's newest 100 events (id, title)
 */
export const listSchedules = async () => (await http.get<ReportSchedule[]>('report-schedules')).data;
export const recipientChoices = async () => (await http.get<ReportRecipientChoice[]>('report-schedules/recipients')).data;
export const createSchedule = (input: ReportScheduleInput) => http.post<ReportSchedule>('report-schedules', input);
export const updateSchedule = (id: number, input: ReportScheduleInput) => http.put<ReportSchedule>(`report-schedules/${id}`, input);
export const setStatus = (id: number, status: ReportScheduleStatusInput['status']) =>
  http.put<ReportSchedule>(`report-schedules/${id}/status`, { status } satisfies ReportScheduleStatusInput);
export const deleteSchedule = (id: number) => http.del(`report-schedules/${id}`);
export const organiserEvents = async (companyId: number) =>
  (await http.get<Paginator<Event>>(`event${qs({ organizer_id: companyId, per_page: 100, sort: 'start_date', dir: 'desc' })}`)).data.data.map((e) => ({
    id: e.id,
    title: e.title,
  }));
