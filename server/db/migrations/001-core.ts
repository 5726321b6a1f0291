import { sqlMigration } from './migration.ts';
/**
 * The whole first schema: identity and access, admin content, organisers and their data
 * (DESIGN.md §3–§4). `{{pk}}` becomes the engine's auto-increment primary key.
 * Times are integers, milliseconds since the epoch; dates (events, campaigns) are YYYY-MM-DD text.
 * Fractions are DOUBLE PRECISION (REAL affinity on SQLite; PostgreSQL's REAL would be 4-byte).
 */
export default sqlMigration(
  '001-core',
  `
CREATE TABLE roles (id {{pk}}, name TEXT NOT NULL UNIQUE);
CREATE TABLE permissions (id {{pk}}, name TEXT NOT NULL);
CREATE TABLE role_permissions (
  role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  permission_id INTEGER NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, permission_id));
CREATE TABLE role_access (
  role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  access_role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, access_role_id));

CREATE TABLE companies (
  id {{pk}}, name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL DEFAULT 2, created_at BIGINT NOT NULL);
CREATE TABLE company_details (
  company_id INTEGER PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  description TEXT NOT NULL DEFAULT '');
CREATE TABLE company_days (
  company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  day_id INTEGER NOT NULL CHECK (day_id BETWEEN 1 AND 7),
  PRIMARY KEY (company_id, day_id));

CREATE TABLE users (
  id {{pk}}, name TEXT NOT NULL, email TEXT NOT NULL, password_hash TEXT NOT NULL,
  image TEXT NOT NULL DEFAULT '',
  company_id INTEGER REFERENCES companies(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL);
CREATE UNIQUE INDEX users_email ON users (lower(email));
CREATE TABLE user_roles (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id));

CREATE TABLE tokens (
  id {{pk}}, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE, expires_at BIGINT NOT NULL, revoked_at BIGINT,
  created_at BIGINT NOT NULL);
CREATE TABLE login_failures (key TEXT NOT NULL, at BIGINT NOT NULL);
CREATE INDEX login_failures_key ON login_failures (key, at);

CREATE TABLE admin_menus (id {{pk}}, title TEXT NOT NULL, url TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL DEFAULT 2);
CREATE TABLE admin_menu_roles (
  menu_id INTEGER NOT NULL REFERENCES admin_menus(id) ON DELETE CASCADE,
  role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  PRIMARY KEY (menu_id, role_id));

CREATE TABLE pages (id {{pk}}, title TEXT NOT NULL, content TEXT NOT NULL);
CREATE TABLE company_settings (id INTEGER PRIMARY KEY CHECK (id = 1), logo TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL DEFAULT '', primary_mail TEXT NOT NULL DEFAULT '', sales_mail TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '', address TEXT NOT NULL DEFAULT '');
CREATE TABLE email_settings (id INTEGER PRIMARY KEY CHECK (id = 1), smtp_server TEXT NOT NULL DEFAULT '',
  smtp_email TEXT NOT NULL DEFAULT '', smtp_username TEXT NOT NULL DEFAULT '',
  smtp_password TEXT NOT NULL DEFAULT '', smtp_port TEXT NOT NULL DEFAULT '', smtp_type TEXT NOT NULL DEFAULT '');

CREATE TABLE bookings (
  id {{pk}}, company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  date TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL DEFAULT '', phone TEXT NOT NULL DEFAULT '',
  token TEXT, status INTEGER NOT NULL DEFAULT 0, created_at BIGINT NOT NULL);
CREATE INDEX bookings_company ON bookings (company_id, id);

CREATE TABLE events (
  id {{pk}}, company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', start_date TEXT NOT NULL, end_date TEXT NOT NULL,
  logo TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL);
CREATE INDEX events_company ON events (company_id, id);

CREATE TABLE event_photos (
  id {{pk}}, event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  bid_number TEXT NOT NULL, low_res_image TEXT NOT NULL, high_res_image TEXT NOT NULL,
  price_type INTEGER NOT NULL DEFAULT 1, price TEXT NOT NULL DEFAULT '0', orientation TEXT NOT NULL);
CREATE INDEX event_photos_event ON event_photos (event_id, id);

CREATE TABLE campaigns (
  id {{pk}}, event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', logo TEXT NOT NULL DEFAULT '',
  start_date TEXT NOT NULL, end_date TEXT NOT NULL, type INTEGER NOT NULL,
  share_post_quote TEXT NOT NULL DEFAULT '', image_console_id TEXT NOT NULL DEFAULT '',
  is_sales_event INTEGER NOT NULL DEFAULT 0, is_dynamic_branding INTEGER NOT NULL DEFAULT 0,
  application INTEGER NOT NULL DEFAULT 1, subdomain TEXT NOT NULL DEFAULT '',
  event_url TEXT NOT NULL DEFAULT '', friendly_url TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL);
CREATE INDEX campaigns_event ON campaigns (event_id, id);

CREATE TABLE templates (
  id {{pk}}, campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  path TEXT NOT NULL, template_json TEXT NOT NULL DEFAULT '{}',
  x DOUBLE PRECISION NOT NULL, y DOUBLE PRECISION NOT NULL, width DOUBLE PRECISION NOT NULL,
  height DOUBLE PRECISION NOT NULL, template_width DOUBLE PRECISION NOT NULL,
  template_height DOUBLE PRECISION NOT NULL, created_at BIGINT NOT NULL);

CREATE TABLE participant_videos (
  id {{pk}}, campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  name TEXT NOT NULL, age INTEGER, district TEXT NOT NULL DEFAULT '', school_name TEXT NOT NULL DEFAULT '',
  dropbox_shareable_link TEXT NOT NULL DEFAULT '', video_url TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL DEFAULT 1, created_at BIGINT NOT NULL);
CREATE INDEX participant_videos_campaign ON participant_videos (campaign_id, status, id);

CREATE TABLE conference_users (
  id {{pk}}, campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'attende', UNIQUE (campaign_id, user_id));

CREATE TABLE recognition_events (
  id {{pk}}, payload TEXT NOT NULL, bib_filter TEXT, created_at BIGINT NOT NULL);
`,
);
