import type { Sql } from '../sql.ts';
import { orderOf, PLAIN, whereOf, type ListQuery, type ListSpec } from '../list-query.ts';

/**
 * Campaign rows (organiser-console §3 "Campaign"). Every campaign belongs to an event, and the
 * event's `company_id` is the organiser the caller must reach (DESIGN.md §3).
 */
export type { Campaign, CampaignSettings, CampaignDetail, TemplateRef } from '../../../src/common/contract/schemas.ts';
import type { Campaign, CampaignSettings, CampaignDetail, TemplateRef } from '../../../src/common/contract/schemas.ts';
import { ownedRowCondition } from '../tenancy.ts';
const SETTINGS: (keyof CampaignSettings)[] = [
  'event_type',
  'location',
  'organizer',
  'sponsors',
  'primary_tolerance',
  'secondary_tolerance',
  'recognition_tolerance',
  'payment_slab',
  'date_filtering',
  'is_bib_number_present',
  'bib_start_range',
  'bib_end_range',
  'bib_length',
  'bib_number_prefix',
  'bib_number_suffix',
];
/** Who owns a campaign: its event, the event's organiser, its type and titles. */
export interface CampaignScope {
  id: number;
  event_id: number;
  company_id: number;
  type: number;
  title: string;
  event_title: string;
}
/** What a campaign's scope check reads beside its organiser (http/middleware/scope.ts campaignInScope). */
export const CAMPAIGN_SCOPE_COLUMNS = 'id, event_id, type, title, (SELECT title FROM events WHERE events.id = campaigns.event_id) AS event_title';
/** A campaign row to insert; the form's settings are optional. */
export type NewCampaign = Omit<Campaign, 'id'> & Partial<CampaignSettings>;
/** What PUT campaign/{id} changes: everything but the event. */
export type CampaignChange = Omit<Campaign, 'id' | 'event_id'> & CampaignSettings;

const COLUMNS = `c.id, c.event_id, c.title, c.description, c.logo, c.start_date, c.end_date, c.type, c.share_post_quote,
  c.image_console_id, c.is_sales_event, c.is_dynamic_branding, c.application, c.subdomain, c.event_url, c.friendly_url`;
const DETAIL_COLUMNS = `${COLUMNS}, ${SETTINGS.map((k) => `c.${k}`).join(', ')}`;

/** The organiser of an event, or undefined when the event does not exist. */
export const eventOwner = (sql: Sql, eventId: number) =>
  sql.get<{ id: number; company_id: number; title: string; start_date: string; end_date: string }>(
    'SELECT id, company_id, title, start_date, end_date FROM events WHERE id = ?',
    [eventId],
  );

/** The campaign cards: search title, sort, filter by type (1 image, 2 video, 3 conference, 4 photo app). Not paged. */
export const CAMPAIGN_LIST: ListSpec = {
  from: 'campaigns c',
  idCol: 'c.id',
  columns: COLUMNS,
  search: ['c.title'],
  sort: { id: 'c.id', title: 'lower(c.title)', start_date: 'c.start_date', end_date: 'c.end_date', type: 'c.type' },
  defaultOrder: 'c.id',
  filters: { type: { values: ['1', '2', '3', '4'], where: 'c.type = ?', param: Number } },
  csv: [
    ['id', 'c.id'],
    ['title', 'c.title'],
    ['start_date', 'c.start_date'],
    ['end_date', 'c.end_date'],
    ['type', 'c.type'],
  ],
  csvDates: ['start_date', 'end_date'],
};

/** The campaigns of one event, oldest first unless sorted (the cards of the Campaigns tab). */
export async function listCampaigns(sql: Sql, eventId: number, lq: ListQuery = PLAIN) {
  const [where, params] = whereOf(CAMPAIGN_LIST, lq, { where: 'c.event_id = ?', params: [eventId] }, sql.engine);
  return sql.all<Campaign>(`SELECT ${COLUMNS} FROM campaigns c ${where} ORDER BY ${orderOf(CAMPAIGN_LIST, lq)}`, params);
}

