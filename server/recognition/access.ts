import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { forbidden, notFound } from '../http-error.ts';
import { mayOpen } from '../middleware/auth.ts';
import { getRecognitionEvent, type RecognitionEvent } from '../db/queries/recognition.ts';

/**
 * Who may call the photo-recognition API through the server (DESIGN.md §3–§4): an organiser's
 * users (role company) and anyone who may open the Organizers screen (admins). Others get 403.
 * Run after requireUser.
 */
export const requireRecognitionUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.user;
  if (!user.isCompany && !(await mayOpen(c.var.sql, user, 'organizers'))) throw forbidden('You are not allowed to do this.');
  await next();
};

/** The organiser a new recognition event belongs to: a company user's own; NULL for an admin. */
export const ownerOf = (user: AuthUser): number | null => (user.isCompany ? user.companyId : null);

/**
 * The recognition event `id` names, after the organiser check: 404 when there is none (or the
 * id is not a positive integer), 403 when a company user's organiser did not create it. Admins
 * (and Organizers-screen roles) reach every event.
 */
export async function recognitionEventInScope(sql: Sql, user: AuthUser, id: number): Promise<RecognitionEvent> {
  const row = Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? await getRecognitionEvent(sql, id) : undefined;
  if (!row) throw notFound('Event');
  if (user.isCompany && (row.company_id === null || Number(row.company_id) !== user.companyId)) {
    throw forbidden('This photo-recognition event is not yours.');
  }
  return row;
}
