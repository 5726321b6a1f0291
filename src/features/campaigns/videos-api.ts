import { listEndpoints } from '../../components/list-endpoints.ts';
import { http } from '../../lib/http.ts';
import type { BodyOf, ParticipantVideo, VideoCounts } from '../../common/contract/organiser.ts';

/**
 * A video campaign's participant videos (status 1 pending, 2 live, 3 rejected, 4 accepted) and
 * their counts per status, declared in the wire contract: the calls of the campaign's Uploads tab
 * (video-uploads.tsx, a chunk of its own).
 */
export type { ParticipantVideo, VideoCounts } from '../../common/contract/organiser.ts';

/** Videos list 5 a page, as conference users do (organiser-console §9). */
export const PAGE_COUNT = 5;
/** GET getAllParticipantVideos of one status tab (search participant name), bulk-status (3 reject, 4 accept), export (organiser-console §7). */
export const videos = (campaignId: number, status: number) =>
  listEndpoints<ParticipantVideo>('getAllParticipantVideos', 'videos', { pageCount: PAGE_COUNT, campaign_id: campaignId, status });
/** Sortable columns of the videos list. */
export const VIDEO_LIST = { sortable: ['id', 'name', 'age', 'district', 'school_name'] } as const;
/** GET getAllParticipantVideos/counts?campaign_id=: how many videos each Uploads sub-tab holds; rejects with HttpError. */
export const getVideoCounts = async (campaignId: number) => (await http.get<VideoCounts>(`getAllParticipantVideos/counts?campaign_id=${campaignId}`)).data;
/** GET participantVideo/{id}: one video (a dashboard link opens its preview); rejects with HttpError (404 when gone). */
export const getVideo = async (id: number) => (await http.get<ParticipantVideo>(`participantVideo/${id}`)).data;
/** POST updateParticipantVideo (organiser-console §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const updateVideo = (id: number, status: 3 | 4) =>
  http.post('updateParticipantVideo', { id, status } satisfies BodyOf<'POST /api/updateParticipantVideo'>);
