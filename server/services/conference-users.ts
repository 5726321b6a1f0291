import type { Sql } from '../db/sql.ts';
import { Conflict, NotFound } from '../runtime/domain-errors.ts';
import * as q from '../db/queries/conference-users.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
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
export async function makeSpeaker(sql: Sql, who: Who, campaign: { id: number; company_id: number }, userId: number): Promise<ConferenceUser> {
  const campaignId = campaign.id;
  const user = await q.getConferenceUser(sql, campaignId, userId);
  if (!user) throw new NotFound('Conference user');
  if (user.type !== q.ATTENDEE) throw new Conflict('This user is already a speaker.');
  await sql.transaction(async (tx) => {
    if (!(await q.makeSpeaker(tx, campaignId, user.user_id))) return;
    await recordActivity(tx, who, {
      resource: 'conference_users',
      action: 'update',
      id: user.user_id,
      label: user.name,
      organiserId: campaign.company_id,
      changes: { type: { from: user.type, to: q.SPEAKER } },
    });
  });
  return { ...user, type: q.SPEAKER };
}
