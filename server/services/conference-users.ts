import type { Sql } from '../db/sql.ts';
import { ApiError, notFound } from '../http-error.ts';
import * as q from '../db/queries/conference-users.ts';
import type { ConferenceUser } from '../../src/common/contract/organiser.ts';

/**
 * What the conference-user calls do (organiser-console §2 "Users" tab, §4): the list and making
 * an attendee ('attende') a speaker; one who already is answers 409. routes/conference-users.ts
 * checks who asks (the campaign's organiser) and reads the input (common/contract/organiser.ts).
 */

/** The list whose sort and search the conference-user list and export accept. */
export const CONFERENCE_USER_LIST = q.CONFERENCE_USER_LIST;
/** A campaign's conference users, as a list scope. */
export const conferenceScope = q.conferenceScope;
/** One page of a campaign's conference users. */
export const listConferenceUsers = q.listConferenceUsers;

/** Makes user `userId` of campaign `campaignId` a speaker in one transaction; 404 when not one of its users, 409 when already a speaker. Resolves to the user after. */
export async function makeSpeaker(sql: Sql, campaignId: number, userId: number): Promise<ConferenceUser> {
  const user = await q.getConferenceUser(sql, campaignId, userId);
  if (!user) throw notFound('Conference user');
  if (user.type !== q.ATTENDEE) throw new ApiError(409, 'This user is already a speaker.');
  await sql.transaction((tx) => q.makeSpeaker(tx, campaignId, user.user_id));
  return { ...user, type: q.SPEAKER };
}
