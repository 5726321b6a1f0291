import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, pageOf, pageCountOf } from '../http/envelope.ts';
import { body, query } from '../http/input.ts';
import { parseBody } from '../http/validate.ts';
import { requireUserOn } from '../http/middleware/auth.ts';
import { campaignInScope } from '../http/middleware/scope.ts';
import { readListQuery } from '../db/list-query.ts';
import { scopedExport } from '../http/list-export.ts';
import { CampaignListQuery, ConferenceListQuery, SpeakerInput } from '../../src/common/contract/organiser.ts';
import * as conference from '../services/conference-users.ts';
import { logs, whoOf } from '../http/logs.ts';

/** Page size of the conference-user list (organiser-console §9). */
const PAGE_SIZE = 5;

/**
 * Conference users (organiser-console §2 "Users" tab, §4, §7). Queries, bodies and answers: the
 * wire contract (common/contract/organiser.ts); what each call does: services/conference-users.ts.
 *
 * - GET  getAllConferenceUSers?pageCount=5&campaign_id=&type=2&page= -> paginator of ConferenceUser
 *        (`type` 2 is the conference campaign type the console sends; attendees and speakers both list)
 * - POST updateParticipantType campaign_id, user_id -> attendee ('attende') becomes 'speaker'
 * - GET  getAllConferenceUSers/export?campaign_id=&…  CSV of the filtered list
 * List params (q, sort, dir, per_page; per_page overrides pageCount): db/list-query.ts.
 *
 * Converting someone who is already a speaker answers 409. Scoped through the campaign's organiser.
 */
export const conferenceUserRoutes = requireUserOn(new Hono<AppEnv>(), '/getAllConferenceUSers', '/updateParticipantType', '/getAllConferenceUSers/*')
  .get('/getAllConferenceUSers', query(ConferenceListQuery), async (c) => {
    const scope = await campaignInScope(c.get('sql'), c.get('user'), c.req.valid('query').campaign_id);
    const lq = readListQuery(conference.CONFERENCE_USER_LIST, c.req.query());
    return ok(
      c,
      await conference.listConferenceUsers(c.get('sql'), scope.id, pageOf(c.req.query('page')), lq, pageCountOf(c.req.query('pageCount'), PAGE_SIZE)),
    );
  })
  .get('/getAllConferenceUSers/export', (c) =>
    scopedExport(c, conference.CONFERENCE_USER_LIST, 'conference-users', async (q) =>
      conference.conferenceScope((await campaignInScope(c.get('sql'), c.get('user'), parseBody(CampaignListQuery, q).campaign_id)).id),
    ),
  )
  .post('/updateParticipantType', logs('conference_users'), body(SpeakerInput), async (c) => {
    const input = c.req.valid('form');
    const scope = await campaignInScope(c.get('sql'), c.get('user'), input.campaign_id);
    return ok(c, await conference.makeSpeaker(c.get('sql'), whoOf(c), scope, input.user_id), 'Converted to speaker successfully');
  });
