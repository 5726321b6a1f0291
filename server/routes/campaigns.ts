import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound, validationError } from '../http-error.ts';
import { ok, readBody, toId } from '../lib/envelope.ts';
import { date, integer, maxLength, minLength, oneOf, required, requiredId, recordId, str, validate, type Rule } from '../lib/validate.ts';
import { decodeImage, removeLeftovers, removeStoredImage, storeImage } from '../lib/images.ts';
import { storedImagesOf } from '../db/queries/leftovers.ts';
import { assertOrganiserAccess, requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/campaigns.ts';
import { appLink, isSubdomain } from '../../src/common/campaign-links.ts';
import { campaignInScope } from '../middleware/scope.ts';
import { readListQuery } from '../lib/list-query.ts';

const subdomain: Rule = (v, l) =>
  typeof v === 'string' && v !== '' && !isSubdomain(v) ? `The ${l} may only contain letters, numbers and dashes.` : null;
const httpUrl: Rule = (v, l) => (typeof v === 'string' && v !== '' && !/^https?:\/\/\S+$/i.test(v) ? `The ${l} must be a valid URL.` : null);

const campaignRules = {
  title: [required, minLength(4), maxLength(255)], description: [required, maxLength(5000)],
  start_date: [required, date], end_date: [required, date], event_id: [required, recordId],
  type: [required, oneOf(1, 2, 3, 4)], share_post_quote: [maxLength(1000)], image_console_id: [required, maxLength(64)],
  is_sales_event: [oneOf(0, 1, 2)], is_dynamic_branding: [oneOf(0, 1)], application: [oneOf(1, 2, 3)],
  subdomain: [required, subdomain, maxLength(63)], event_url: [httpUrl, maxLength(500)], friendly_url: [httpUrl, maxLength(1000)],
};
const labels = {
  start_date: 'start date', end_date: 'end date', event_id: 'event id', image_console_id: 'image console id',
  is_sales_event: 'sale event', is_dynamic_branding: 'dynamic branding', share_post_quote: 'share post quote',
};
const num = (body: Record<string, unknown>, field: string, fallback: number) => (str(body, field) === '' ? fallback : Number(str(body, field)));

/**
 * Campaigns (organiser-console §2 "Campaign cards", "Campaign detail"; §3; §7):
 *
 * - POST campaign   form title, description, logo (data URL or '' / ' '), start_date, end_date
 *                   (YYYY-MM-DD), event_id, type (1 image, 2 video, 3 conference, 4 photo app),
 *                   share_post_quote, image_console_id (the photo-recognition event id),
 *                   is_sales_event (0/1/2), is_dynamic_branding (0/1), application (1/2/3), subdomain
 *                   (unique), event_url ({subdomain}.{client app host}, the console knows the host) and
 *                   friendly_url (the app link; made from CLIENT_APP_URL when not sent) -> data { id }
 * - GET  getCampaigns?event_id=                -> Campaign[] (oldest first; optional q, sort, dir, type: lib/list-query.ts)
 * - GET  getCampaignDetailById?campaign_id=    -> Campaign + event_title + templates [{ id, path }]
 * - PUT  deleteCampaign (or POST) form campaign_id -> "Campaign deleted successfully"
 *
 * Scoped through the event's organiser: 403 for another organiser's, 404 for none.
 */
export const campaignRoutes = new Hono<AppEnv>()
  .use('/campaign', requireUser)
  .use('/getCampaigns', requireUser)
  .use('/getCampaignDetailById', requireUser)
  .use('/deleteCampaign', requireUser)
  .post('/campaign', async (c) => {
    const sql = c.var.sql;
    const body = await readBody(c);
    validate(body, campaignRules, labels);
    if (str(body, 'end_date') < str(body, 'start_date')) throw validationError({ end_date: ['The end date must be a date after or equal to start date.'] });
    const event = await q.eventOwner(sql, toId(str(body, 'event_id')));
    if (!event) throw notFound('Event');
    await assertOrganiserAccess(sql, c.var.user, event.company_id);
    const logo = decodeImage(body.logo, 'logo');
    if (await q.subdomainTaken(sql, str(body, 'subdomain'))) throw validationError({ subdomain: ['The subdomain has already been taken.'] });
    const files = c.var.files;
    const url = logo ? await storeImage(files, logo, 'campaigns') : '';
    try {
      const id = await sql.transaction(async (tx) => {
        // Checked again inside the transaction: two submissions may race for one subdomain.
        if (await q.subdomainTaken(tx, str(body, 'subdomain'))) throw validationError({ subdomain: ['The subdomain has already been taken.'] });
        return q.insertCampaign(tx, {
          event_id: event.id, title: str(body, 'title').trim(), description: str(body, 'description'), logo: url,
          start_date: str(body, 'start_date'), end_date: str(body, 'end_date'), type: Number(str(body, 'type')),
          share_post_quote: str(body, 'share_post_quote'), image_console_id: str(body, 'image_console_id'),
          is_sales_event: num(body, 'is_sales_event', 0), is_dynamic_branding: num(body, 'is_dynamic_branding', 0),
          application: num(body, 'application', 1), subdomain: str(body, 'subdomain').toLowerCase(),
          event_url: str(body, 'event_url'), friendly_url: str(body, 'friendly_url') || appLink(c.var.config.clientAppUrl, event.title, str(body, 'title').trim()),
        });
      });
      return ok(c, { id }, 'Campaign created successfully.');
    } catch (err) {
      await removeStoredImage(files, url);
      throw err;
    }
  })
  .get('/getCampaigns', async (c) => {
    const event = await q.eventOwner(c.var.sql, requiredId(c.req.query('event_id'), 'event_id'));
    if (!event) throw notFound('Event');
    await assertOrganiserAccess(c.var.sql, c.var.user, event.company_id);
    return ok(c, await q.listCampaigns(c.var.sql, event.id, readListQuery(q.CAMPAIGN_LIST, c.req.query())));
  })
  .get('/getCampaignDetailById', async (c) => {
    const scope = await campaignInScope(c.var.sql, c.var.user, toId(c.req.query('campaign_id')));
    return ok(c, await q.getCampaign(c.var.sql, scope.id));
  })
  .on(['PUT', 'POST'], '/deleteCampaign', async (c) => {
    const body = await readBody(c);
    validate(body, { campaign_id: [required, recordId] }, { campaign_id: 'campaign id' });
    const scope = await campaignInScope(c.var.sql, c.var.user, toId(str(body, 'campaign_id')));
    const images = await c.var.sql.transaction(async (tx) => {
      const urls = await storedImagesOf(tx, { kind: 'campaign', id: scope.id });
      await q.deleteCampaign(tx, scope.id);
      return urls;
    });
    await removeLeftovers(c.var.files, images);
    return ok(c, null, 'Campaign deleted successfully');
  });
