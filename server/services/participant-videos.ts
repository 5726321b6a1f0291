import type { Sql } from '../db/sql.ts';
import { Conflict, NotFound } from '../runtime/domain-errors.ts';
import * as q from '../db/queries/participant-videos.ts';
import { bulkAct } from './list-bulk.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { readRecord } from '../lib/activity/activity-records.ts';

/**
 * What the video-moderation calls do (organiser-console §2 "Uploads", §4 video status codes):
 * lists and counts per status, and accepting (4) or rejecting (3) videos — a live video (2) is
 * never moderated (409). routes/participant-videos.ts checks who asks (the campaign's organiser;
 * staff need "Moderate videos") and reads the input (common/contract/organiser.ts).
 */

/** Video status codes: 1 pending, 2 live, 3 rejected, 4 accepted. */
export const VIDEO_STATUS = q.VIDEO_STATUS;
/** The list whose sort and search the video lists, export and bulk status accept. */
export const VIDEO_LIST = q.VIDEO_LIST;
/** A campaign's videos of one status, as a list scope. */
export const videoScope = q.videoScope;
/** One page of a campaign's videos of one status. */
export const listVideos = q.listVideos;
/** How many of a campaign's videos are in each status. */
export const videoCounts = q.videoCounts;
const LIVE_REFUSED = 'A live video cannot be accepted or rejected.';

/** Video `id` with its campaign; 404 "Video not found." when there is none. */
export async function findVideo(sql: Sql, id: number) {
  const found = await q.getVideo(sql, id);
  if (!found) throw new NotFound('Video');
  return found;
}

/** Sets video `video`'s status to 3 or 4 in one transaction; 409 for a live video. */
export async function moderateVideo(sql: Sql, who: Who, video: { id: number; status: number }, companyId: number, status: 3 | 4): Promise<void> {
  if (video.status === q.VIDEO_STATUS.live) throw new Conflict(LIVE_REFUSED);
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'participant_videos', video.id, { lock: true });
    if (!before) throw new NotFound('Video');
    if (!(await q.setVideoStatus(tx, companyId, video.id, status))) throw new NotFound('Video');
    await recordActivity(tx, who, {
      resource: 'videos',
      action: 'status',
      id: video.id,
      label: String(before.name ?? ''),
      organiserId: companyId,
      before,
      after: { ...before, status },
    });
  });
}

/**
 * Sets the selected videos of campaign `campaignId` to `status` (3 or 4) in one transaction.
 * `listed` (the list's status) scopes "all matching" (which skips live videos); named ids need only
 * belong to the campaign, and naming a live one refuses the whole request (409). Resolves to how many changed.
 */
export function moderateVideos(
  sql: Sql,
  who: Who,
  campaign: { id: number; company_id: number },
  input: Record<string, string | undefined>,
  listed: number | null,
  status: 3 | 4,
): Promise<number> {
  const live = q.VIDEO_STATUS.live,
    campaignId = campaign.id;
  const scope = listed === null ? { where: 'campaign_id = ?', params: [campaignId] } : q.videoScope(campaignId, listed);
  return bulkAct(
    sql,
    q.VIDEO_LIST,
    { ...input, status: undefined },
    listed === null ? scope : { where: `${scope.where} AND status <> ?`, params: [...scope.params, live] },
    async (tx, ids) => {
      const changed = await q.setVideoStatuses(tx, ids, status, live);
      if (changed < ids.length) throw new Conflict(LIVE_REFUSED);
      return changed;
    },
    { log: { who, resource: 'videos', status, organiserId: campaign.company_id } },
  );
}
