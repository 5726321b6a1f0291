import { z } from 'zod';
import { Id } from './base.ts';
import { API_MESSAGE_CODES } from '../i18n/api-message-codes.ts';

/**
 * The import jobs' part of the wire contract (DESIGN.md §4): the job as its calls answer it, the
 * caller's latest one, the kind query and the undo preview. ./admin.ts re-exports it and names
 * the routes in ADMIN_CONTRACT.
 */

/** What an import brings in: users (Users screen), photos (an event's photo sheet), participants (an event's participants sheet). */
export const ImportJobKind = z.enum(['users', 'photos', 'participants']);
/** Where a job stands: queued → running → done | failed. */
export const ImportJobStatus = z.enum(['queued', 'running', 'done', 'failed']);

/**
 * An import job as `GET import-job/{id}` answers it (DESIGN.md §4; the console's figures in
 * common/import-job.ts): state queued → running → done | failed; rows total/checked/written
 * (written inside the job's one transaction); passwords total/hashed (user imports only);
 * `message` the success text or the reason ('' before), in the caller's language, with its code
 * `message_code` when it has one; times in ms since 1970.
 */
export const ImportJob = z.object({
  id: Id,
  kind: ImportJobKind,
  state: ImportJobStatus,
  rows_total: z.number().int(),
  rows_checked: z.number().int(),
  rows_written: z.number().int(),
  passwords_total: z.number().int(),
  passwords_hashed: z.number().int(),
  message: z.string(),
  /** The stable code of `message` (src/common/i18n/api-message-codes.ts API_MESSAGE_CODES), when it has one; the text follows the caller's language. */
  message_code: z.enum(API_MESSAGE_CODES).optional(),
  created_at: z.number(),
  finished_at: z.number().nullable(),
});
export type ImportJob = z.infer<typeof ImportJob>;
/**
 * The caller's latest import of a kind, for the notice above its list (GET import-job/recent):
 * the ImportJob, when it was undone (ms, or null) and by whom (the name the undo's activity
 * entry carries, '' when that entry is gone; null while not undone).
 */
export const RecentImport = ImportJob.extend({ undone_at: z.number().nullable(), undone_by: z.string().nullable() });
export type RecentImport = z.infer<typeof RecentImport>;
/** GET import-job/current: `kind` users | photos | participants. */
export const ImportJobKindQuery = z.object({ kind: ImportJobKind });
/**
 * What undoing an import would do (`GET import-job/{id}/undo`): how many rows it
 * removes, when it was undone (ms) if it was, and the rows changed or used since that block it
 * (the first 20 of `blocked_total`; each with its id, what names it and why).
 */
export const UndoPreview = z.object({
  job_id: Id,
  kind: ImportJobKind,
  count: z.number().int(),
  undone_at: z.number().nullable(),
  blocked: z.array(z.object({ id: Id, label: z.string(), reason: z.string() })),
  blocked_total: z.number().int(),
});
export type UndoPreview = z.infer<typeof UndoPreview>;
