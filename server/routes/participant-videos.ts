import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, notFound } from '../http-error.ts';
import { ok, pageOf, readBody, toId, pageCountOf } from '../lib/http/envelope.ts';
import { oneOf, required, str, validate, recordId } from '../lib/http/validate.ts';
import { requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/participant-videos.ts';
import { campaignInScope } from '../middleware/scope.ts';
import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { readListQuery } from '../db/list-query.ts';
import { csvExport } from '../lib/http/list-export.ts';
import { bulkAct, listInput } from '../lib/http/list-bulk.ts';

/** The campaign and listed status of a video-list call, after the organiser check (422, 403, 404). */
async function listOf(sql: Sql, user: AuthUser, input: Record<string, string | undefined>) {
  const v = { campaign_id: input.campaign_id ?? '', status: input.status ?? '' };
  validate(v, { campaign_id: [required, recordId], status: [required, oneOf(1, 2, 3, 4)] }, { campaign_id: 'campaign id' });
  return { scope: await campaignInScope(sql, user, toId(v.campaign_id)), status: Number(v.status) };
}

/** Page size of the video lists (organiser-console §9). */
const PAGE_SIZE = 5;

/**
 * Video moderation (organiser-console §2 "Uploads", §4 video status codes, §7):
 *
 * - GET  getAllParticipantVideos?pageCount=5&campaign_id=&status=1..4&page= -> paginator of ParticipantVideo
 * - POST updateParticipantVideo form id, status (3 reject, 4 accept) -> the video's new status
 *
 * - GET  getAllParticipantVideos/counts?campaign_id= -> { "1": n, "2": n, "3": n, "4": n } videos per status
 *        (the Uploads sub-tabs' counts, issue 22)
 * - GET  participantVideo/{id}                          -> ParticipantVideo (a dashboard link opens it)
 * - GET  getAllParticipantVideos/export?campaign_id=&status=&…  CSV of the filtered list
 * - POST getAllParticipantVideos/bulk-status?campaign_id=&status=<listed>  form status (3|4),
 *        ids | all=1 (+ q): one transaction; naming a live video is 409 and nothing changes.
 * List params (q, sort, dir, per_page; per_page overrides pageCount): db/list-query.ts.
 *
 * A live video (status 2) is not moderated: 409. Scoped through the campaign's organiser.
 */
export const participantVideoRoutes = new Hono<AppEnv>()
  .use('/getAllParticipantVideos', requireUser)
  .use('/updateParticipantVideo', requireUser)
  .use('/getAllParticipantVideos/*', requireUser)
  .use('/participantVideo/*', requireUser)
  .get('/getAllParticipantVideos/counts', async (c) => {
    const query = { campaign_id: c.req.query('campaign_id') ?? '' };
    validate(query, { campaign_id: [required, recordId] }, { campaign_id: 'campaign id' });
    const scope = await campaignInScope(c.var.sql, c.var.user, toId(query.campaign_id));
    return ok(c, await q.videoCounts(c.var.sql, scope.id));
  })
  .get('/participantVideo/:id', async (c) => {
    const found = await q.getVideo(c.var.sql, toId(c.req.param('id')));
    if (!found) throw notFound('Video');
    await campaignInScope(c.var.sql, c.var.user, found.campaign_id);
    const { campaign_id: _campaign, ...video } = found;
    return ok(c, video);
  })
  .get('/getAllParticipantVideos', async (c) => {
    const query = { campaign_id: c.req.query('campaign_id') ?? '', status: c.req.query('status') ?? '' };
    validate(query, { campaign_id: [required, recordId], status: [required, oneOf(1, 2, 3, 4)] }, { campaign_id: 'campaign id' });
    const scope = await campaignInScope(c.var.sql, c.var.user, toId(query.campaign_id));
    const lq = readListQuery(q.VIDEO_LIST, c.req.query());
    return ok(c, await q.listVideos(c.var.sql, scope.id, Number(query.status), pageOf(c.req.query('page')), lq, pageCountOf(c.req.query('pageCount'), PAGE_SIZE)));
  })
  .get('/getAllParticipantVideos/export', async (c) => {
    const lq = readListQuery(q.VIDEO_LIST, c.req.query());
    const { scope, status } = await listOf(c.var.sql, c.var.user, c.req.query());
    return csvExport(c, c.var.sql, q.VIDEO_LIST, lq, q.videoScope(scope.id, status), 'videos');
  })
  .post('/getAllParticipantVideos/bulk-status', async (c) => {
    const { status: next, ...body } = await readBody(c);
    const input = listInput(c.req.query(), body);
    // The listed status (query) scopes "all matching"; named ids need only belong to the campaign.
    const campaign = await campaignInScope(c.var.sql, c.var.user, toId(input.campaign_id ?? ''));
    validate({ status: next }, { status: [required, oneOf(q.VIDEO_STATUS.rejected, q.VIDEO_STATUS.accepted)] });
    const listed = input.all === '1' ? await listOf(c.var.sql, c.var.user, input) : null;
    const scope = listed ? q.videoScope(campaign.id, listed.status) : { where: 'campaign_id = ?', params: [campaign.id] };
    const status = Number(next);
    const live = q.VIDEO_STATUS.live;
    // "All matching" skips live videos; a named live video refuses the whole request.
    const n = await bulkAct(c.var.sql, q.VIDEO_LIST, { ...input, status: undefined },
      listed ? { where: `${scope.where} AND status <> ?`, params: [...scope.params, live] } : scope,
      async (tx, ids) => {
        const changed = await q.setVideoStatuses(tx, ids, status, live);
        if (changed < ids.length) throw new ApiError(409, 'A live video cannot be accepted or rejected.');
        return changed;
      });
    return ok(c, { updated: n }, `${n} videos ${status === q.VIDEO_STATUS.accepted ? 'accepted' : 'rejected'}.`);
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
