/**
 * SQL that gives a database the permissions and the admin menu of an admin resource, for the
 * migration that introduces the resource (docs/architecture.md "Adding a resource"). Every name
 * is written into the migration as a literal, never read from the live catalogue
 * (src/common/abilities.ts) or the seed's ADMIN_MENUS: a migration runs once per database, so its
 * text must say what that resource brought at the time, on a database of any age.
 *
 * Idempotent on any database: a permission stored under the same name in any case is kept with
 * its role links; the menu is added (status Active, attached to role admin) only where role admin
 * exists and no menu has that url yet. A new database has no roles while it migrates and gets the
 * menu from the seed (server/seed/index.ts ADMIN_MENUS) instead.
 */
export function resourceGrantsSql(g: { permissions: readonly string[]; menu?: { title: string; url: string } }): string {
  const q = (s: string) => `'${s.replaceAll("'", "''")}'`;
  const lines = g.permissions.map(
    (name) => `INSERT INTO permissions (name) SELECT ${q(name)} WHERE NOT EXISTS (SELECT 1 FROM permissions WHERE lower(name) = lower(${q(name)}));`,
  );
  if (g.menu) {
    const { title, url } = g.menu;
    lines.push(
      `INSERT INTO admin_menus (title, url, status) SELECT ${q(title)}, ${q(url)}, 1 WHERE EXISTS (SELECT 1 FROM roles WHERE name = 'admin') AND NOT EXISTS (SELECT 1 FROM admin_menus WHERE url = ${q(url)});`,
      `INSERT INTO admin_menu_roles (menu_id, role_id) SELECT m.id, r.id FROM admin_menus m, roles r WHERE m.url = ${q(url)} AND r.name = 'admin' AND NOT EXISTS (SELECT 1 FROM admin_menu_roles x WHERE x.menu_id = m.id AND x.role_id = r.id);`,
    );
  }
  return lines.join('\n');
}
