import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, notFound } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/envelope.ts';
import { oneOf, required, str, validate, recordId } from '../lib/validate.ts';
import { requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/participant-videos.ts';
import { campaignInScope } from '../middleware/scope.ts';

/** Page size of the video lists (organiser-console §9); `pageCount` may ask for fewer, never more. */
const PAGE_SIZE = 5;
const pageSize = (v: string | undefined) => Math.min(PAGE_SIZE, Math.max(1, toId(v ?? '') || PAGE_SIZE));

/**
 * Video moderation (organiser-console §2 "Uploads", §4 video status codes, §7):
 *
 * - GET  getAllParticipantVideos?pageCount=5&campaign_id=&status=1..4&page= -> paginator of ParticipantVideo
 * - POST updateParticipantVideo form id, status (3 reject, 4 accept) -> the video's new status
 *
 * A live video (status 2) is not moderated: 409. Scoped through the campaign's organiser.
 */
export const participantVideoRoutes = new Hono<AppEnv>()
  .use('/getAllParticipantVideos', requireUser)
  .use('/updateParticipantVideo', requireUser)
  .get('/getAllParticipantVideos', async (c) => {
    const query = { campaign_id: c.req.query('campaign_id') ?? '', status: c.req.query('status') ?? '' };
    validate(query, { campaign_id: [required, recordId], status: [required, oneOf(1, 2, 3, 4)] }, { campaign_id: 'campaign id' });
    const scope = await campaignInScope(c.var.sql, c.var.user, toId(query.campaign_id));
    return ok(c, await q.listVideos(c.var.sql, scope.id, Number(query.status), pageOf(c.req.query('page')), pageSize(c.req.query('pageCount'))));
  })
  .post('/updateParticipantVideo', async (c) => {
    const sql = c.var.sql;
    const body = await readBody(c);
    validate(body, { id: [required, recordId], status: [required, oneOf(q.VIDEO_STATUS.rejected, q.VIDEO_STATUS.accepted)] });
    const video = await q.videoOwner(sql, toId(str(body, 'id')));
    if (!video) throw notFound('Video');
    await campaignInScope(sql, c.var.user, video.campaign_id);
    // An organiser moderates its own videos; staff need the Moderate videos ability.
    if (!c.var.user.isCompany && !c.var.user.abilities.has('videos.moderate')) throw new ApiError(403, 'You do not have the permission to moderate videos.');
    if (video.status === q.VIDEO_STATUS.live) throw new ApiError(409, 'A live video cannot be accepted or rejected.');
    const status = Number(str(body, 'status'));
    await sql.transaction((tx) => q.setVideoStatus(tx, video.id, status));
    return ok(c, { id: video.id, status }, status === q.VIDEO_STATUS.accepted ? 'Video accepted successfully' : 'Video rejected successfully');
  });
