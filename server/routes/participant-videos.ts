import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ApiError } from '../http/http-error.ts';
import { ok, pageOf, toId, pageCountOf } from '../http/envelope.ts';
import { body, query } from '../http/input.ts';
import { parseBody } from '../http/validate.ts';
import { requireUserOn } from '../http/middleware/auth.ts';
import { campaignInScope, inScope } from '../http/middleware/scope.ts';
import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import type { ParticipantVideo } from '../../src/common/contract/organiser.ts';
import { readListQuery } from '../db/list-query.ts';
import { scopedExport } from '../http/list-export.ts';
import { listInput } from '../http/list-bulk.ts';
import { CampaignListQuery, VideoBulkStatus, VideoListQuery, VideoModeration } from '../../src/common/contract/organiser.ts';
import * as videos from '../services/participant-videos.ts';
import { logs, whoOf } from '../http/logs.ts';

/** Page size of the video lists (organiser-console §9). */
const PAGE_SIZE = 5;

/**
 * Video moderation (organiser-console §2 "Uploads", §4 video status codes, §7). Bodies, queries
 * and answers: the wire contract (common/contract/organiser.ts); what each call does:
 * services/participant-videos.ts.
 *
 * - GET  getAllParticipantVideos?pageCount=5&campaign_id=&status=1..4&page= -> paginator of ParticipantVideo
 * - POST updateParticipantVideo id, status (3 reject, 4 accept) -> the video's new status
 * - GET  getAllParticipantVideos/counts?campaign_id= -> { "1": n, "2": n, "3": n, "4": n } videos per status
 *        (the Uploads sub-tabs' counts)
 * - GET  participantVideo/{id}                          -> ParticipantVideo (a dashboard link opens it)
 * - GET  getAllParticipantVideos/export?campaign_id=&status=&…  CSV of the filtered list
 * - POST getAllParticipantVideos/bulk-status?campaign_id=&status=<listed>  status (3|4),
 *        ids | all=1 (+ q): one transaction; naming a live video is 409 and nothing changes.
 * List params (q, sort, dir, per_page; per_page overrides pageCount): db/list-query.ts.
 *
 * A live video (status 2) is not moderated: 409. Scoped through the campaign's organiser.
 */
/** The video an id names with its campaign and organiser, after the organiser check (inScope on `participant_videos`). */
const videoInScope = (sql: Sql, user: AuthUser, id: number) =>
  inScope<ParticipantVideo & { campaign_id: number }>(sql, user, 'participant_videos', id, `${videos.VIDEO_LIST.columns}, campaign_id`);

export const participantVideoRoutes = requireUserOn(
  new Hono<AppEnv>(),
  '/getAllParticipantVideos',
  '/updateParticipantVideo',
  '/getAllParticipantVideos/*',
  '/participantVideo/*',
)
  .get('/getAllParticipantVideos/counts', query(CampaignListQuery), async (c) => {
    const scope = await campaignInScope(c.get('sql'), c.get('user'), c.req.valid('query').campaign_id);
    return ok(c, await videos.videoCounts(c.get('sql'), scope.id));
  })
  .get('/participantVideo/:id', async (c) => {
    const { campaign_id: _, tenant_owner: __, ...video } = await videoInScope(c.get('sql'), c.get('user'), toId(c.req.param('id')));
    return ok(c, video);
  })
  .get('/getAllParticipantVideos', query(VideoListQuery), async (c) => {
    const { campaign_id, status } = c.req.valid('query');
    const scope = await campaignInScope(c.get('sql'), c.get('user'), campaign_id);
    const lq = readListQuery(videos.VIDEO_LIST, c.req.query());
    return ok(c, await videos.listVideos(c.get('sql'), scope.id, status, pageOf(c.req.query('page')), lq, pageCountOf(c.req.query('pageCount'), PAGE_SIZE)));
  })
  .get('/getAllParticipantVideos/export', (c) =>
    scopedExport(c, videos.VIDEO_LIST, 'videos', async (q) => {
      const { campaign_id, status } = parseBody(VideoListQuery, q);
      return videos.videoScope((await campaignInScope(c.get('sql'), c.get('user'), campaign_id)).id, status);
    }),
  )
  .post('/getAllParticipantVideos/bulk-status', logs('videos'), body(VideoBulkStatus), async (c) => {
    const { status, ...selection } = c.req.valid('form');
    const input = listInput(c.req.query(), selection);
    // The listed status (query) scopes "all matching"; named ids need only belong to the campaign.
    const campaign = await campaignInScope(c.get('sql'), c.get('user'), toId(input.campaign_id ?? ''));
    const listed = input.all === '1' ? parseBody(VideoListQuery, input).status : null;
    const n = await videos.moderateVideos(c.get('sql'), whoOf(c), campaign, input, listed, status);
    return ok(c, { updated: n }, `${n} videos ${status === videos.VIDEO_STATUS.accepted ? 'accepted' : 'rejected'}.`);
  })
  .post('/updateParticipantVideo', logs('videos'), body(VideoModeration), async (c) => {
    const { id, status } = c.req.valid('form');
    const video = await videoInScope(c.get('sql'), c.get('user'), id);
    // An organiser moderates its own videos; staff need the Moderate videos ability.
    if (!c.get('user').isCompany && !c.get('user').abilities.has('videos.moderate'))
      throw new ApiError(403, 'You do not have the permission to moderate videos.');
    await videos.moderateVideo(c.get('sql'), whoOf(c), video, video.tenant_owner!, status);
    return ok(c, { id: video.id, status }, status === videos.VIDEO_STATUS.accepted ? 'Video accepted successfully' : 'Video rejected successfully');
  });
