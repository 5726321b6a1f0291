import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ok, readBody } from '../lib/envelope.ts';
import { email } from '../lib/validate.ts';
import { hashForImport } from '../lib/passwords.ts';
import { startImportJob } from '../lib/import-jobs.ts';
import { readSpreadsheet, recordsOf, RowErrors } from '../lib/spreadsheet.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/users.ts';
import * as roles from '../db/queries/roles.ts';

export const ORGANISER_ROLE = 'Organiser users are added and changed from Organizers.';
/** The 409 answer while the same user's previous import is still queued or running. */
export const USER_IMPORT_BUSY = 'Your previous user import is still running. Wait until it has finished, then import again.';

/** The role ids whose users `user` may see and manage ("Role can access to", DESIGN.md §3); admin: all. */
export async function scopeOf(sql: Sql, user: AuthUser): Promise<q.UserScope> {
  return user.isAdmin ? 'all' : roles.accessibleRoleIds(sql, user.roles.map((r) => r.id));
}
export const inScope = (scope: q.UserScope, roleId: number) => scope === 'all' || scope.includes(roleId);

/**
 * POST user/import (admin-area §2, §7; DESIGN.md §4): multipart `file`, .csv or .xlsx with the
 * columns name, email, password, role (role by name). Every row is checked first; any problem
 * answers 422 on `file` naming the rows (the first 20) and nothing is written. A clean sheet
 * becomes a background job: the answer is `data { job_id }` at once ("The import has started.");
 * the job hashes the passwords (off the event loop, bounded), then writes every user in one
 * transaction and ends with the message "N users imported successfully." (GET import-job/{id}).
 * 409 while the same user's previous import is still queued or running.
 */
export async function importUsers(c: Context<AppEnv>) {
  const sql = c.var.sql;
  const body = await readBody(c);
  const records = recordsOf(await readSpreadsheet(body.file), ['name', 'email', 'password', 'role']);
  const scope = await scopeOf(sql, c.var.user);
  const byName = new Map((await roles.allRoles(sql)).map((r) => [r.name.toLowerCase(), r]));
  const stored = await q.storedEmails(sql, records.map((r) => r.values.email));
  const firstRowOf = new Map<string, number>();
  const errors = new RowErrors();
  for (const { row, values: v } of records) {
    const problems: string[] = [];
    if (!v.name) problems.push('The name field is required.');
    else if (v.name.length > 255) problems.push('The name may not be greater than 255 characters.');
    const key = v.email.toLowerCase();
    if (!v.email) problems.push('The email field is required.');
    else if (email(v.email, 'email')) problems.push(`The email "${v.email}" is not a valid email address.`);
    else if (firstRowOf.has(key)) problems.push(`The email ${v.email} is already used in row ${firstRowOf.get(key)}.`);
    else if (stored.has(key)) problems.push(`The email ${v.email} has already been taken.`);
    if (v.email && !firstRowOf.has(key)) firstRowOf.set(key, row);
    if (!v.password) problems.push('The password field is required.');
    const role = byName.get(v.role.toLowerCase());
    if (!v.role) problems.push('The role field is required.');
    else if (!role) problems.push(`The role "${v.role}" does not exist.`);
    else if (role.name === 'company') problems.push(ORGANISER_ROLE);
    else if (!inScope(scope, role.id)) problems.push(`You may not add users with the role ${role.name}.`);
    if (problems.length) errors.add(row, problems.join(' '));
  }
  errors.throwIfAny();
  const users = records.map((r) => ({ name: r.values.name, email: r.values.email, password: r.values.password, roleId: byName.get(r.values.role.toLowerCase())!.id }));
  const jobId = await startImportJob(sql, {
    kind: 'users', ownerKey: `user:${c.var.user.id}`, userId: c.var.user.id, rowsTotal: users.length, passwordsTotal: users.length, busyMessage: USER_IMPORT_BUSY,
  }, async (job) => {
    const hashes = await hashForImport(users.map((u) => u.password), job.hashed);
    await sql.transaction(async (tx) => {
      for (let i = 0; i < users.length; i++) {
        const u = users[i];
        await q.insertUser(tx, { name: u.name, email: u.email, passwordHash: hashes[i], roleId: u.roleId });
        job.written(1);
        // Let other requests' I/O in between batches (the transaction keeps them off the database).
        if (i % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
      }
      const n = users.length;
      await job.done(tx, `${n} user${n === 1 ? '' : 's'} imported successfully.`);
    });
  });
  return ok(c, { job_id: jobId }, 'The import has started.');
}
