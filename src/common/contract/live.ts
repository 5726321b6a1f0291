import { z } from 'zod';
import type { RouteContract } from './base.ts';

/**
 * The change stream's wire (docs/live.md): `GET /api/stream` answers
 * `text/event-stream`; each `change` event's data is a LiveChange, `end`'s a LiveEnd.
 */
export const LiveChange = z.object({
  resource: z.string(),
  id: z.number().int().nullable(),
  action: z.string(),
  version: z.number().int().nullable(),
  by: z.string(),
  /** The organiser the record belongs to (null: the platform's records): a list of one organiser's records counts only its own. */
  organiser: z.number().int().nullable(),
  /** The record's parent row when its table has one (a participant's event, a campaign's event), else null (and once deleted). */
  parent: z.number().int().nullable(),
});
export type LiveChange = z.infer<typeof LiveChange>;

/** Why the server ended a stream: the session ended (do not reconnect), access changed or the process stops (reconnect). */
export const LiveEnd = z.object({ reason: z.enum(['signed-out', 'access-changed', 'stopping']) });
export type LiveEnd = z.infer<typeof LiveEnd>;

/** The stream's route entry of the contract. */
export const LIVE_CONTRACT: Record<string, RouteContract> = {
  'GET /api/stream': {
    summary:
      'Server-Sent Events of what changed in the records the caller may read: event change {resource, id, action, version, by, organiser, parent} with its id, reload, end {reason}; Last-Event-ID replays (docs/live.md)',
    bytes: ['text/event-stream'],
  },
};
