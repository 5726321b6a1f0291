import { z } from 'zod';
import { Id, requiredText } from './base.ts';
import { REPORT_FREQUENCIES } from '../report-schedule.ts';

/**
 * Reports on schedule's part of the wire contract (docs/reports.md "Reports on schedule",
 * §6): the bodies of `/api/report-schedules` and what it answers. REPORTS_CONTRACT is spread into
 * CONTRACT (./schemas.ts). A schedule belongs to the caller's organiser (or to the platform for an
 * administrator); nobody reaches another owner's schedules (404).
 */

// The kinds and bounds live with the schedule rules (no zod), where the console reads them too.
import { REPORT_KINDS, REPORT_NAME_MAX, REPORT_RECIPIENTS_MAX } from '../report-schedule.ts';
export { REPORT_KINDS, REPORT_NAME_MAX, REPORT_RECIPIENTS_MAX, REPORT_SCHEDULES_MAX, type ReportKind } from '../report-schedule.ts';

/** A list of user ids as JSON sends it, or comma-separated text as a form does. */
const idList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(Number)
      : v,
  z
    .array(
      z.coerce
        .number()
        .int()
        .min(1)
        .max(2 ** 31 - 1),
    )
    .max(REPORT_RECIPIENTS_MAX),
);
const small = z.union([z.number(), z.string().max(4)]).optional();

/** POST report-schedules (PUT: the same fields, all given again): name, kind, event_id (kind event), the cadence, recipients (user ids). */
export const ReportScheduleInput = z.object({
  name: requiredText(REPORT_NAME_MAX),
  kind: z.enum(REPORT_KINDS),
  event_id: small,
  frequency: z.enum(REPORT_FREQUENCIES),
  time: z.string().max(5),
  time_zone: z.string().max(64),
  weekday: small,
  month_day: small,
  recipients: idList,
});
export type ReportScheduleInput = z.input<typeof ReportScheduleInput>;

/** PUT report-schedules/{id}/status: pause an active schedule, or make a paused or stopped one active again. */
export const ReportScheduleStatusInput = z.object({ status: z.enum(['active', 'paused']) });
export type ReportScheduleStatusInput = z.input<typeof ReportScheduleStatusInput>;

/** One recipient as a schedule lists it. */
export const ReportRecipient = z.object({ id: Id, name: z.string(), email: z.string(), unsubscribed: z.boolean() });
/**
 * One schedule; `status` paused by its organiser, or stopped (with `stopped_reason`) once its
 * owner lost access; `next_due_at` ms since 1970, null unless active.
 */
export const ReportSchedule = z.object({
  id: Id,
  company_id: Id.nullable(),
  owner_id: Id,
  name: z.string(),
  kind: z.enum(REPORT_KINDS),
  event_id: Id.nullable(),
  frequency: z.enum(REPORT_FREQUENCIES),
  time: z.string(),
  time_zone: z.string(),
  weekday: z.number().int().nullable(),
  month_day: z.number().int().nullable(),
  status: z.enum(['active', 'paused', 'stopped']),
  stopped_reason: z.string(),
  recipients: z.array(ReportRecipient),
  last_due_at: z.number().nullable(),
  next_due_at: z.number().nullable(),
  created_at: z.number(),
});
export type ReportSchedule = z.infer<typeof ReportSchedule>;
/** A user a schedule may go to. */
export const ReportRecipientChoice = z.object({ id: Id, name: z.string(), email: z.string() });
export type ReportRecipientChoice = z.infer<typeof ReportRecipientChoice>;

/** The routes of report schedules, keyed as CONTRACT is. */
export const REPORTS_CONTRACT = {
  'GET /api/report-schedules': {
    summary: "The caller's report schedules (its organiser's, or the platform's for an administrator)",
    data: z.array(ReportSchedule),
  },
  'GET /api/report-schedules/recipients': { summary: 'The users a report may go to: the organiser’s users, or staff', data: z.array(ReportRecipientChoice) },
  'POST /api/report-schedules': { summary: 'Schedule a report', body: ReportScheduleInput, data: ReportSchedule },
  'GET /api/report-schedules/{id}': { summary: 'One report schedule', data: ReportSchedule },
  'PUT /api/report-schedules/{id}': {
    summary: 'Change a report schedule (the caller its owner; a stopped one active again, a paused one stays paused; no e-mail for due times before the save)',
    body: ReportScheduleInput,
    data: ReportSchedule,
  },
  'PUT /api/report-schedules/{id}/status': {
    summary: 'Pause a report schedule, or make it active again (the caller its owner; due times that passed meanwhile are not sent)',
    body: ReportScheduleStatusInput,
    data: ReportSchedule,
  },
  'DELETE /api/report-schedules/{id}': { summary: 'Delete a report schedule', data: z.null() },
  'GET /api/reports/unsubscribe': {
    summary: "A report e-mail's unsubscribe link (?token=, no sign-in): a short HTML page in the recipient's language; 404 for a token that is not valid",
    bytes: ['text/html'],
  },
};
