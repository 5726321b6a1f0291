import type { Sql } from '../db/sql.ts';
import { hashPassword, randomPassword } from '../lib/auth/passwords.ts';
import * as q from '../db/queries/seed.ts';
import { insertUser } from '../db/queries/users.ts';
import { createMenu } from '../db/queries/menus.ts';
import { seedDemo } from './demo.ts';
import { DECLARED_MENUS } from '../../src/common/declared-access.ts';

/** The admin menus every install starts with (DESIGN.md §3), attached to role admin: one per declared screen (src/common/resources.ts). */
export const ADMIN_MENUS = DECLARED_MENUS;

/** Whether the seed ran, the admin e-mail, and the generated password to print once (when none was given). */
export interface SeedResult {
  seeded: boolean;
  adminEmail: string;
  generatedPassword?: string;
}

/**
 * Seeds an empty database (no users) in one transaction: roles admin and company, the admin
 * user, the admin menus, and with `demo` the demo data every screen shows. A database that
 * already has users is left untouched. When no password is given one is generated and returned
 * so the caller prints it once.
 */
export async function seedIfEmpty(sql: Sql, opts: { adminEmail: string; adminPassword?: string; demo: boolean }): Promise<SeedResult> {
  if ((await q.countUsers(sql)) > 0) return { seeded: false, adminEmail: opts.adminEmail };
  const password = opts.adminPassword || randomPassword();
  const passwordHash = await hashPassword(password);
  const seeded = await sql.transaction(async (tx) => {
    // Another process may have seeded between the count above and this transaction.
    await q.lockSeed(tx);
    if ((await q.countUsers(tx)) > 0) return false;
    const adminRole = await q.insertRole(tx, 'admin');
    const companyRole = await q.insertRole(tx, 'company');
    await insertUser(tx, { name: 'Administrator', email: opts.adminEmail, passwordHash, roleId: adminRole });
    for (const [title, url] of ADMIN_MENUS) await createMenu(tx, { title, url, status: 1, roleIds: [adminRole] });
    if (opts.demo) await seedDemo(tx, { adminRole, companyRole });
    return true;
  });
  if (!seeded) return { seeded: false, adminEmail: opts.adminEmail };
  return { seeded: true, adminEmail: opts.adminEmail, generatedPassword: opts.adminPassword ? undefined : password };
}
