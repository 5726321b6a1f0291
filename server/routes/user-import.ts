import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ok, readBody } from '../lib/envelope.ts';
import { validationError } from '../http-error.ts';
import { hashForImport } from '../lib/passwords.ts';
import { startImportJob } from '../lib/import-jobs.ts';
import { readSpreadsheet, recordsOf, RowErrors } from '../lib/spreadsheet.ts';
import { requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import { userRowProblems } from '../../src/common/contract/rules.ts';
import { SHEET_MAX_ROWS, USER_IMPORT_COLUMNS } from '../../src/common/sheet-rules.ts';
import { EMAIL_MAX_LENGTH } from '../../src/common/email.ts';
import * as q from '../db/queries/users.ts';
import * as roles from '../db/queries/roles.ts';
import { nextTurn, WORK_SLICE } from '../lib/next-turn.ts';

/** The 409 answer while the same user's previous import is still queued or running. */
export const USER_IMPORT_BUSY = 'Your previous user import is still running. Wait until it has finished, then import again.';


/**
 * POST user/import (admin-area §2, §7; DESIGN.md §4), mounted at /user before routes/users.ts:
 * needs the Users screen and ability `users.import`. Multipart `file`, .csv or .xlsx with the
 * columns of USER_IMPORT_COLUMNS (role by name; a blank password invites the user, issue 20 §3:
 * nothing to hash, its invitation queued with it). Every row is checked first (password rule of
 * src/common/password.ts; only roles the caller may assign); any problem answers 422 on `file`
 * naming the rows (the first 20) and nothing is written. A clean sheet becomes a background job:
 * the answer is `data { job_id }` at once ("The import has started."); the job hashes the
 * passwords (lib/hash-slots.ts bound), then writes every user in one transaction and ends with
 * the message "N users imported successfully." (GET import-job/{id}).
 * 409 while the same user's previous import is still queued or running. Each imported user
 * records the job's id (users.import_job_id), which the Users list filters by (`import_job`).
 *
 * POST user/import/check (issue 22 item 4), same guards: form field `emails`, one address a
 * line (at most SHEET_MAX_ROWS lines of at most EMAIL_MAX_LENGTH characters, else 422 on `emails`), answers
 * `data { taken }`, those already stored, lower-case: the preview's one request.
 */
export const userImportRoutes = new Hono<AppEnv>()
  .post('/import', requireUser, requireScreen('users'), requireAbility('users.import'), async (c) => {
    const sql = c.var.sql;
    const body = await readBody(c);
    const records = await recordsOf(await readSpreadsheet(body.file), USER_IMPORT_COLUMNS);
    const byName = new Map((await roles.allRoles(sql)).map((r) => [r.name.toLowerCase(), r]));
    const stored = await q.storedEmails(sql, records.map((r) => r.values.email));
    const assignable = await c.var.user.assignable();
    const ctx = { firstRowOf: new Map<string, number>(), stored, roles: { roles: byName, assignable } };
    const errors = new RowErrors();
    for (const [i, { row, values: v }] of records.entries()) {
      // 50,000 rows of checks would hold the event loop for tens of ms in one go.
      if (i > 0 && i % WORK_SLICE === 0) await nextTurn();
      const problems = userRowProblems(row, v, ctx);
      if (problems.length) errors.add(row, problems.join(' '));
    }
    errors.throwIfAny();
    const users = records.map((r) => ({ name: r.values.name, email: r.values.email, password: r.values.password, roleId: byName.get(r.values.role.toLowerCase())!.id }));
    const jobId = await startImportJob(sql, {
      kind: 'users', ownerKey: `user:${c.var.user.id}`, userId: c.var.user.id, rowsTotal: users.length, passwordsTotal: users.filter((u) => u.password).length, busyMessage: USER_IMPORT_BUSY,
    }, async (job) => {
      // Only given passwords are hashed; a blank one is an invitation, queued by insertUser with the user (issue 20 §3).
      const given = await hashForImport(users.filter((u) => u.password).map((u) => u.password), job.hashed);
      let next = 0;
      const hashes = users.map((u) => (u.password ? given[next++] : ''));
      await sql.transaction(async (tx) => {
        for (let i = 0; i < users.length; i++) {
          const u = users[i];
          await q.insertUser(tx, { name: u.name, email: u.email, passwordHash: hashes[i], roleId: u.roleId, importJobId: job.id });
          job.written(1);
          // Let other requests in between batches (the transaction keeps them off the database);
          // a user is three writes with their triggers, so a batch is a fifth of a slice.
          if (i % (WORK_SLICE / 5) === WORK_SLICE / 5 - 1) await nextTurn();
        }
        const n = users.length;
        await job.done(tx, `${n} user${n === 1 ? '' : 's'} imported successfully.`);
      });
      c.var.mailer.wake();
    });
    return ok(c, { job_id: jobId }, 'The import has started.');
  })
  .post('/import/check', requireUser, requireScreen('users'), requireAbility('users.import'), async (c) => {
    const body = await readBody(c);
    const text = body.emails;
    const list = typeof text === 'string' && text.length <= SHEET_MAX_ROWS * (EMAIL_MAX_LENGTH + 2) ? text.split('\n') : null;
    if (!list || list.length > SHEET_MAX_ROWS || list.some((e) => e.length > EMAIL_MAX_LENGTH + 1)) {
      throw validationError({ emails: [`The emails must be at most ${SHEET_MAX_ROWS.toLocaleString('en-US')} addresses of up to ${EMAIL_MAX_LENGTH} characters, one a line.`] });
    }
    const emails = [...new Set(list.map((e) => e.trim()).filter((e) => e !== ''))];
    return ok(c, { taken: [...(await q.storedEmails(c.var.sql, emails))] });
  });
