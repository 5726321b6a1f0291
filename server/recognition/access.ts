import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context.ts';
import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { forbidden } from '../http/http-error.ts';
import { mayOpen } from '../http/middleware/auth.ts';
import { inScope } from '../http/middleware/scope.ts';
import { RECOGNITION_EVENT_COLUMNS, type RecognitionEvent } from '../db/queries/recognition.ts';

/**
 * Who may call the photo-recognition API through the server (DESIGN.md §3–§4): an organiser's
 * users (role company) and anyone who may open the Organizers screen (admins). Others get 403.
 * Run after requireUser.
 */
export const requireRecognitionUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  if (!user.isCompany && !(await mayOpen(c.get('sql'), user, 'organizers'))) throw forbidden('You are not allowed to do this.');
  await next();
};

/** The organiser a new recognition event belongs to: a company user's own; NULL for an admin. */
export const ownerOf = (user: AuthUser): number | null => (user.isCompany ? user.companyId : null);

/**
 * The recognition event `id` names, after the organiser check (http/middleware/scope.ts inScope on
 * `recognition_events`): 404 when there is none, 403 when a company user's organiser did not
 * create it. Admins (and Organizers-screen roles) reach every event.
 */
export async function recognitionEventInScope(sql: Sql, user: AuthUser, id: number): Promise<RecognitionEvent> {
  const { tenant_owner: _, ...row } = await inScope<RecognitionEvent>(sql, user, 'recognition_events', id, RECOGNITION_EVENT_COLUMNS);
  return row;
}
