import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, createTestDatabase, startTestApi, TEST_DATABASE_URL, testEngine, type TestApi } from './harness.ts';
import { tokenFor } from './admin-helpers.ts';
import { openSqlite } from '../../server/db/sqlite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import { insertRole } from '../../server/db/queries/seed.ts';
import { insertUser } from '../../server/db/queries/users.ts';
import { createMenu } from '../../server/db/queries/menus.ts';
import { hashPassword } from '../../server/lib/auth/passwords.ts';
import { ABILITIES } from '../../src/common/abilities.ts';
import { ADMIN_MENUS } from '../../server/seed/index.ts';
import { DECLARED_MENUS } from '../../src/common/declared-access.ts';

// A resource added to the catalogue reaches databases created before it through
// its own migration, written with literal names (not the live catalogue). The database below is
// built as the release before the activity resource left it: the migrations before
// 019-activity and that release's seed (roles admin and company, the admin, the seven menus).

const BEFORE = migrations.findIndex((m) => m.id === '019-activity');
const OLD_MENUS = [
  ['Permissions', '/admin/permissions'],
  ['Roles', '/admin/roles'],
  ['Users', '/admin/users'],
  ['Pages', '/admin/pages'],
  ['Menus', '/admin/adminmenus'],
  ['Settings', '/admin/settings'],
  ['Organizers', '/admin/organizers'],
] as const;

/** A database as the release before 019-activity left it; `url` for PostgreSQL, else `dataDir`'s SQLite file. */
async function oldDatabase(dataDir: string, url?: string) {
  const sql = url ? openPostgres(url) : openSqlite(path.join(dataDir, 'app.db'));
  try {
    await migrate(sql, migrations.slice(0, BEFORE));
    const admin = await insertRole(sql, 'admin');
    await insertRole(sql, 'company');
    const userId = await insertUser(sql, { name: 'Administrator', email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password), roleId: admin });
    for (const [title, url] of OLD_MENUS) await createMenu(sql, { title, url, status: 1, roleIds: [admin] });
    // The old release's admin also made a permission of its own and a role holding it.
    await sql.run("INSERT INTO permissions (name) VALUES ('Export reports')");
    return { userId };
  } finally {
    await sql.close();
  }
}

/** The permission names and role admin's menus of an install, in a comparable form. */
async function grantsOf(api: TestApi) {
  const permissions = (await api.sql.all<{ name: string }>('SELECT name FROM permissions')).map((p) => p.name).sort();
  const menus = (
    await api.sql.all<{ title: string; url: string; status: number }>(
      "SELECT m.title, m.url, m.status FROM admin_menus m JOIN admin_menu_roles x ON x.menu_id = m.id JOIN roles r ON r.id = x.role_id WHERE r.name = 'admin' ORDER BY m.url",
    )
  ).map((m) => `${m.title} ${m.url} ${Number(m.status)}`);
  return { permissions, menus };
}

test(`[${testEngine}] a database created before this change gains the new resource's permissions and menu after migrating`, async () => {
  assert.ok(BEFORE > 0, '019-activity is among the migrations');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'resource-migration-'));
  const db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  let api: TestApi | undefined, fresh: TestApi | undefined;
  try {
    const { userId } = await oldDatabase(dataDir, db?.url);
    api = await startTestApi({ dataDir, databaseUrl: db?.url });
    const admin = await api.login();

    // The admin sees the new menu and opens its screen; the permission is in the Permissions list.
    const menus = (await api.call('GET', 'user/getmenu', { token: admin })).body.data.live_adminmenus;
    // The old menus, then Activity, then any resource declared after it (each brought by its own migration).
    const titles = menus.map((m: { title: string }) => m.title) as string[];
    assert.equal(titles.slice(0, OLD_MENUS.length + 1), [...OLD_MENUS.map(([t]) => t), 'Activity']);
    assert.equal([...titles].sort(), DECLARED_MENUS.map(([t]) => t).sort());
    assert.is((await api.call('GET', 'route/check?route=activity', { token: admin })).body.data, true);
    assert.is((await api.call('GET', 'activity', { token: admin })).status, 200);
    const perms = (await api.call('GET', 'permission', { token: admin })).body.data as { name: string }[];
    assert.is(perms.filter((p) => p.name === 'View activity').length, 1);

    // A staff role can be given it and then reads the activity log, as on a new install.
    const staff = await tokenFor(api, admin, ['activity']);
    assert.is((await api.call('GET', 'activity', { token: staff.token })).status, 200);

    // Every catalogue permission and every admin menu is there once, as on a database made now;
    // what the old admin made stays.
    const migrated = await grantsOf(api);
    assert.equal(migrated.permissions, [...ABILITIES.map((a) => a.name), 'Export reports'].sort());
    fresh = await startTestApi();
    const made = await grantsOf(fresh);
    assert.equal(migrated.menus, made.menus);
    assert.equal(made.menus.length, ADMIN_MENUS.length);
    assert.equal(
      migrated.permissions.filter((p) => p !== 'Export reports'),
      made.permissions,
    );

    // Starting again applies nothing twice.
    await api.close();
    api = await startTestApi({ dataDir, databaseUrl: db?.url });
    assert.equal(await grantsOf(api), migrated);
    assert.ok(await api.sql.get('SELECT 1 FROM users WHERE id = ?', [userId]), 'the old admin is still there');
  } finally {
    await api?.stop();
    await fresh?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
