import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, createTestDatabase, TEST_DATABASE_URL } from './harness.ts';
import { startServer } from '../../server/start.ts';
import { ABILITIES } from '../../src/common/abilities.ts';

/** Migration 003-abilities on a database made before it: the catalogue is added once, existing links kept. */
test('an existing database gets every catalogue permission once, keeping a same-named one and its role links', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abilities-migration-'));
  const db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const start = () => startServer({ dataDir, databaseUrl: db?.url, adminEmail: ADMIN.email, adminPassword: ADMIN.password, demo: false, staticDir: 'dist' });
  let server: Awaited<ReturnType<typeof start>> | undefined;
  try {
    server = await start();
    // Make it look like a database from before the catalogue, whose admin had made "view users" by hand.
    await server.sql.run('DELETE FROM permissions');
    const { id } = (await server.sql.get<{ id: number }>("INSERT INTO permissions (name) VALUES ('view users') RETURNING id"))!;
    const role = (await server.sql.get<{ id: number }>("INSERT INTO roles (name) VALUES ('old-support') RETURNING id"))!.id;
    await server.sql.run('INSERT INTO role_permissions (role_id, permission_id) VALUES (?, ?)', [role, id]);
    await server.sql.run("DELETE FROM schema_migrations WHERE id = '003-abilities'");
    await server.close();
    server = undefined;

    server = await start();
    const names = await server.sql.all<{ id: number; name: string }>('SELECT id, name FROM permissions ORDER BY id');
    // 003 writes the catalogue as it stood then; 'View activity' came later with 019-activity,
    // which this database has already run (resource-migration.test covers that path).
    const of003 = ABILITIES.filter((a) => a.key !== 'activity.view');
    assert.is(names.length, of003.length);
    assert.equal(names[0], { id, name: 'view users' });
    assert.equal(new Set(names.map((n) => n.name.toLowerCase())), new Set(of003.map((a) => a.name.toLowerCase())));
    assert.ok(await server.sql.get('SELECT 1 FROM role_permissions WHERE role_id = ? AND permission_id = ?', [role, id]));
  } finally {
    // Closed here too, so a failed assertion does not leave the server (and this process) running.
    await server?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
