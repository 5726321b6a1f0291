import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, notFound } from '../http-error.ts';
import { ok, pageOf, readBody, toId, pageCountOf } from '../lib/http/envelope.ts';
import { oneOf, required, str, validate, recordId } from '../lib/http/validate.ts';
import { requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/conference-users.ts';
import { campaignInScope } from '../middleware/scope.ts';
import { readListQuery } from '../db/list-query.ts';
import { csvExport } from '../lib/http/list-export.ts';

/** Page size of the conference-user list (organiser-console §9). */
const PAGE_SIZE = 5;

/**
 * Conference users (organiser-console §2 "Users" tab, §4, §7):
 *
 * - GET  getAllConferenceUSers?pageCount=5&campaign_id=&type=2&page= -> paginator of ConferenceUser
 *        (`type` 2 is the conference campaign type the console sends; attendees and speakers both list)
 * - POST updateParticipantType form campaign_id, user_id -> attendee ('attende') becomes 'speaker'
 *
 * - GET  getAllConferenceUSers/export?campaign_id=&…  CSV of the filtered list
 * List params (q, sort, dir, per_page; per_page overrides pageCount): db/list-query.ts.
 *
 * Converting someone who is already a speaker answers 409. Scoped through the campaign's organiser.
 */
export const conferenceUserRoutes = new Hono<AppEnv>()
  .use('/getAllConferenceUSers', requireUser)
  .use('/updateParticipantType', requireUser)
  .use('/getAllConferenceUSers/*', requireUser)
  .get('/getAllConferenceUSers', async (c) => {
    const query = { campaign_id: c.req.query('campaign_id') ?? '', type: c.req.query('type') ?? '' };
    validate(query, { campaign_id: [required, recordId], type: [oneOf(2)] }, { campaign_id: 'campaign id' });
    const scope = await campaignInScope(c.var.sql, c.var.user, toId(query.campaign_id));
    const lq = readListQuery(q.CONFERENCE_USER_LIST, c.req.query());
    return ok(c, await q.listConferenceUsers(c.var.sql, scope.id, pageOf(c.req.query('page')), lq, pageCountOf(c.req.query('pageCount'), PAGE_SIZE)));
  })
  .get('/getAllConferenceUSers/export', async (c) => {
    const lq = readListQuery(q.CONFERENCE_USER_LIST, c.req.query());
    const query = { campaign_id: c.req.query('campaign_id') ?? '' };
    validate(query, { campaign_id: [required, recordId] }, { campaign_id: 'campaign id' });
    const scope = await campaignInScope(c.var.sql, c.var.user, toId(query.campaign_id));
    return csvExport(c, c.var.sql, q.CONFERENCE_USER_LIST, lq, q.conferenceScope(scope.id), 'conference-users');
  })
  .post('/updateParticipantType', async (c) => {
    const sql = c.var.sql;
    const body = await readBody(c);
    validate(body, { campaign_id: [required, recordId], user_id: [required, recordId] }, { campaign_id: 'campaign id', user_id: 'user id' });
    const scope = await campaignInScope(sql, c.var.user, toId(str(body, 'campaign_id')));
    const user = await q.getConferenceUser(sql, scope.id, toId(str(body, 'user_id')));
    if (!user) throw notFound('Conference user');
    if (user.type !== q.ATTENDEE) throw new ApiError(409, 'This user is already a speaker.');
    await sql.transaction((tx) => q.makeSpeaker(tx, scope.id, user.user_id));
    return ok(c, { ...user, type: q.SPEAKER }, 'Converted to speaker successfully');
  });
