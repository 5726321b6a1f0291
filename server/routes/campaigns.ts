import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { notFound, validationError } from '../http-error.ts';
import { ok, readBody, toId } from '../lib/envelope.ts';
import { integer, required, str, validate } from '../lib/validate.ts';
import { campaignColumns, campaignLabels as labels, validateCampaign } from './campaign-fields.ts';
import { decodeImage, removeStoredImage, storeImage } from '../lib/images.ts';
import { assertOrganiserAccess, requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/campaigns.ts';

/**
 * The campaign an id names, after the organiser check (DESIGN.md §3): 404 when there is none,
 * 403 when its event belongs to another organiser than a company user's own. Shared by the
 * template, video and conference-user routes.
 */
export async function campaignInScope(sql: Sql, user: AuthUser, campaignId: number): Promise<q.CampaignScope> {
  const scope = Number.isInteger(campaignId) ? await q.campaignScope(sql, campaignId) : undefined;
  if (!scope) throw notFound('Campaign');
  await assertOrganiserAccess(sql, user, scope.company_id);
  return scope;
}

/** The client app's sign-in link for a campaign (organiser-console §4): base URL, /login, event_name, campaign_name. */
export const appLink = (base: string, eventName: string, campaignName: string) =>
  `${base.replace(/\/$/, '')}/login?event_name=${encodeURIComponent(eventName)}&campaign_name=${encodeURIComponent(campaignName)}`;

/**
 * Campaigns (organiser-console §2 "Campaign cards", "Campaign detail"; §3; §7):
 *
 * - POST campaign   form title, description, logo (data URL or '' / ' '), start_date, end_date
 *                   (YYYY-MM-DD), event_id, type (1 image, 2 video, 3 conference, 4 photo app),
 *                   share_post_quote, image_console_id (the photo-recognition event id),
 *                   is_sales_event (0/1/2), is_dynamic_branding (0/1), application (1/2/3), subdomain
 *                   (unique), event_url ({subdomain}.{client app host}, the console knows the host) and
 *                   friendly_url (the app link; made from CLIENT_APP_URL when not sent) -> data { id }
 *                   The form's settings ride along and are stored (all optional): event_type, location,
 *                   organizer, sponsors, primary/secondary/recognition_tolerance, payment_slab,
 *                   date_filtering (0/1), is_bib_number_present (0/1), bib_start_range, bib_end_range
 *                   (whole numbers, end >= start), bib_length, bib_number_prefix, bib_number_suffix
 * - PUT  campaign/{id} the same fields but event_id and friendly_url (a campaign stays in its event; an
 *                   app link made from the old title follows the new title, one set by hand stays); logo: a data URL replaces it, '' or ' ' keeps it. The subdomain
 *                   must be unused by any other campaign. -> the updated detail
 * - GET  getCampaigns?event_id=                -> Campaign[] (oldest first)
 * - GET  getCampaignDetailById?campaign_id=    -> Campaign + settings + event_title + templates [{ id, path }]
 * - PUT  deleteCampaign (or POST) form campaign_id -> "Campaign deleted successfully"
 *
 * Scoped through the event's organiser: 403 for another organiser's, 404 for none.
 */
export const campaignRoutes = new Hono<AppEnv>()
  .use('/campaign', requireUser)
  .use('/campaign/*', requireUser)
  .use('/getCampaigns', requireUser)
  .use('/getCampaignDetailById', requireUser)
  .use('/deleteCampaign', requireUser)
  .post('/campaign', async (c) => {
    const sql = c.var.sql;
    const body = await readBody(c);
    validateCampaign(body, { event_id: [required, integer] });
    const event = await q.eventOwner(sql, toId(str(body, 'event_id')));
    if (!event) throw notFound('Event');
    await assertOrganiserAccess(sql, c.var.user, event.company_id);
    const logo = decodeImage(body.logo, 'logo');
    if (await q.subdomainTaken(sql, str(body, 'subdomain'))) throw validationError({ subdomain: ['The subdomain has already been taken.'] });
    const dataDir = c.var.config.dataDir;
    const url = logo ? await storeImage(dataDir, logo, 'campaigns') : '';
    try {
      const id = await sql.transaction(async (tx) => {
        // Checked again inside the transaction: two submissions may race for one subdomain.
        if (await q.subdomainTaken(tx, str(body, 'subdomain'))) throw validationError({ subdomain: ['The subdomain has already been taken.'] });
        return q.insertCampaign(tx, {
          ...campaignColumns(body), event_id: event.id, logo: url,
          friendly_url: str(body, 'friendly_url') || appLink(c.var.config.clientAppUrl, event.title, str(body, 'title').trim()),
        });
      });
      return ok(c, { id }, 'Campaign created successfully.');
    } catch (err) {
      await removeStoredImage(dataDir, url);
      throw err;
    }
  })
  .put('/campaign/:id', async (c) => {
    const sql = c.var.sql;
    const scope = await campaignInScope(sql, c.var.user, toId(c.req.param('id')));
    const body = await readBody(c);
    validateCampaign(body);
    const logo = decodeImage(body.logo, 'logo');
    const subdomain = str(body, 'subdomain');
    if (await q.subdomainTaken(sql, subdomain, scope.id)) throw validationError({ subdomain: ['The subdomain has already been taken.'] });
    const dataDir = c.var.config.dataDir;
    const url = logo ? await storeImage(dataDir, logo, 'campaigns') : '';
    let old = '';
    try {
      await sql.transaction(async (tx) => {
        if (await q.subdomainTaken(tx, subdomain, scope.id)) throw validationError({ subdomain: ['The subdomain has already been taken.'] });
        const current = await q.getCampaign(tx, scope.id);
        if (!current) throw notFound('Campaign');
        old = url ? current.logo : '';
        // The app link names the campaign: a link made from the old title follows the new one; one set by hand stays.
        const made = current.friendly_url === appLink(c.var.config.clientAppUrl, current.event_title, current.title);
        const columns = campaignColumns(body);
        const friendly = made ? appLink(c.var.config.clientAppUrl, current.event_title, columns.title) : current.friendly_url;
        await q.updateCampaign(tx, scope.id, { ...columns, logo: url || current.logo, friendly_url: friendly });
      });
    } catch (err) {
      await removeStoredImage(dataDir, url);
      throw err;
    }
    await removeStoredImage(dataDir, old);
    return ok(c, await q.getCampaign(sql, scope.id), 'Campaign updated successfully.');
  })
  .get('/getCampaigns', async (c) => {
    const query = { event_id: c.req.query('event_id') ?? '' };
    validate(query, { event_id: [required, integer] }, labels);
    const event = await q.eventOwner(c.var.sql, toId(query.event_id));
    if (!event) throw notFound('Event');
    await assertOrganiserAccess(c.var.sql, c.var.user, event.company_id);
    return ok(c, await q.listCampaigns(c.var.sql, event.id));
  })
  .get('/getCampaignDetailById', async (c) => {
    const scope = await campaignInScope(c.var.sql, c.var.user, toId(c.req.query('campaign_id')));
    return ok(c, await q.getCampaign(c.var.sql, scope.id));
  })
  .on(['PUT', 'POST'], '/deleteCampaign', async (c) => {
    const body = await readBody(c);
    validate(body, { campaign_id: [required, integer] }, { campaign_id: 'campaign id' });
    const scope = await campaignInScope(c.var.sql, c.var.user, toId(str(body, 'campaign_id')));
    const images = await q.campaignImages(c.var.sql, scope.id);
    await c.var.sql.transaction((tx) => q.deleteCampaign(tx, scope.id));
    for (const url of images) await removeStoredImage(c.var.config.dataDir, url);
    return ok(c, null, 'Campaign deleted successfully');
  });
