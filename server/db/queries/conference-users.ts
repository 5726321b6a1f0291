import type { Sql } from '../sql.ts';
import { type ListQuery, type ListSpec } from '../list-query.ts';
import { listPage } from '../list-page.ts';
import type { ConferenceUser } from '../../../src/common/contract/organiser.ts';
import { ownedScope } from '../tenancy.ts';

/** Conference user (organiser-console §3): type is 'attende' (the spec's spelling) or 'speaker'. */
export type { ConferenceUser };

/** Conference user types as stored; "attende" is the spec's own value (organiser-console §2). */
export const ATTENDEE = 'attende';
export const SPEAKER = 'speaker';

/** A conference campaign's users (organiser-console §2 "Users" tab): search participant name, sort. */
export const CONFERENCE_USER_LIST: ListSpec = {
  from: 'conference_users',
  idCol: 'id',
  columns: 'id, name, email, type, campaign_id, user_id',
  search: ['name'],
  sort: { id: 'id', name: 'lower(name)', email: 'lower(email)', type: 'type' },
  defaultOrder: 'id',
  csv: [
    ['id', 'id'],
    ['name', 'name'],
    ['email', 'email'],
    ['type', 'type'],
  ],
};
/** The list Scope of one campaign's conference users (`campaign_id = ?`). */
export const conferenceScope = (campaignId: number) => ownedScope('conference_users', campaignId);

/** One page of a campaign's conference users, oldest first unless sorted. */
export const listConferenceUsers = (sql: Sql, campaignId: number, page: number, lq: ListQuery, perPage: number) =>
  listPage<ConferenceUser>(sql, CONFERENCE_USER_LIST, lq, conferenceScope(campaignId), page, perPage);

/** The conference user `userId` of a campaign, or undefined. */
export const getConferenceUser = (sql: Sql, campaignId: number, userId: number) =>
  sql.get<ConferenceUser>('SELECT id, name, email, type, campaign_id, user_id FROM conference_users WHERE campaign_id = ? AND user_id = ?', [
    campaignId,
    userId,
  ]);

/** Attendee -> speaker; the reverse is not offered (organiser-console §4). Resolves to rows changed. */
export const makeSpeaker = (sql: Sql, campaignId: number, userId: number) =>
  sql.run('UPDATE conference_users SET type = ? WHERE campaign_id = ? AND user_id = ? AND type = ?', [SPEAKER, campaignId, userId, ATTENDEE]);

/** Adds a conference user (nothing when the campaign already has that user); resolves to the rows added, 1 or 0. */
export const insertConferenceUser = (sql: Sql, u: Omit<ConferenceUser, 'id'>) =>
  sql.run('INSERT INTO conference_users (campaign_id, user_id, name, email, type) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', [
    u.campaign_id,
    u.user_id,
    u.name,
    u.email,
    u.type,
  ]);
