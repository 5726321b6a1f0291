import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { hashForImport } from '../lib/auth/passwords.ts';
import { startImportJob } from '../lib/jobs/import-jobs.ts';
import { RowErrors, type SheetRecord } from '../lib/spreadsheets/spreadsheet.ts';
import { nextTurn, WORK_SLICE } from '../runtime/next-turn.ts';
import { userRowProblems } from '../../src/common/contract/rules.ts';
import type { USER_IMPORT_COLUMNS } from '../../src/common/sheet-rules.ts';
import * as q from '../db/queries/users.ts';
import * as roles from '../db/queries/roles.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';

/**
 * The user import (POST user/import, user/import/check): a sheet's rows checked, then written by
 * a background job, one user a row, each invited as its role; and the check of which addresses
 * are already stored.
 */

/** The 409 answer while the same user's previous import is still queued or running. */
export const USER_IMPORT_BUSY = 'Your previous user import is still running. Wait until it has finished, then import again.';

/**
 * POST user/import (admin-area §7, DESIGN.md §4): checks every row of the sheet first (the rules
 * of src/common/contract/rules.ts; only roles `caller` may give); any problem throws one 422 on
 * `file` naming the rows, nothing written. A clean sheet becomes a background job (lib/jobs/import-jobs.ts;
 * 409 USER_IMPORT_BUSY while the caller's previous one runs) that hashes the given passwords
 * within the hash-slot bound (a blank one is an invitation: nothing to hash, its
 * e-mail queued with the user), then writes every user in one transaction, each recording the
 * job's id, and calls `queued` (the route wakes the mail sender). Resolves to the job id.
 */
export async function importUsers(
  sql: Sql,
  caller: AuthUser,
  who: Who,
  records: SheetRecord<(typeof USER_IMPORT_COLUMNS)[number]>[],
  queued: () => void,
): Promise<number> {
  const byName = new Map((await roles.allRoles(sql)).map((r) => [r.name.toLowerCase(), r]));
  const stored = await q.storedEmails(
    sql,
    records.map((r) => r.values.email),
  );
  const ctx = { firstRowOf: new Map<string, number>(), stored, roles: { roles: byName, assignable: await caller.assignable() } };
  const errors = new RowErrors();
  for (const [i, { row, values: v }] of records.entries()) {
    // 50,000 rows of checks would hold the event loop for tens of ms in one go.
    if (i > 0 && i % WORK_SLICE === 0) await nextTurn();
    const problems = userRowProblems(row, v, ctx);
    if (problems.length) errors.add(row, problems.join(' '));
  }
  errors.throwIfAny();
  const rows = records.map((r) => ({
    name: r.values.name,
    email: r.values.email,
    password: r.values.password,
    roleId: byName.get(r.values.role.toLowerCase())!.id,
  }));
  return startImportJob(
    sql,
    {
      kind: 'users',
      ownerKey: `user:${caller.id}`,
      userId: caller.id,
      rowsTotal: rows.length,
      passwordsTotal: rows.filter((u) => u.password).length,
      busyMessage: USER_IMPORT_BUSY,
    },
    async (job) => {
      // Only given passwords are hashed; a blank one is an invitation, queued by insertUser with the user.
      const given = await hashForImport(
        rows.filter((u) => u.password).map((u) => u.password),
        job.hashed,
      );
      let next = 0;
      const hashes = rows.map((u) => (u.password ? given[next++] : ''));
      await sql.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i++) {
          const u = rows[i];
          await q.insertUser(tx, { name: u.name, email: u.email, passwordHash: hashes[i], roleId: u.roleId, importJobId: job.id });
          job.written(1);
          // Let other requests in between batches (the transaction keeps them off the database);
          // a user is three writes with their triggers, so a batch is a fifth of a slice.
          if (i % (WORK_SLICE / 5) === WORK_SLICE / 5 - 1) await nextTurn();
        }
        const n = rows.length;
        await job.done(tx, `${n} user${n === 1 ? '' : 's'} imported successfully.`);
      });
      queued();
    },
    (tx, id) =>
      recordActivity(tx, who, { resource: 'imports', action: 'import', id, label: 'Users import', changes: { rows: { from: null, to: rows.length } } }),
  );
}

/** POST user/import/check: of `lines` (trimmed, blanks and repeats dropped), the addresses already stored, lower-case. */
export async function takenEmails(sql: Sql, lines: string[]): Promise<string[]> {
  const emails = [...new Set(lines.map((e) => e.trim()).filter((e) => e !== ''))];
  return [...(await q.storedEmails(sql, emails))];
}
