import { listEndpoints } from '../../components/list-endpoints.ts';
import { http } from '../../lib/http.ts';
import type { BodyOf, ConferenceUser } from '../../common/contract/organiser.ts';

/**
 * A conference campaign's users (type 'attende' or 'speaker'), declared in the wire contract: the
 * calls of the campaign's Users tab (conference-users.tsx, a chunk of its own).
 */
export type { ConferenceUser } from '../../common/contract/organiser.ts';

/** Conference users list 5 a page (organiser-console §9), as the videos do. */
const PAGE_COUNT = 5;
/** GET getAllConferenceUSers (search participant name), export (organiser-console §7). */
export const conferenceUsers = (campaignId: number) =>
  listEndpoints<ConferenceUser>('getAllConferenceUSers', 'conference-users', { pageCount: PAGE_COUNT, campaign_id: campaignId, type: 2 });
/** Sortable columns of the conference users list. */
export const CONFERENCE_USER_LIST = { sortable: ['id', 'name', 'email', 'type'] } as const;
/** POST updateParticipantType (organiser-console §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const makeSpeaker = (campaignId: number, userId: number) =>
  http.post('updateParticipantType', { campaign_id: campaignId, user_id: userId } satisfies BodyOf<'POST /api/updateParticipantType'>);
