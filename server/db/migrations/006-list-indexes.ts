import { sqlMigration } from './migration.ts';
/**
 * Indexes for the lists (search, sort, filters, last page) at a million rows: each list's scope
 * column first, then the sort key (lower-cased where the list sorts case-insensitively), then id,
 * so a sorted page or an OFFSET page walks an index instead of sorting the table. Expression
 * indexes on lower(...) are valid on both engines and match the list queries' expressions exactly.
 */
export default sqlMigration(
  '006-list-indexes',
  `
CREATE INDEX users_name_lc ON users (lower(name), id);
CREATE INDEX users_created ON users (created_at, id);
CREATE INDEX user_roles_role ON user_roles (role_id, user_id);
CREATE INDEX companies_name_lc ON companies (lower(name), id);
CREATE INDEX admin_menus_title_lc ON admin_menus (lower(title), id);
CREATE INDEX pages_title_lc ON pages (lower(title), id);
CREATE INDEX events_company_start ON events (company_id, start_date, id);
CREATE INDEX events_company_end ON events (company_id, end_date, id);
CREATE INDEX events_company_title_lc ON events (company_id, lower(title), id);
CREATE INDEX bookings_company_date ON bookings (company_id, date, id);
CREATE INDEX bookings_company_status ON bookings (company_id, status, id);
CREATE INDEX event_photos_event_bid ON event_photos (event_id, bid_number);
CREATE INDEX event_photos_event_bid_lc ON event_photos (event_id, lower(bid_number), id);
CREATE INDEX event_photos_event_orientation ON event_photos (event_id, orientation, id);
CREATE INDEX participant_videos_campaign_name_lc ON participant_videos (campaign_id, status, lower(name), id);
CREATE INDEX conference_users_campaign ON conference_users (campaign_id, id);
`,
);
