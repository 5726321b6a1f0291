import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ok, readBody } from '../lib/http/envelope.ts';
import { validationError } from '../http-error.ts';
import { readSpreadsheet, recordsOf } from '../lib/spreadsheets/spreadsheet.ts';
import { requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import { SHEET_MAX_ROWS, USER_IMPORT_COLUMNS } from '../../src/common/sheet-rules.ts';
import { EMAIL_MAX_LENGTH } from '../../src/common/email.ts';
import * as users from '../services/users.ts';


/**
 * POST user/import (admin-area §2, §7; DESIGN.md §4), mounted at /user before routes/users.ts:
 * needs the Users screen and ability `users.import`. Multipart `file`, .csv or .xlsx with the
 * columns of USER_IMPORT_COLUMNS (role by name; a blank password invites the user, issue 20 §3:
 * nothing to hash, its invitation queued with it). Every row is checked first (password rule of
 * src/common/password.ts; only roles the caller may assign); any problem answers 422 on `file`
 * naming the rows (the first 20) and nothing is written. A clean sheet becomes a background job:
 * the answer is `data { job_id }` at once ("The import has started."); the job hashes the
 * passwords (lib/auth/hash-slots.ts bound), then writes every user in one transaction and ends with
 * the message "N users imported successfully." (GET import-job/{id}).
 * 409 while the same user's previous import is still queued or running (services/users.ts holds
 * the checks and the job; this route reads the sheet and answers). Each imported user
 * records the job's id (users.import_job_id), which the Users list filters by (`import_job`).
 *
 * POST user/import/check (issue 22 item 4), same guards: form field `emails`, one address a
 * line (at most SHEET_MAX_ROWS lines of at most EMAIL_MAX_LENGTH characters, else 422 on `emails`), answers
 * `data { taken }`, those already stored, lower-case: the preview's one request.
 */
export const userImportRoutes = new Hono<AppEnv>()
  .post('/import', requireUser, requireScreen('users'), requireAbility('users.import'), async (c) => {
    const records = await recordsOf(await readSpreadsheet((await readBody(c)).file), USER_IMPORT_COLUMNS);
    return ok(c, { job_id: await users.importUsers(c.var.sql, c.var.user, records, () => c.var.mailer.wake()) }, 'The import has started.');
  })
  .post('/import/check', requireUser, requireScreen('users'), requireAbility('users.import'), async (c) => {
    const body = await readBody(c);
    const text = body.emails;
    const list = typeof text === 'string' && text.length <= SHEET_MAX_ROWS * (EMAIL_MAX_LENGTH + 2) ? text.split('\n') : null;
    if (!list || list.length > SHEET_MAX_ROWS || list.some((e) => e.length > EMAIL_MAX_LENGTH + 1)) {
      throw validationError({ emails: [`The emails must be at most ${SHEET_MAX_ROWS.toLocaleString('en-US')} addresses of up to ${EMAIL_MAX_LENGTH} characters, one a line.`] });
    }
    return ok(c, { taken: await users.takenEmails(c.var.sql, list) });
  });
