import type { Sql } from '../sql.ts';
import { type ListQuery, type ListSpec } from '../list-query.ts';
import { listPage } from '../list-page.ts';
import type { ParticipantVideo } from '../../../src/common/contract/organiser.ts';
import { ownedRowCondition, ownedScope } from '../tenancy.ts';

/** Participant video (organiser-console §3); `participant_video_id` repeats `id` as the spec names both. */
export type { ParticipantVideo };

/** Video status codes (organiser-console §4). */
export const VIDEO_STATUS = { pending: 1, live: 2, rejected: 3, accepted: 4 } as const;

/** A campaign's videos in one status (organiser-console §2 "Uploads"): search participant name, sort. */
export const VIDEO_LIST: ListSpec = {
  from: 'participant_videos',
  idCol: 'id',
  columns: 'id, id AS participant_video_id, name, age, district, school_name, dropbox_shareable_link, video_url, status',
  search: ['name'],
  sort: { id: 'id', name: 'lower(name)', age: 'age', district: 'lower(district)', school_name: 'lower(school_name)' },
  defaultOrder: 'id',
  csv: [
    ['id', 'id'],
    ['name', 'name'],
    ['age', 'age'],
    ['district', 'district'],
    ['school_name', 'school_name'],
    ['dropbox_shareable_link', 'dropbox_shareable_link'],
    ['video_url', 'video_url'],
    ['status', 'status'],
  ],
};
/** The list Scope of one campaign's videos in one status (`campaign_id = ? AND status = ?`). */
export const videoScope = (campaignId: number, status: number) =>
  ownedScope('participant_videos', campaignId, { extra: 'participant_videos.status = ?', params: [status] });

/** One page of a campaign's videos in one status, oldest first unless sorted. */
export const listVideos = (sql: Sql, campaignId: number, status: number, page: number, lq: ListQuery, perPage: number) =>
  listPage<ParticipantVideo>(sql, VIDEO_LIST, lq, videoScope(campaignId, status), page, perPage);

/** How many of a campaign's videos are in each status (1 pending, 2 live, 3 rejected, 4 accepted); absent ones count 0. */
export async function videoCounts(sql: Sql, campaignId: number): Promise<Record<1 | 2 | 3 | 4, number>> {
  const rows = await sql.all<{ status: number; n: number }>('SELECT status, COUNT(*) AS n FROM participant_videos WHERE campaign_id = ? GROUP BY status', [
    campaignId,
  ]);
  const out = { 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const r of rows) if (Number(r.status) in out) out[Number(r.status) as 1 | 2 | 3 | 4] = Number(r.n);
  return out;
}

/** One video with its campaign (to check its organiser before showing it), or undefined. */
export const getVideo = (sql: Sql, id: number) =>
  sql.get<ParticipantVideo & { campaign_id: number }>(`SELECT ${VIDEO_LIST.columns}, campaign_id FROM participant_videos WHERE id = ?`, [id]);

/** Updates the video status; resolves to the number of rows changed (0: no such row). */
export const setVideoStatus = (sql: Sql, organiserId: number, id: number, status: number) => {
  const [where, params] = ownedRowCondition('participant_videos', id, organiserId);
  return sql.run(`UPDATE participant_videos SET status = ? WHERE ${where}`, [status, ...params]);
};

/** Inserts a video; resolves to its new id. Call inside a transaction when it is one write among several. */
export async function insertVideo(sql: Sql, v: Omit<ParticipantVideo, 'id' | 'participant_video_id'> & { campaign_id: number }): Promise<number> {
  const row = await sql.get<{ id: number }>(
    `INSERT INTO participant_videos (campaign_id, name, age, district, school_name, dropbox_shareable_link, video_url, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [v.campaign_id, v.name, v.age, v.district, v.school_name, v.dropbox_shareable_link, v.video_url, v.status, Date.now()],
  );
  return row!.id;
}

/**
 * Sets `status` on the videos `ids` inside the caller's transaction, leaving any whose status is
 * `keep` (live videos are not moderated); resolves to the number changed.
 */
export const setVideoStatuses = (tx: Sql, ids: number[], status: number, keep: number) =>
  tx.run(`UPDATE participant_videos SET status = ? WHERE id IN (${ids.map(() => '?').join(',')}) AND status <> ?`, [status, ...ids, keep]);
