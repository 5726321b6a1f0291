import type { Sql } from '../db/sql.ts';
import type { FileStore } from '../lib/files/file-store.ts';
import { Invalid, NotFound } from '../runtime/domain-errors.ts';
import { removeLeftovers, withStoredImage } from '../lib/files/images.ts';
import { recordImageBytes } from '../db/queries/storage.ts';
import { deleteCollectingImages } from '../db/queries/leftovers.ts';
import * as q from '../db/queries/campaigns.ts';
import { recordActivity, recordCreate, type Who } from '../lib/activity/record.ts';
import { readRecord } from '../lib/activity/activity-records.ts';
import { appLink } from '../../src/common/campaign-links.ts';
import { sponsorsText } from '../../src/common/campaign-settings.ts';
import { campaignDatesOutsideEvent } from '../../src/common/dates.ts';
import type { CampaignDetail } from '../../src/common/contract/schemas.ts';
import type { CampaignInput, CampaignUpdate } from '../../src/common/contract/organiser.ts';

/**
 * What the campaign calls do (organiser-console §2 "Campaign cards", "Campaign detail"; §3; §7;
 * docs/campaigns.md): create and edit with the rules that need the database — the dates within
 * the event's, the subdomain unused by any other campaign (checked again inside
 * the transaction: two submissions may race) — the logo (stored first, removed again when the
 * write fails, counted against the organiser's quota), the app link; delete with the stored
 * images. routes/campaigns.ts checks who asks and reads the input (common/contract/organiser.ts
 * CampaignInput, CampaignUpdate: every field's own rule, end ≥ start, the BIB range).
 */

/** The list whose sort, search and filter the campaign cards accept. */
export const CAMPAIGN_LIST = q.CAMPAIGN_LIST;
/** Every campaign of one event (oldest first unless sorted). */
export const listCampaigns = q.listCampaigns;
/** One campaign with its settings, event title and templates, or undefined. */
export const getCampaign = q.getCampaign;

const TAKEN = { subdomain: ['The subdomain has already been taken.'] };

/** Event `eventId` with its organiser (company_id), title and dates; 404 "Event not found." when there is none. */
export async function findEvent(sql: Sql, eventId: number) {
  const event = await q.eventOwner(sql, eventId);
  if (!event) throw new NotFound('Event');
  return event;
}

/** Whether no campaign but `ownId` (0: none) uses `subdomain`, compared case-insensitively. */
export const subdomainFree = async (sql: Sql, subdomain: string, ownId = 0) => !(await q.subdomainTaken(sql, subdomain, ownId));

/** 422 on start_date / end_date when the campaign's dates leave its event's (the form's message naming the event's dates). */
function assertWithinEvent(v: { start_date: string; end_date: string }, event: { start_date: string; end_date: string }): void {
  const p = campaignDatesOutsideEvent(v.start_date, v.end_date, event.start_date, event.end_date);
  const errors: Record<string, string[]> = {};
  if (p.start) errors.start_date = [p.start];
  if (p.end) errors.end_date = [p.end];
  if (Object.keys(errors).length) throw new Invalid(errors);
}

const num = (v: string | number | undefined, fallback: number) => (v === undefined || v === '' ? fallback : Number(v));
const text = (v: string | number | undefined) => (v === undefined ? '' : String(v));

/** The stored columns of a checked campaign body, apart from event, logo and app link (defaults: event type RUNNING, tolerances 0, application 1). */
function campaignColumns(v: CampaignUpdate) {
  return {
    title: v.title.trim(),
    description: v.description,
    start_date: v.start_date,
    end_date: v.end_date,
    type: v.type,
    share_post_quote: text(v.share_post_quote),
    image_console_id: v.image_console_id,
    is_sales_event: num(v.is_sales_event, 0),
    is_dynamic_branding: num(v.is_dynamic_branding, 0),
    application: num(v.application, 1),
    subdomain: v.subdomain.toLowerCase(),
    event_url: text(v.event_url),
    event_type: text(v.event_type) || 'RUNNING',
    location: text(v.location).trim(),
    organizer: text(v.organizer).trim(),
    sponsors: sponsorsText(text(v.sponsors)),
    primary_tolerance: text(v.primary_tolerance) || '0',
    secondary_tolerance: text(v.secondary_tolerance) || '0',
    recognition_tolerance: text(v.recognition_tolerance) || '0',
    payment_slab: text(v.payment_slab) === '0' ? '' : text(v.payment_slab),
    date_filtering: num(v.date_filtering, 0),
    is_bib_number_present: num(v.is_bib_number_present, 0),
    bib_start_range: text(v.bib_start_range).trim(),
    bib_end_range: text(v.bib_end_range).trim(),
    bib_length: text(v.bib_length).trim(),
    bib_number_prefix: text(v.bib_number_prefix).trim(),
    bib_number_suffix: text(v.bib_number_suffix).trim(),
  };
}

