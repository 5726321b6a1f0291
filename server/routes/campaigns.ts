import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { body, query } from '../http/input.ts';
import { assertOrganiserAccess, requireUserOn } from '../http/middleware/auth.ts';
import { campaignInScope, scoped } from '../http/middleware/scope.ts';
import { readListQuery } from '../db/list-query.ts';
import { EventIdQuery, CAMPAIGN_LABELS, CampaignDelete, CampaignInput, CampaignUpdate, SubdomainQuery } from '../../src/common/contract/organiser.ts';
import * as campaigns from '../services/campaigns.ts';
import { logs, whoOf } from '../http/logs.ts';
import { etagOf } from '../http/versions.ts';
import { recordVersion } from '../lib/activity/versions.ts';

/**
 * Campaigns (organiser-console §2 "Campaign cards", "Campaign detail"; §3; §7):
 *
 * - POST campaign   title, description, logo (data URL or '' / ' '), start_date, end_date
 *                   (YYYY-MM-DD, within the event's dates: 422 otherwise), event_id, type (1 image, 2 video, 3 conference, 4 photo app),
 *                   share_post_quote, image_console_id (the photo-recognition event id),
 *                   is_sales_event (0/1/2), is_dynamic_branding (0/1), application (1/2/3), subdomain
 *                   (unique), event_url ({subdomain}.{client app host}, the console knows the host) and
 *                   friendly_url (the app link; made from CLIENT_APP_URL when not sent) -> data { id }
 *                   The form's settings ride along and are stored (all optional): event_type, location,
 *                   organizer, sponsors, primary/secondary/recognition_tolerance, payment_slab,
 *                   date_filtering (0/1), is_bib_number_present (0/1), bib_start_range, bib_end_range
 *                   (whole numbers, end >= start), bib_length (1–20, bounds at most that many digits:
 *                   src/common/bib-range.ts), bib_number_prefix, bib_number_suffix
 * - PUT  campaign/{id} the same fields but event_id and friendly_url (a campaign stays in its event; an
 *                   app link made from the old title follows the new title, one set by hand stays); logo:
 *                   a data URL replaces it, '' or ' ' keeps it. The subdomain must be unused by any other
 *                   campaign. -> the updated detail
 * - GET  getCampaigns?event_id=                -> Campaign[] (oldest first; optional q, sort, dir, type: db/list-query.ts)
 * - GET  getCampaignDetailById?campaign_id=    -> Campaign + settings + event_title + templates [{ id, path }];
 *                   its ETag is the campaign's version, the If-Match of PUT campaign/{id} (docs/live.md)
 * - PUT  deleteCampaign (or POST) form campaign_id -> "Campaign deleted successfully"
 * - GET  campaign/subdomain-available?event_id=&subdomain=[&campaign_id=]  -> { subdomain, available } where
 *                   available is false when any campaign already uses the subdomain (case-insensitive),
 *                   apart from `campaign_id`'s own (the edit form; 404 when it is not one the user reaches);
 *                   422 for a subdomain that is not a label of at most 63 characters
 *                   (src/common/campaign-links.ts). Lets the campaign form flag a taken subdomain
 *                   before any call that writes; POST campaign still checks again.
 *
 * Scoped through the event's organiser: 403 for another organiser's, 404 for none. Bodies, query
 * and answers: the wire contract (common/contract/organiser.ts CampaignInput, CampaignUpdate,
 * SubdomainQuery, CampaignDelete; schemas.ts Campaign, CampaignDetail); what each call does:
 * services/campaigns.ts.
 */
export const campaignRoutes = requireUserOn(new Hono<AppEnv>(), '/campaign', '/campaign/*', '/getCampaigns', '/getCampaignDetailById', '/deleteCampaign')
  .get('/campaign/subdomain-available', query(SubdomainQuery, CAMPAIGN_LABELS), async (c) => {
    const input = c.req.valid('query');
    const event = await campaigns.findEvent(c.get('sql'), input.event_id);
    await assertOrganiserAccess(c.get('sql'), c.get('user'), event.company_id);
    // On edit the campaign's own subdomain is free for it: only another campaign can hold it.
    const own = input.campaign_id === undefined ? 0 : (await campaignInScope(c.get('sql'), c.get('user'), input.campaign_id)).id;
    return ok(c, { subdomain: input.subdomain.toLowerCase(), available: await campaigns.subdomainFree(c.get('sql'), input.subdomain, own) });
  })
  .post('/campaign', logs('campaigns'), body(CampaignInput, CAMPAIGN_LABELS), async (c) => {
    const input = c.req.valid('form');
    const event = await campaigns.findEvent(c.get('sql'), input.event_id);
    await assertOrganiserAccess(c.get('sql'), c.get('user'), event.company_id);
    return ok(
      c,
      { id: await campaigns.createCampaign(c.get('sql'), c.get('files'), whoOf(c), c.get('config').clientAppUrl, event, input) },
      'Campaign created successfully.',
    );
  })
  .put(
    '/campaign/:id',
    scoped((c) => campaignInScope(c.get('sql'), c.get('user'), toId(c.req.param('id')))),
    logs('campaigns'),
    body(CampaignUpdate, CAMPAIGN_LABELS),
    async (c) =>
      ok(
        c,
        await campaigns.updateCampaign(c.get('sql'), c.get('files'), whoOf(c), c.get('config').clientAppUrl, c.get('scoped'), c.req.valid('form')),
        'Campaign updated successfully.',
      ),
  )
  .get('/getCampaigns', query(EventIdQuery), async (c) => {
    const event = await campaigns.findEvent(c.get('sql'), c.req.valid('query').event_id);
    await assertOrganiserAccess(c.get('sql'), c.get('user'), event.company_id);
    return ok(c, await campaigns.listCampaigns(c.get('sql'), event.id, readListQuery(campaigns.CAMPAIGN_LIST, c.req.query())));
  })
  .get('/getCampaignDetailById', async (c) => {
    const scope = await campaignInScope(c.get('sql'), c.get('user'), toId(c.req.query('campaign_id')));
    const detail = await campaigns.getCampaign(c.get('sql'), scope.id);
    // The version the Edit Campaign form sends back as If-Match with PUT campaign/{id} (docs/live.md).
    const version = await recordVersion(c.get('sql'), 'campaigns', scope.id);
    if (version !== undefined) c.header('ETag', etagOf(version));
    return ok(c, detail);
  })
  .on(['PUT', 'POST'], '/deleteCampaign', logs('campaigns'), body(CampaignDelete), async (c) => {
    const scope = await campaignInScope(c.get('sql'), c.get('user'), c.req.valid('form').campaign_id);
    await campaigns.deleteCampaign(c.get('sql'), c.get('files'), whoOf(c), scope);
    return ok(c, null, 'Campaign deleted successfully');
  });
