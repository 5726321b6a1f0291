import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound, validationError } from '../http-error.ts';
import { ok, readBody, toId } from '../lib/http/envelope.ts';
import { required, requiredId, recordId, str, validate } from '../lib/http/validate.ts';
import { campaignColumns, campaignLabels, subdomainRules, validateCampaign, assertWithinEvent } from '../lib/rules/campaign-fields.ts';
import { decodeImage, removeLeftovers, removeStoredImage, storeImage } from '../lib/files/images.ts';
import { withinQuota } from '../lib/files/quota.ts';
import { recordImageBytes } from '../db/queries/storage.ts';
import { deleteCollectingImages } from '../db/queries/leftovers.ts';
import { assertOrganiserAccess, requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/campaigns.ts';
import { appLink } from '../../src/common/campaign-links.ts';
import { campaignInScope } from '../middleware/scope.ts';
import { readListQuery } from '../db/list-query.ts';

/**
 * Campaigns (organiser-console §2 "Campaign cards", "Campaign detail"; §3; §7):
 *
 * - POST campaign   form title, description, logo (data URL or '' / ' '), start_date, end_date
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
 * - GET  getCampaignDetailById?campaign_id=    -> Campaign + settings + event_title + templates [{ id, path }]
 * - PUT  deleteCampaign (or POST) form campaign_id -> "Campaign deleted successfully"
 * - GET  campaign/subdomain-available?event_id=&subdomain=[&campaign_id=]  -> { subdomain, available } where
 *                   available is false when any campaign already uses the subdomain (case-insensitive),
 *                   apart from `campaign_id`'s own (the edit form; 404 when it is not one the user reaches);
 *                   422 for a subdomain that is not a label of at most 63 characters
 *                   (src/common/campaign-links.ts). Lets the campaign form flag a taken subdomain
 *                   before any call that writes; POST campaign still checks again.
 *
 * Scoped through the event's organiser: 403 for another organiser's, 404 for none.
 */
export const campaignRoutes = new Hono<AppEnv>()
  .use('/campaign', requireUser)
  .use('/campaign/*', requireUser)
  .use('/getCampaigns', requireUser)
  .use('/getCampaignDetailById', requireUser)
  .use('/deleteCampaign', requireUser)
  .get('/campaign/subdomain-available', async (c) => {
    const query = { event_id: c.req.query('event_id') ?? '', subdomain: c.req.query('subdomain') ?? '', campaign_id: c.req.query('campaign_id') ?? '' };
    validate(query, { event_id: [required, recordId], subdomain: subdomainRules, campaign_id: [recordId] }, campaignLabels);
    const event = await q.eventOwner(c.var.sql, toId(query.event_id));
    if (!event) throw notFound('Event');
    await assertOrganiserAccess(c.var.sql, c.var.user, event.company_id);
    // On edit the campaign's own subdomain is free for it: only another campaign can hold it.
    const own = query.campaign_id === '' ? 0 : (await campaignInScope(c.var.sql, c.var.user, toId(query.campaign_id))).id;
    const taken = await q.subdomainTaken(c.var.sql, query.subdomain, own);
    return ok(c, { subdomain: query.subdomain.toLowerCase(), available: !taken });
  })
  .post('/campaign', async (c) => {
    const sql = c.var.sql;
    const body = await readBody(c);
    validateCampaign(body, { event_id: [required, recordId] });
    const event = await q.eventOwner(sql, toId(str(body, 'event_id')));
    if (!event) throw notFound('Event');
    await assertOrganiserAccess(sql, c.var.user, event.company_id);
    assertWithinEvent(body, event);
    const logo = decodeImage(body.logo, 'logo');
    if (await q.subdomainTaken(sql, str(body, 'subdomain'))) throw validationError({ subdomain: ['The subdomain has already been taken.'] });
    const files = c.var.files;
    const url = logo ? await storeImage(files, logo, 'campaigns') : '';
    try {
      const id = await sql.transaction(async (tx) => {
        // Checked again inside the transaction: two submissions may race for one subdomain.
        if (await q.subdomainTaken(tx, str(body, 'subdomain'))) throw validationError({ subdomain: ['The subdomain has already been taken.'] });
        return withinQuota(tx, event.company_id, 'logo', async () => {
          const id = await q.insertCampaign(tx, {
            ...campaignColumns(body), event_id: event.id, logo: url,
            friendly_url: str(body, 'friendly_url') || appLink(c.var.config.clientAppUrl, event.title, str(body, 'title').trim()),
          });
          if (logo) await recordImageBytes(tx, 'campaign', id, logo.bytes.length);
          return id;
        });
      });
      return ok(c, { id }, 'Campaign created successfully.');
    } catch (err) {
      await removeStoredImage(files, url);
      throw err;
    }
  })
  .put('/campaign/:id', async (c) => {
    const sql = c.var.sql;
    const scope = await campaignInScope(sql, c.var.user, toId(c.req.param('id')));
    const body = await readBody(c);
    validateCampaign(body);
    const event = await q.eventOwner(sql, scope.event_id);
    if (!event) throw notFound('Event');
    assertWithinEvent(body, event);
    const logo = decodeImage(body.logo, 'logo');
    const subdomain = str(body, 'subdomain');
    if (await q.subdomainTaken(sql, subdomain, scope.id)) throw validationError({ subdomain: ['The subdomain has already been taken.'] });
    const files = c.var.files;
    const url = logo ? await storeImage(files, logo, 'campaigns') : '';
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
        await withinQuota(tx, scope.company_id, 'logo', async () => {
          await q.updateCampaign(tx, scope.id, { ...columns, logo: url || current.logo, friendly_url: friendly });
          if (logo) await recordImageBytes(tx, 'campaign', scope.id, logo.bytes.length);
        });
      });
    } catch (err) {
      await removeStoredImage(files, url);
      throw err;
    }
    await removeLeftovers(files, [old]);
    return ok(c, await q.getCampaign(sql, scope.id), 'Campaign updated successfully.');
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
    const images = await c.var.sql.transaction((tx) => deleteCollectingImages(tx, 'campaign', [scope.id], q.deleteCampaign));
    await removeLeftovers(c.var.files, images);
    return ok(c, null, 'Campaign deleted successfully');
  });