/**
 * Creates a campaign of `event` (found with findEvent, its organiser checked by the caller):
 * 422 for dates outside the event's or a taken subdomain; the app link is made from `appUrl`
 * (CLIENT_APP_URL) unless sent. Resolves to the new id.
 */
export async function createCampaign(
  sql: Sql,
  files: FileStore,
  who: Who,
  appUrl: string,
  event: { id: number; company_id: number; title: string; start_date: string; end_date: string },
  input: CampaignInput,
): Promise<number> {
  assertWithinEvent(input, event);
  if (!(await subdomainFree(sql, input.subdomain))) throw new Invalid(TAKEN);
  const { result } = await withStoredImage(sql, files, event.company_id, input.logo, 'logo', 'campaigns', async (tx, url, bytes) => {
    if (!(await subdomainFree(tx, input.subdomain))) throw new Invalid(TAKEN);
    const id = await q.insertCampaign(tx, {
      ...campaignColumns(input),
      event_id: event.id,
      logo: url,
      friendly_url: input.friendly_url || appLink(appUrl, event.title, input.title.trim()),
    });
    if (bytes) await recordImageBytes(tx, 'campaign', id, bytes);
    await recordCreate(tx, who, 'campaigns', id, { resource: 'campaigns', label: input.title.trim(), organiserId: event.company_id });
    return id;
  });
  return result;
}

/**
 * Edits campaign `scope` (its organiser checked by the caller) with every field of the form but
 * the event: 422 for dates outside the event's or a subdomain another campaign holds; a new logo
 * replaces the old one (removed after the commit); an app link made from the old title follows the
 * new title, one set by hand stays. Resolves to the campaign after.
 */
export async function updateCampaign(
  sql: Sql,
  files: FileStore,
  who: Who,
  appUrl: string,
  scope: { id: number; event_id: number; company_id: number },
  input: CampaignUpdate,
): Promise<CampaignDetail | undefined> {
  assertWithinEvent(input, await findEvent(sql, scope.event_id));
  if (!(await subdomainFree(sql, input.subdomain, scope.id))) throw new Invalid(TAKEN);
  let old = '';
  const { url } = await withStoredImage(sql, files, scope.company_id, input.logo, 'logo', 'campaigns', async (tx, url, bytes) => {
    if (!(await subdomainFree(tx, input.subdomain, scope.id))) throw new Invalid(TAKEN);
    const before = await readRecord(tx, 'campaigns', scope.id, { lock: true });
    const current = before && (await q.getCampaign(tx, scope.id));
    if (!current) throw new NotFound('Campaign');
    old = url ? current.logo : '';
    const made = current.friendly_url === appLink(appUrl, current.event_title, current.title);
    const columns = campaignColumns(input);
    const friendly = made ? appLink(appUrl, current.event_title, columns.title) : current.friendly_url;
    if (!(await q.updateCampaign(tx, scope.company_id, scope.id, { ...columns, logo: url || current.logo, friendly_url: friendly })))
      throw new NotFound('Campaign');
    if (bytes) await recordImageBytes(tx, 'campaign', scope.id, bytes);
    await recordActivity(tx, who, {
      resource: 'campaigns',
      action: 'update',
      id: scope.id,
      label: columns.title,
      organiserId: scope.company_id,
      before,
      after: await readRecord(tx, 'campaigns', scope.id),
    });
  });
  if (url) await removeLeftovers(files, [old]);
  return q.getCampaign(sql, scope.id);
}

/** Deletes campaign `scope.id` of organiser `scope.company_id` (the statement carries the owner; its templates go by cascade), then the stored images. 404 when it is not that organiser's. */
export async function deleteCampaign(sql: Sql, files: FileStore, who: Who, scope: { id: number; company_id: number }): Promise<void> {
  const id = scope.id;
  const images = await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'campaigns', id);
    if (!before) throw new NotFound('Campaign');
    const images = await deleteCollectingImages(tx, 'campaign', [id], async (t, one) => {
      if (!(await q.deleteCampaign(t, one, scope.company_id))) throw new NotFound('Campaign');
    });
    await recordActivity(tx, who, { resource: 'campaigns', action: 'delete', id, label: String(before.title), organiserId: scope.company_id, before });
    return images;
  });
  await removeLeftovers(files, images);
}
