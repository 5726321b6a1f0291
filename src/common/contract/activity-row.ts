import { z } from 'zod';
import { Id } from './base.ts';
import { ImportJobKind, ImportJobStatus } from './import-jobs.ts';
import { ACTIVITY_ACTIONS, ACTIVITY_RESOURCES } from './rules.ts';

/** One row of GET activity (the Activity screen, a record's history), as the wire contract declares it. */

const keysOf = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];
/**
 * One activity row: who (actor), what (`action` on a `resource`, the record's id and
 * its label at the time), `changes` JSON text of field -> change ('' for none), `at` ms since 1970.
 */
export const ActivityRow = z.object({
  id: Id,
  at: z.number(),
  actor_id: Id.nullable(),
  actor_name: z.string(),
  actor_role: z.string(),
  organizer_id: Id.nullable(),
  action: z.enum(keysOf(ACTIVITY_ACTIONS)),
  resource: z.enum(keysOf(ACTIVITY_RESOURCES)),
  resource_id: z.number().int().nullable(),
  label: z.string(),
  changes: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  /**
   * The record the entry names, as it is now (common/activity.ts recordHref turns it into a link):
   * null when the entry names no record the consoles can open (sign-ins, settings, imports, …);
   * `exists: false` when it was deleted since; else where it lives: `search` (its current name or
   * e-mail, for the list it is in), `organizer_id` and `event_id` (for the organiser console).
   */
  record: z.object({ exists: z.boolean(), search: z.string().optional(), organizer_id: Id.optional(), event_id: Id.optional() }).nullable(),
  /**
   * An import's entry (resource `imports`): its job's `kind` and end state now (queued, running,
   * done with `rows_written` rows, failed), and when it was undone (`undone_at`, ms) and by whom
   * (`undone_by`, the name the undo's entry carries); null for every other entry.
   */
  import_job: z
    .object({ kind: ImportJobKind, state: ImportJobStatus, rows_written: z.number().int(), undone_at: z.number().nullable(), undone_by: z.string().nullable() })
    .nullable(),
});
export type ActivityRow = z.infer<typeof ActivityRow>;
