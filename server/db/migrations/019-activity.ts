import { sqlMigration } from './migration.ts';
/**
 * The activity log: one row per state-changing call, written in the change's own
 * transaction (server/lib/activity/record.ts). Indexes serve the Activity screen's filters newest first
 * and a record's History. Also the ability "View activity" and the admin menu "Activity": both
 * written here as literal rows, not from the live catalogue, so a database created before this
 * migration gains them exactly as a new one does (the menu only where the admin role exists;
 * a new database gets it from the seed).
 */
export default sqlMigration(
  '019-activity',
  `
CREATE TABLE activity (
  id {{pk}}, at BIGINT NOT NULL, at_text TEXT NOT NULL,
  actor_id INTEGER, actor_name TEXT NOT NULL DEFAULT '', actor_role TEXT NOT NULL DEFAULT '', organizer_id INTEGER,
  action TEXT NOT NULL, resource TEXT NOT NULL, resource_id INTEGER, label TEXT NOT NULL DEFAULT '',
  changes TEXT NOT NULL DEFAULT '', ip TEXT NOT NULL DEFAULT '', user_agent TEXT NOT NULL DEFAULT '');
CREATE INDEX activity_actor ON activity (actor_id, id);
CREATE INDEX activity_record ON activity (resource, resource_id, id);
CREATE INDEX activity_organizer ON activity (organizer_id, id);
CREATE INDEX activity_action ON activity (action, id);
CREATE INDEX activity_at ON activity (at);
INSERT INTO permissions (name) SELECT 'View activity' WHERE NOT EXISTS (SELECT 1 FROM permissions WHERE lower(name) = 'view activity');
INSERT INTO admin_menus (title, url, status) SELECT 'Activity', '/admin/activity', 1 WHERE EXISTS (SELECT 1 FROM roles WHERE name = 'admin') AND NOT EXISTS (SELECT 1 FROM admin_menus WHERE url = '/admin/activity');
INSERT INTO admin_menu_roles (menu_id, role_id) SELECT m.id, r.id FROM admin_menus m, roles r WHERE m.url = '/admin/activity' AND r.name = 'admin' AND NOT EXISTS (SELECT 1 FROM admin_menu_roles x WHERE x.menu_id = m.id AND x.role_id = r.id);
`,
);