/** One campaign with its templates and its event's title, or undefined. */
export async function getCampaign(sql: Sql, id: number): Promise<CampaignDetail | undefined> {
  const row = await sql.get<Campaign & CampaignSettings & { event_title: string }>(
    `SELECT ${DETAIL_COLUMNS}, e.title AS event_title FROM campaigns c JOIN events e ON e.id = c.event_id WHERE c.id = ?`,
    [id],
  );
  if (!row) return undefined;
  const templates = await sql.all<TemplateRef>('SELECT id, path FROM templates WHERE campaign_id = ? ORDER BY id', [id]);
  return { ...row, templates };
}

/** True when another campaign than `exceptId` already uses `subdomain` (case-insensitive). */
export async function subdomainTaken(sql: Sql, subdomain: string, exceptId = 0): Promise<boolean> {
  const row = await sql.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM campaigns WHERE lower(subdomain) = lower(?) AND id <> ?', [subdomain, exceptId]);
  return Number(row?.n ?? 0) > 0;
}

/** Inserts a campaign; resolves to its new id. Call inside a transaction when it is one write among several. */
export async function insertCampaign(sql: Sql, c: NewCampaign): Promise<number> {
  const row = await sql.get<{ id: number }>(
    `INSERT INTO campaigns (event_id, title, description, logo, start_date, end_date, type, share_post_quote, image_console_id,
       is_sales_event, is_dynamic_branding, application, subdomain, event_url, friendly_url, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      c.event_id,
      c.title,
      c.description,
      c.logo,
      c.start_date,
      c.end_date,
      c.type,
      c.share_post_quote,
      c.image_console_id,
      c.is_sales_event,
      c.is_dynamic_branding,
      c.application,
      c.subdomain,
      c.event_url,
      c.friendly_url,
      Date.now(),
    ],
  );
  const settings = SETTINGS.filter((k) => c[k] !== undefined);
  if (settings.length)
    await sql.run(`UPDATE campaigns SET ${settings.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`, [...settings.map((k) => c[k]!), row!.id]);
  return row!.id;
}

const CHANGE_COLUMNS = [
  'title',
  'description',
  'logo',
  'start_date',
  'end_date',
  'type',
  'share_post_quote',
  'image_console_id',
  'is_sales_event',
  'is_dynamic_branding',
  'application',
  'subdomain',
  'event_url',
  'friendly_url',
  ...SETTINGS,
] as const;

/** Writes every field of a campaign edit of organiser `organiserId`; false when the campaign is gone (or not its). */
export const updateCampaign = async (sql: Sql, organiserId: number, id: number, c: CampaignChange) => {
  const [where, params] = ownedRowCondition('campaigns', id, organiserId);
  return (
    (await sql.run(`UPDATE campaigns SET ${CHANGE_COLUMNS.map((k) => `${k} = ?`).join(', ')} WHERE ${where}`, [
      ...CHANGE_COLUMNS.map((k) => c[k]),
      ...params,
    ])) > 0
  );
};

/** Deletes a campaign; its templates, videos and conference users go with it (ON DELETE CASCADE). */
export const deleteCampaign = (sql: Sql, id: number, organiserId: number) => {
  const [where, params] = ownedRowCondition('campaigns', id, organiserId);
  return sql.run(`DELETE FROM campaigns WHERE ${where}`, params);
};

/** The events of the organiser whose company e-mail is `email`, oldest id first (demo seed). */
export const eventsOfCompany = (sql: Sql, email: string) =>
  sql.all<{ id: number; company_id: number; title: string; start_date: string; end_date: string }>(
    `SELECT e.id, e.company_id, e.title, e.start_date, e.end_date FROM events e JOIN companies c ON c.id = e.company_id
     WHERE lower(c.email) = lower(?) ORDER BY e.id`,
    [email],
  );
